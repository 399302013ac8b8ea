export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** YYYY-MM in UTC: the free tier's credit period. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The start of the calendar month (UTC) of `date`: team members' caps count pool use from here. */
export function monthStartOf(date: Date): Date {
  return new Date(`${periodOf(date)}-01T00:00:00.000Z`);
}
