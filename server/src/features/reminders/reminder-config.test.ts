import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('reminder configuration', () => {
  it('defaults: scheduler on, every minute, a development secret', () => {
    const c = loadConfig({});
    expect(c.REMINDERS_ENABLED).toBe(true);
    expect(c.REMINDER_CRON).toBe('* * * * *');
    expect(c.REMINDER_TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ REMINDERS_ENABLED: 'false' }).REMINDERS_ENABLED).toBe(false);
  });

  it('production must set its own signing secret, of at least 32 characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/REMINDER_TOKEN_SECRET: is required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', REMINDER_TOKEN_SECRET: 'short' })).toThrow(
      /REMINDER_TOKEN_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({ NODE_ENV: 'production', REMINDER_TOKEN_SECRET: 'k'.repeat(32) }).REMINDER_TOKEN_SECRET).toBe('k'.repeat(32));
  });

  it('refuses a pattern that is not cron and a flag that is not true/false', () => {
    expect(() => loadConfig({ REMINDER_CRON: 'every minute' })).toThrow(/REMINDER_CRON: must be a cron pattern/);
    expect(() => loadConfig({ REMINDERS_ENABLED: 'yes' })).toThrow(/REMINDERS_ENABLED: must be true or false/);
  });
});
