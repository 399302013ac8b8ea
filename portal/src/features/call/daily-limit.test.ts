import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/client';
import { dailyLimitReset, nextCallText } from './daily-limit';

describe('the daily-limit reset time', () => {
  const now = new Date('2026-11-25T16:00:00Z');
  const retryAt = new Date('2026-11-26T09:30:00Z');

  it('is said in the given time zone, with its name and the wait', () => {
    expect(nextCallText(retryAt, now, 'America/New_York')).toBe('Your next call is possible on Thu, Nov 26, 4:30 AM EST (in 17 h 30 min).');
    expect(nextCallText(retryAt, now, 'Asia/Tokyo')).toBe('Your next call is possible on Thu, Nov 26, 6:30 PM GMT+9 (in 17 h 30 min).');
  });

  it("is read from a 429's retryAt, and only from there", () => {
    const body = JSON.stringify({ message: 'limit', code: 'rate_limited', retryAt: retryAt.toISOString() });
    expect(dailyLimitReset(new ApiError(429, body))).toEqual(retryAt);
    expect(dailyLimitReset(new ApiError(409, body))).toBeNull();
    expect(dailyLimitReset(new ApiError(429, JSON.stringify({ message: 'limit' })))).toBeNull();
    expect(dailyLimitReset(new ApiError(429, 'not json'))).toBeNull();
  });
});
