import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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

  it('wants the webhook secret with the Stripe key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
  });
});
