import { ApiError } from '@shared/api/client';

/** The browser's own time zone (Intl), so the reset time reads as the user's local time. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** 'in 3 h 5 min' / 'in 12 min' (at least a minute). */
function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}

/** "Your next call is possible on Thu, Nov 26, 2:05 PM GMT+1 (in 3 h 5 min)." in the given time zone. */
export function nextCallText(retryAt: Date, now: Date, timeZone: string = browserTimeZone()): string {
  const when = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(retryAt);
  return `Your next call is possible on ${when} (in ${waitText(retryAt.getTime() - now.getTime())}).`;
}

/** The reset instant of a 429 over the daily limit (the server's `retryAt`), else null. */
export function dailyLimitReset(err: unknown): Date | null {
  if (!(err instanceof ApiError) || err.status !== 429) return null;
  try {
    const retryAt = (JSON.parse(err.body) as { retryAt?: unknown }).retryAt;
    const date = typeof retryAt === 'string' ? new Date(retryAt) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}
