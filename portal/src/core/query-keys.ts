/** One place for the query keys several screens share (invalidation must hit the same key). */
export const queryKeys = {
  user: (uid: string) => ['user', uid] as const,
  credits: (email: string) => ['credits', email] as const,
  history: (email: string) => ['history', email] as const,
  settings: (email: string) => ['settings', email] as const,
  subscription: (email: string) => ['subscription', email] as const,
  outboundCalls: ['outbound-calls'] as const,
  reminderUsers: ['reminder-users'] as const,
  reminderPreferences: (uid: string) => ['reminder-preferences', uid] as const,
};
