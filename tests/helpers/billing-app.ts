import { afterAll, beforeAll } from 'vitest';
import type { DatabaseTarget } from './databases';
import { startTestApp, type TestApp } from './test-app';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';

export interface BillingApp {
  stripe: FakeStripe;
  db: Awaited<ReturnType<DatabaseTarget['open']>>;
  app: TestApp;
}

/**
 * Registers the suite's hooks: a fake Stripe, a fresh database on `target` and the app wired to
 * both (webhooks signed with `webhookSecret`). The fields are there from the suite's first test on.
 */
export function billingAppOn(target: DatabaseTarget, webhookSecret: string): BillingApp {
  const env = {} as BillingApp;
  beforeAll(async () => {
    env.stripe = await startFakeStripe();
    env.db = await target.open();
    env.app = await startTestApp({ env: { ...env.stripe.env(webhookSecret), PUBLIC_URL: 'http://portal.test' }, database: env.db });
  });
  afterAll(async () => {
    await env.app?.close();
    await env.db?.dispose();
    await env.stripe?.close();
  });
  return env;
}
