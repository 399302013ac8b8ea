import type { ReminderFrequency } from '@shared/schemas/reminders';

/** What decides when a user's reminders are due. */
export interface ReminderSchedule {
  callFrequency: ReminderFrequency;
  /** 0 = Sunday … 6 = Saturday; used for weekly. */
  weekday: number | null;
  /** HH:MM, the user's wall-clock time. */
  preferredCallTime: string;
  /** IANA zone. */
  userTimezone: string;
}

const DAY_MS = 86_400_000;
/** Weekly is the sparsest frequency: a due slot is always within the last or next 8 local days. */
const SEARCH_DAYS = 8;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading in `zone` at instant `t` (ms), as if it were UTC (for calendar arithmetic). */
function wallClockAsUtc(zone: string, t: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(t))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at instant `t`, in ms (positive east of Greenwich). */
export function zoneOffsetMs(zone: string, t: number): number {
  const whole = Math.floor(t / 1000) * 1000;
  return wallClockAsUtc(zone, whole) - whole;
}

/**
 * The instant of a wall-clock time in `zone`. Like Temporal's 'compatible' disambiguation: a time
 * that occurs twice (clocks go back) is the earlier one; a time skipped by the clocks going forward
 * is moved forward by the gap (02:30 on a spring-forward night becomes 03:30).
 */
export function zonedTimeToInstant(zone: string, wall: WallTime): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Offsets a day either side cover any transition on this day (zones change at most once a day).
  const before = zoneOffsetMs(zone, asUtc - DAY_MS);
  const after = zoneOffsetMs(zone, asUtc + DAY_MS);
  const matches = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((t) => wallClockAsUtc(zone, t) === asUtc)
    .sort((a, b) => a - b);
  if (matches.length) return matches[0]!;
  // In the gap: the offset in force before the jump carries the wall time past it.
  return asUtc - before;
}

function isDueOn(schedule: ReminderSchedule, dayOfWeek: number): boolean {
  switch (schedule.callFrequency) {
    case 'daily':
      return true;
    case 'weekdays':
      return dayOfWeek >= 1 && dayOfWeek <= 5;
    case 'weekly':
      return dayOfWeek === schedule.weekday;
  }
}

/** The slot instants on the local days from `fromDay` to `toDay` (offsets from the local date of `now`). */
function slotsAround(schedule: ReminderSchedule, now: Date, fromDay: number, toDay: number): number[] {
  const [hour, minute] = schedule.preferredCallTime.split(':').map(Number) as [number, number];
  const today = new Date(wallClockAsUtc(schedule.userTimezone, now.getTime()));
  const slots: number[] = [];
  for (let offset = fromDay; offset <= toDay; offset++) {
    // Calendar arithmetic on a UTC date: no zone rules involved, so every step is one local day.
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset));
    if (!isDueOn(schedule, day.getUTCDay())) continue;
    slots.push(
      zonedTimeToInstant(schedule.userTimezone, {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour,
        minute,
      }),
    );
  }
  return slots;
}

/** The first reminder strictly after `now`. */
export function nextSlotAfter(schedule: ReminderSchedule, now: Date): Date {
  const next = slotsAround(schedule, now, -1, SEARCH_DAYS).find((t) => t > now.getTime());
  if (next === undefined) throw new Error('no reminder slot in the next 8 days');
  return new Date(next);
}

/** The most recent reminder at or before `now` (null if none in the last 8 days). */
export function lastSlotAtOrBefore(schedule: ReminderSchedule, now: Date): Date | null {
  const past = slotsAround(schedule, now, -SEARCH_DAYS, 1).filter((t) => t <= now.getTime());
  return past.length ? new Date(past[past.length - 1]!) : null;
}
