import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys } from './keys';

/*
 * The team's data changes by other people's actions (a colleague joins, an admin assigns practice,
 * a member's practice call completes an assignment): each screen reads it anew when it opens,
 * as the call list does, instead of keeping what it read first until a reload.
 */

/** The caller's team (docs/product.md#teams), read by the nav, the Team page and the Call page's assigned practice. */
export const teamQuery = (api: Pick<ApiClient, 'getTeam'>, uid: string) =>
  queryOptions({ queryKey: queryKeys.team(uid), queryFn: () => api.getTeam(), refetchOnMount: 'always' });

export const teamInvitesQuery = (api: Pick<ApiClient, 'getTeamInvites'>, uid: string) =>
  queryOptions({ queryKey: queryKeys.teamInvites(uid), queryFn: () => api.getTeamInvites(), refetchOnMount: 'always' });

/** Not in a team answers 404: no retry, the screens then show nothing of it. */
export const teamAssignmentsQuery = (api: Pick<ApiClient, 'getAssignments'>, uid: string) =>
  queryOptions({ queryKey: queryKeys.teamAssignments(uid), queryFn: () => api.getAssignments(), retry: false, refetchOnMount: 'always' });

/** One month (YYYY-MM) of the team report; asked only for a whole month. */
export const teamReportQuery = (api: Pick<ApiClient, 'getTeamReport'>, uid: string, month: string) =>
  queryOptions({
    queryKey: queryKeys.teamReport(uid, month),
    queryFn: () => api.getTeamReport(month),
    enabled: /^\d{4}-\d{2}$/.test(month),
    refetchOnMount: 'always',
  });

/**
 * The pool that pays first for the caller's paid work, or null in no team (docs/product.md#team-credits).
 * Other members spend it too: read again when a screen that shows it opens, and after each paid answer.
 */
export const teamPoolQuery = (api: Pick<ApiClient, 'getTeamPool'>, uid: string) =>
  queryOptions({ queryKey: queryKeys.teamPool(uid), queryFn: async () => (await api.getTeamPool()).pool, refetchOnMount: 'always' });
/** The team plan (owner only; others get 403): no retry, the card then says why. */
export const teamBillingQuery = (api: Pick<ApiClient, 'getTeamBilling'>, uid: string) =>
  queryOptions({ queryKey: queryKeys.teamBilling(uid), queryFn: () => api.getTeamBilling(), retry: false, refetchOnMount: 'always' });
