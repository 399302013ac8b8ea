/** A formatter made on first use: each costs milliseconds to build, and screens import this module before they show a date. */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', options));
}
const DATE_TIME = formatter({ dateStyle: 'medium', timeStyle: 'short' });
// Days in UTC, as the server counts periods and days.
const LONG_DATE = formatter({ year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const SHORT_DAY = formatter({ month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A stored timestamp as a date and time ('Nov 21, 2026, 6:40 AM'); text that is no date is shown as it is. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : DATE_TIME().format(d);
}

/** 'November 23, 2026' for an ISO instant; text that is no date is shown as it is. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : LONG_DATE().format(d);
}

/** 'November 23, 2026' for Unix seconds (Stripe's timestamps). */
export const formatUnixDate = (seconds: number) => LONG_DATE().format(new Date(seconds * 1000));

/** 'Nov 23' for a YYYY-MM-DD day. */
export const formatShortDay = (day: string) => SHORT_DAY().format(new Date(`${day}T00:00:00Z`));
