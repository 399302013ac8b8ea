import { describe, expect, it } from 'vitest';
import { lastSlotAtOrBefore, nextSlotAfter, zonedTimeToInstant, zoneOffsetMs, type ReminderSchedule } from './slots';

const daily = (time: string, zone = 'Europe/Berlin'): ReminderSchedule => ({
  callFrequency: 'daily',
  weekday: null,
  preferredCallTime: time,
  userTimezone: zone,
});
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('wall-clock time in a zone → instant', () => {
  it('Berlin is UTC+1 in winter and UTC+2 in summer', () => {
    expect(zoneOffsetMs('Europe/Berlin', Date.parse('2026-01-15T12:00:00Z'))).toBe(3_600_000);
    expect(zoneOffsetMs('Europe/Berlin', Date.parse('2026-07-15T12:00:00Z'))).toBe(7_200_000);
  });

  it('09:00 on the days the clocks change (2026-03-29 forward, 2026-10-25 back)', () => {
    expect(new Date(zonedTimeToInstant('Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(new Date(zonedTimeToInstant('Europe/Berlin', { year: 2026, month: 3, day: 28, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(new Date(zonedTimeToInstant('Europe/Berlin', { year: 2026, month: 10, day: 25, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-10-25T08:00:00.000Z',
    );
    expect(new Date(zonedTimeToInstant('Europe/Berlin', { year: 2026, month: 10, day: 24, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-10-24T07:00:00.000Z',
    );
  });

  it('a time the clocks skip (02:30 on 2026-03-29) moves forward past the gap, to 03:30 CEST', () => {
    expect(new Date(zonedTimeToInstant('Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 2, minute: 30 })).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('a time that happens twice (02:30 on 2026-10-25) is the first one, in CEST', () => {
    expect(new Date(zonedTimeToInstant('Europe/Berlin', { year: 2026, month: 10, day: 25, hour: 2, minute: 30 })).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('zones west of UTC, half-hour zones and the southern hemisphere', () => {
    // New York: DST starts 2026-03-08; Kolkata +05:30 all year; Sydney: DST ends 2026-04-05.
    expect(new Date(zonedTimeToInstant('America/New_York', { year: 2026, month: 3, day: 8, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(new Date(zonedTimeToInstant('America/New_York', { year: 2026, month: 3, day: 7, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    expect(new Date(zonedTimeToInstant('Asia/Kolkata', { year: 2026, month: 6, day: 1, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-06-01T03:30:00.000Z',
    );
    expect(new Date(zonedTimeToInstant('Australia/Sydney', { year: 2026, month: 4, day: 5, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-04-04T23:00:00.000Z',
    );
    expect(new Date(zonedTimeToInstant('Australia/Sydney', { year: 2026, month: 4, day: 4, hour: 9, minute: 0 })).toISOString()).toBe(
      '2026-04-03T22:00:00.000Z',
    );
  });
});

describe('next and last slot', () => {
  it('daily: the next slot is today if the time has not come, else tomorrow; the last is the one just past', () => {
    const s = daily('09:00');
    expect(iso(nextSlotAfter(s, at('2026-01-15T07:59:00Z')))).toBe('2026-01-15T08:00:00.000Z');
    expect(iso(nextSlotAfter(s, at('2026-01-15T08:00:00Z')))).toBe('2026-01-16T08:00:00.000Z');
    expect(iso(lastSlotAtOrBefore(s, at('2026-01-15T08:00:00Z')))).toBe('2026-01-15T08:00:00.000Z');
    expect(iso(lastSlotAtOrBefore(s, at('2026-01-15T07:59:59Z')))).toBe('2026-01-14T08:00:00.000Z');
  });

  it('across the spring-forward night the next slot is 23 h later', () => {
    const s = daily('09:00');
    expect(iso(nextSlotAfter(s, at('2026-03-28T08:00:00Z')))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(nextSlotAfter(s, at('2026-10-24T07:00:00Z')))).toBe('2026-10-25T08:00:00.000Z');
  });

  it('the local date decides, not the UTC date (23:30 in Berlin is 22:30 UTC the day before in winter)', () => {
    const s = daily('23:30');
    expect(iso(nextSlotAfter(s, at('2026-01-15T23:00:00Z')))).toBe('2026-01-16T22:30:00.000Z');
    const early = daily('00:15', 'Pacific/Auckland');
    expect(iso(nextSlotAfter(early, at('2026-01-15T00:00:00Z')))).toBe('2026-01-15T11:15:00.000Z');
  });

  it('weekdays: Friday is followed by Monday', () => {
    const s: ReminderSchedule = { ...daily('09:00'), callFrequency: 'weekdays' };
    // 2026-01-16 is a Friday.
    expect(iso(nextSlotAfter(s, at('2026-01-16T09:00:00Z')))).toBe('2026-01-19T08:00:00.000Z');
    expect(iso(lastSlotAtOrBefore(s, at('2026-01-18T12:00:00Z')))).toBe('2026-01-16T08:00:00.000Z');
  });

  it('weekly: only on its day (3 = Wednesday)', () => {
    const s: ReminderSchedule = { ...daily('18:45'), callFrequency: 'weekly', weekday: 3 };
    expect(iso(nextSlotAfter(s, at('2026-01-15T00:00:00Z')))).toBe('2026-01-21T17:45:00.000Z');
    expect(iso(lastSlotAtOrBefore(s, at('2026-01-15T00:00:00Z')))).toBe('2026-01-14T17:45:00.000Z');
  });
});
