import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys } from './keys';

/** The phone number saved for practice calls. */
export const phoneQuery = (api: Pick<ApiClient, 'getPhone'>, uid: string) =>
  queryOptions({ queryKey: queryKeys.phone(uid), queryFn: () => api.getPhone() });

/** The practice scenarios: they change only with a deploy. */
export const scenariosQuery = (api: Pick<ApiClient, 'getScenarios'>) =>
  queryOptions({ queryKey: queryKeys.scenarios, queryFn: () => api.getScenarios(), staleTime: 5 * 60_000 });

/** The caller's practice calls, newest first, a page at a time. */
export const callsQuery = (api: Pick<ApiClient, 'getCalls'>, uid: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.calls(uid),
    queryFn: ({ pageParam }) => api.getCalls({ before: pageParam, limit: pageSize }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    refetchOnMount: 'always',
  });

/** One of the caller's calls (under calls(uid), so a new call invalidates it with the list). */
export const callQuery = (api: Pick<ApiClient, 'getCall'>, uid: string, id: string) =>
  queryOptions({ queryKey: queryKeys.call(uid, id), queryFn: () => api.getCall(id) });

/** Admin: every outbound call, newest first; the next page starts before the last id shown. */
export const outboundCallsQuery = (api: Pick<ApiClient, 'getOutboundCalls'>, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.outboundCalls,
    queryFn: ({ pageParam }) => api.getOutboundCalls({ before: pageParam, limit: pageSize }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length < pageSize ? undefined : last.at(-1)?.id),
    refetchOnMount: 'always',
  });

/** Admin: the users with reminder e-mails on (the reminder test panel). */
export const reminderUsersQuery = (api: Pick<ApiClient, 'getEmailEnabledUsers'>) =>
  queryOptions({ queryKey: queryKeys.reminderUsers, queryFn: () => api.getEmailEnabledUsers() });
