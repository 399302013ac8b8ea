import type { EnrichQuoteRequest } from '../../schemas/enrich';

/**
 * Every cache key of the portal and the widget, in one place, so a mutation invalidates or updates
 * exactly what a screen reads. What belongs to the signed-in user sits under ['user', uid]: removing
 * that prefix on sign-out leaves nothing of theirs for the next person.
 */
export const queryKeys = {
  everyUser: ['user'] as const,
  user: (uid: string) => ['user', uid] as const,
  record: (uid: string) => ['user', uid, 'record'] as const,
  /** The one balance (docs/architecture.md#query-layer): every answer that carries it writes here. */
  balance: (uid: string) => ['user', uid, 'balance'] as const,
  creditUsage: (uid: string) => ['user', uid, 'credit-usage'] as const,
  creditHistory: (uid: string) => ['user', uid, 'credit-history'] as const,
  settings: (uid: string) => ['user', uid, 'settings'] as const,
  subscription: (uid: string) => ['user', uid, 'subscription'] as const,
  history: (uid: string) => ['user', uid, 'icebreak-history'] as const,
  phone: (uid: string) => ['user', uid, 'phone'] as const,
  calls: (uid: string) => ['user', uid, 'calls'] as const,
  call: (uid: string, id: string) => ['user', uid, 'calls', id] as const,
  reminderPreferences: (uid: string) => ['user', uid, 'reminder-preferences'] as const,
  enrichment: (uid: string, leadId: string) => ['user', uid, 'enrichment', leadId] as const,
  enrichQuote: (uid: string, request: EnrichQuoteRequest) => ['user', uid, 'enrich-quote', request] as const,
  /** The caller's team and everything read through it (invitations, assignments, reports): one invalidation refreshes all. */
  team: (uid: string) => ['user', uid, 'team'] as const,
  teamInvites: (uid: string) => ['user', uid, 'team', 'invites'] as const,
  teamAssignments: (uid: string) => ['user', uid, 'team', 'assignments'] as const,
  teamReport: (uid: string, month: string) => ['user', uid, 'team', 'report', month] as const,
  /** The pool that pays first for the caller's work (changed by any member's paid work). */
  teamPool: (uid: string) => ['user', uid, 'team', 'pool'] as const,
  teamBilling: (uid: string) => ['user', uid, 'team', 'billing'] as const,
  // Not one user's own: the same for every caller allowed to read them.
  scenarios: ['call-scenarios'] as const,
  outboundCalls: ['outbound-calls'] as const,
  reminderUsers: ['reminder-users'] as const,
};

/** Who the per-user queries are for: the uid keys the cache, the e-mail is what the compatibility routes take. */
export interface Owner {
  uid: string;
  email: string;
}
