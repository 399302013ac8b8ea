/** One place for the query keys several screens share (invalidation must hit the same key). */
export const queryKeys = {
  user: (uid: string) => ['user', uid] as const,
  credits: (email: string) => ['credits', email] as const,
  history: (email: string) => ['history', email] as const,
  settings: (email: string) => ['settings', email] as const,
  subscription: (email: string) => ['subscription', email] as const,
  outboundCalls: ['outbound-calls'] as const,
  // Practice calls (docs/product.md#practice-calls).
  phone: (uid: string) => ['phone', uid] as const,
  scenarios: ['call-scenarios'] as const,
  calls: (uid: string) => ['calls', uid] as const,
  call: (uid: string, id: string) => ['calls', uid, id] as const,
  reminderUsers: ['reminder-users'] as const,
  reminderPreferences: (uid: string) => ['reminder-preferences', uid] as const,
  // The account (docs/product.md#settings-and-account): always the signed-in user's own.
  creditUsage: ['credit-usage'] as const,
  creditHistory: ['credit-history'] as const,
};
