const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'November 23, 2026' for an ISO instant (UTC, as the server counts periods). */
export const formatDate = (iso: string) => DATE.format(new Date(iso));
