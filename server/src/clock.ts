export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** YYYY-MM in UTC: the free tier's credit period. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
