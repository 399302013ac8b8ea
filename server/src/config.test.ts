import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_REMINDER_TOKEN_SECRET, loadConfig } from './config';

describe('configuration', () => {
  it('has embedded defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8787,
      DATA_DIR: '.data',
      FIREBASE_PROJECT_ID: 'demo-icebreak',
      PUBLIC_URL: 'http://localhost:8787',
      NEWS_PROVIDER: 'none',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.CORS_ORIGINS).toEqual([]);
  });

  it('splits lists and lower-cases admin e-mails', () => {
    const c = loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example', ADMIN_EMAILS: 'Boss@Example.com' });
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.ADMIN_EMAILS).toEqual(['boss@example.com']);
  });

  it('names every wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LLM_BASE_URL: 'ftp://x' })).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres:\/\/ URL\n.*LLM_BASE_URL: must be an http\(s\) URL/,
    );
  });

  it('refuses the Auth emulator in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production/,
    );
  });

  it('refuses any non-empty emulator host in production, blanks included (firebase-admin reads the raw value)', () => {
    for (const value of [' ', '\t', ' 127.0.0.1:9099 ']) {
      expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: value })).toThrow(
        /FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production/,
      );
    }
    const production = { NODE_ENV: 'production', REMINDER_TOKEN_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: ' 127.0.0.1:9099 ' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
  });

  it('production refuses a missing or the published development REMINDER_TOKEN_SECRET (forgeable unsubscribe links)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/REMINDER_TOKEN_SECRET: is required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', REMINDER_TOKEN_SECRET: DEVELOPMENT_REMINDER_TOKEN_SECRET })).toThrow(
      /REMINDER_TOKEN_SECRET: must not be the published development value when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', REMINDER_TOKEN_SECRET: 'p'.repeat(40) }).REMINDER_TOKEN_SECRET).toBe('p'.repeat(40));
    // Development keeps its embedded default.
    expect(loadConfig({}).REMINDER_TOKEN_SECRET).toBe(DEVELOPMENT_REMINDER_TOKEN_SECRET);
  });

  it('bounds BODY_LIMIT (1b to 1mb)', () => {
    expect(loadConfig({ BODY_LIMIT: '1mb' }).BODY_LIMIT).toBe('1mb');
    expect(loadConfig({ BODY_LIMIT: '512KB' }).BODY_LIMIT).toBe('512KB');
    for (const tooBig of ['2mb', '1025kb', '5000000b', '0kb']) {
      expect(() => loadConfig({ BODY_LIMIT: tooBig })).toThrow(/BODY_LIMIT: must be between 1b and 1mb/);
    }
  });

  it('wants the webhook secret with the Stripe key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
  });
});
