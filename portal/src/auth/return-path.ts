/** Where sign-in returns to: the in-app path the gate remembered, else Icebreak. */
export const DEFAULT_RETURN_PATH = '/icebreak';

export function returnPathOf(state: unknown): string {
  const from = typeof state === 'object' && state && 'from' in state ? (state as { from: unknown }).from : undefined;
  // Only a path inside this app (never '//host' or a full URL), never back to /auth; '/' means no particular page.
  if (typeof from === 'string' && /^\/(?!\/)./.test(from) && !from.startsWith('/auth')) return from;
  return DEFAULT_RETURN_PATH;
}
