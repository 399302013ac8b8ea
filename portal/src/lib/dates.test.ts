import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDay, formatUnixDate } from './dates';

describe('dates', () => {
  it('formats days in UTC and leaves text that is no date as it is', () => {
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('November 23, 2026');
    expect(formatUnixDate(Date.UTC(2026, 10, 23) / 1000)).toBe('November 23, 2026');
    expect(formatShortDay('2026-11-23')).toBe('Nov 23');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('formats a timestamp as date and time, the same on every call', () => {
    const once = formatDateTime('2026-11-21T06:40:00Z');
    expect(once).toMatch(/^Nov 2[01], 2026, \d{1,2}:40\s[AP]M$/);
    expect(formatDateTime('2026-11-21T06:40:00Z')).toBe(once);
  });
});
