import { ApiError } from '@shared/api/client';

/** The text a person should read for a failed request: the server's message, else 'status: body'. */
export function errorText(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** True when the server has no such endpoint yet (404/501): the feature is not available here. */
export function isUnavailable(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 501);
}
