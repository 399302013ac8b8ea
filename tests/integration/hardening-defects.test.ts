/**
 * Bad input and failures (docs/product.md#bad-input-and-failures): each defect the attack run found, reproduced (each of these failed on the code before
 * the fix). Process-level defects (kill -9 during Enrich, SIGTERM with open streams) are in
 * crash-recovery.test.ts.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas/enrich';
import type { StreamLine } from '@shared/schemas/icebreak';
import { systemClock } from '../../server/src/clock';
import { icebreakHistory, users } from '../../server/src/db/schema';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { NO_ENRICHMENT_MESSAGE } from '../../server/src/features/enrich/enrich-routes';
import { createOfflineGenerator } from '../../server/src/features/generation/offline-generator';
import { createOpenAiGenerator } from '../../server/src/features/generation/openai-generator';
import type { TextGenerator } from '../../server/src/features/generation/text-generator';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { deliver, FAKE_PRICES, startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';

const DESCRIPTION = 'Jane Doe, CTO at Acme in Berlin';
const LEAD: Lead = { id: 'lead-hardening-1', First_Name: 'Jane', Last_Name: 'Doe', Company: 'Acme', Designation: 'CTO', City: 'Berlin' };
const json = { 'Content-Type': 'application/json' };

async function userRow(app: TestApp, email: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

/** Balance, ledger sum and items still processing of a user: the books must balance. */
async function books(app: TestApp, user: TestUser) {
  const row = await userRow(app, user.email);
  const credits = createCreditsService(app.database.db, systemClock);
  const processing = await app.database.db.select().from(icebreakHistory).where(eq(icebreakHistory.userId, row.id));
  return {
    balance: (await app.client(user).getCredits(user.email)).credits,
    ledger: await credits.ledgerSum(row.id),
    processing: processing.filter((r) => r.status === 'processing').length,
  };
}

/** A writer whose text holds what PostgreSQL cannot store (a lone surrogate, a NUL). */
const unstorableWriter: TextGenerator = {
  ...createOfflineGenerator(),
  async *icebreak() {
    yield { section: 0, content: '- Ask about Berlin \ud800 and\u0000 robots\n' };
    yield { section: 1, content: '- Keep it short \ud83d' };
    yield { section: 1, content: '\ude00 (a pair split across chunks stays a pair)\n' };
  },
};

describe.each(databaseTargets())('defect 1 on $name: text that cannot be stored', (target) => {
  let db: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    db = await target.open();
    app = await startTestApp({ database: db, deps: { generator: unstorableWriter } });
    user = await app.signUp('Surrogate Sam');
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  it('a lone surrogate in the goal → 400 naming the goal, nothing charged, no history item', async () => {
    const res = await app.fetch('/api/search', {
      method: 'POST',
      user,
      headers: json,
      body: `{"profileUrl":"${DESCRIPTION}","email":"${user.email}","goal":"\\ud800"}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.unsafeText('The goal'));
    expect(await books(app, user)).toEqual({ balance: FREE_MONTHLY_CREDITS, ledger: FREE_MONTHLY_CREDITS, processing: 0 });
    expect(await app.client(user).getHistory(user.email)).toEqual([]);
  });

  it('generated text that cannot be stored as is: stored cleaned, the stream ends with its done line, Ready, charged once', async () => {
    const lines = await collectLines(await app.client(user).searchPost({ profileUrl: DESCRIPTION, email: user.email }));
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ done: true, errorMessage: null });
    const item = (await app.client(user).getInsights(last.historyId!, user.email)).historyItem!;
    expect(item.status).toBe('Ready');
    expect(item.insightsText[0]).toBe('- Ask about Berlin \uFFFD and robots');
    expect(item.insightsText[1]).toBe('- Keep it short \ud83d\ude00 (a pair split across chunks stays a pair)');
    expect(await books(app, user)).toEqual({ balance: FREE_MONTHLY_CREDITS - 1, ledger: FREE_MONTHLY_CREDITS - 1, processing: 0 });
  });
});

describe('defects 2, 5, 6 and 7 in one app', () => {
  let app: TestApp;
  let a: TestUser;
  let b: TestUser;
  const logLines: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );

  beforeAll(async () => {
    app = await startTestApp({ deps: { logger } });
    [a, b] = await Promise.all([app.signUp('Alice Able'), app.signUp('Bob Baker')]);
  });
  afterAll(() => app?.close());

  it('defect 2: NUL bytes in every kind of input → 400 naming the field (never 500, never a 502 blaming the service)', async () => {
    const email = encodeURIComponent(a.email);
    const cases: { method: string; path: string; body?: unknown; field: string }[] = [
      {
        method: 'PUT',
        path: `/api/user/settings/${email}`,
        body: { name: 'Alice', aboutMe: 'a\u0000b', contentPreferences: 'short' },
        field: 'About me',
      },
      { method: 'GET', path: `/api/search?profileUrl=Jane%00&email=${email}`, field: 'The description' },
      { method: 'GET', path: '/api/enrich/%00', field: 'The lead id' },
      { method: 'GET', path: `/api/icebreak/insights/%00?email=${email}`, field: 'The history item id' },
      { method: 'POST', path: '/api/users', body: { name: 'Al\u0000ice', email: a.email, firebaseUid: a.uid }, field: 'Name' },
      { method: 'POST', path: '/api/search', body: { profileUrl: DESCRIPTION, email: a.email, goal: 'demo\u0000' }, field: 'The goal' },
      { method: 'POST', path: '/api/enrich', body: { lead: { ...LEAD, id: 'x\u0000y' }, outputs: ['linkedin_dm'] }, field: 'The lead id' },
      {
        method: 'POST',
        path: '/api/enrich',
        body: { lead: { ...LEAD, Company: 'Ac\u0000me' }, outputs: ['linkedin_dm'] },
        field: "The lead's Company",
      },
      { method: 'GET', path: `/api/user/%00`, field: 'firebaseUid' },
      { method: 'GET', path: `/api/user-credits/a%00b`, field: 'The e-mail address' },
    ];
    for (const c of cases) {
      const res = await app.fetch(c.path, {
        method: c.method,
        user: a,
        headers: json,
        ...(c.body ? { body: JSON.stringify(c.body) } : {}),
      });
      const body = (await res.json()) as { message: string };
      expect({ path: c.path, status: res.status, message: body.message }).toEqual({
        path: c.path,
        status: 400,
        message: MESSAGES.unsafeText(c.field),
      });
    }
    expect(await books(app, a)).toEqual({ balance: FREE_MONTHLY_CREDITS, ledger: FREE_MONTHLY_CREDITS, processing: 0 });
  });

  it('defect 2: a URL over 16 KB → a JSON 4xx message, not a bare 431', async () => {
    const res = await app.fetch(`/api/search?profileUrl=${'x'.repeat(20_000)}&email=${encodeURIComponent(a.email)}`, { user: a });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: MESSAGES.requestTooLarge, code: 'payload_too_large' });
  });

  it('defect 6: GET /api/enrich/{leadId} answers the same 404 whether nobody or a colleague enriched the lead', async () => {
    await app.client(a).enrich({ lead: LEAD, outputs: ['linkedin_dm'] });
    const colleagues = await app.fetch(`/api/enrich/${LEAD.id}`, { user: b });
    const nobodys = await app.fetch('/api/enrich/lead-nobody-enriched', { user: b });
    expect([colleagues.status, await colleagues.json()]).toEqual([404, { message: NO_ENRICHMENT_MESSAGE, code: 'not_found' }]);
    expect([nobodys.status, await nobodys.json()]).toEqual([404, { message: NO_ENRICHMENT_MESSAGE, code: 'not_found' }]);
    expect((await app.client(a).getEnrichment(LEAD.id)).linkedin_dm).toBeDefined();
  });

  it('defect 7: a database error is logged without the request text (no description, no goal)', async () => {
    // A constraint makes this one insert fail, as any database error would.
    await app.database.raw.exec(`ALTER TABLE icebreak_history ADD CONSTRAINT hardening_refuse CHECK (description NOT LIKE '%REFUSE-ME%')`);
    logLines.length = 0;
    const res = await app.fetch('/api/search', {
      method: 'POST',
      user: a,
      headers: json,
      body: JSON.stringify({ profileUrl: 'REFUSE-ME SECRET-DESCRIPTION Jane Doe, CTO at Acme', email: a.email, goal: 'SECRET-GOAL' }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: MESSAGES.internal, code: 'internal' });
    const logged = logLines.join('');
    expect(logged).toMatch(/"msg":"unhandled error"/);
    // The failed statement is named (the charge writes the item inside its debit's statement), its parameters are not.
    expect(logged).toMatch(/Failed query: [^"]*insert into .{1,4}icebreak_history/i);
    expect(logged).not.toMatch(/SECRET-/);
    expect(logged).not.toContain(a.email);
    expect(await books(app, a)).toMatchObject({ processing: 0 });
  });
});

describe('defects 4 and 5: upstream that never ends, or never stops', () => {
  let fake: FakeOpenAi;
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await startTestApp({
      env: { LLM_TIMEOUT_MS: '1500', LLM_DEADLINE_MS: '4000', LLM_MAX_OUTPUT_CHARS: '5000', STALE_WORK_AFTER_MS: '60000' },
      // The client's own idle timer is long and reset by any byte, as in the attack run.
      deps: { generator: createOpenAiGenerator({ baseUrl: fake.url, model: 'fake-model', idleTimeoutMs: 30_000, retryBaseMs: 10 }) },
    });
    user = await app.signUp('Kim Keepalive');
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function analyse(): Promise<{ lines: StreamLine[]; ms: number }> {
    const started = Date.now();
    const lines = await collectLines(await app.client(user).searchPost({ profileUrl: DESCRIPTION, email: user.email }));
    return { lines, ms: Date.now() - started };
  }

  it('defect 4: one chunk, then a keep-alive comment every 200 ms → the stream ends with an error line, refunded, upstream closed', async () => {
    fake.enqueue({ chunks: ['[[section:0]]\n', '- Ask about Berlin\n'], keepAliveEveryMs: 200 });
    const { lines, ms } = await analyse();
    expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: PORTAL_MESSAGES.analysisError });
    expect(ms).toBeLessThan(4000);
    const last = fake.requests.at(-1)!;
    await last.closed;
    expect(last.closedEarly).toBe(true);
    expect(await books(app, user)).toEqual({ balance: FREE_MONTHLY_CREDITS, ledger: FREE_MONTHLY_CREDITS, processing: 0 });
  });

  it('defect 4: text that keeps coming slowly stops at the overall deadline', async () => {
    const chunks = ['[[section:0]]\n', ...Array.from({ length: 100 }, (_, i) => `- point ${i}\n`)];
    fake.enqueue({ chunks, chunkDelayMs: 250 });
    const { lines, ms } = await analyse();
    expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: PORTAL_MESSAGES.analysisError });
    expect(ms).toBeGreaterThanOrEqual(3500);
    expect(ms).toBeLessThan(7000);
    expect(await books(app, user)).toEqual({ balance: FREE_MONTHLY_CREDITS, ledger: FREE_MONTHLY_CREDITS, processing: 0 });
  });

  it('defect 5: an upstream streaming 2 MB → the output stops at LLM_MAX_OUTPUT_CHARS, the stored result is bounded', async () => {
    const chunks = ['[[section:0]]\n', ...Array.from({ length: 2000 }, () => `${'w'.repeat(999)}\n`)];
    // Paced (2 ms a chunk, 4 s for all): the fake does not wait for the socket to drain.
    fake.enqueue({ chunks, chunkDelayMs: 2 });
    const { lines } = await analyse();
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ done: true, errorMessage: null });
    const streamed = lines.reduce((n, l) => n + l.content.length, 0);
    expect(streamed).toBeLessThanOrEqual(5000);
    const item = (await app.client(user).getInsights(last.historyId!, user.email)).historyItem!;
    expect(item.insightsText.join('').length).toBeLessThanOrEqual(5000);
    expect(item.insightsText.join('').length).toBeGreaterThan(3000);
    const request = fake.requests.at(-1)!;
    await request.closed;
    expect(request.closedEarly).toBe(true);
    expect(await books(app, user)).toEqual({ balance: FREE_MONTHLY_CREDITS - 1, ledger: FREE_MONTHLY_CREDITS - 1, processing: 0 });
  });

  it('defect 5: an Enrich answer over the cap → 502, refunded, nothing stored', async () => {
    const huge = JSON.stringify({ connectionNote: 'Hi Jane', message: 'm'.repeat(20_000) });
    fake.enqueue({ chunks: [huge] });
    const res = await app.fetch('/api/enrich', {
      method: 'POST',
      user,
      headers: json,
      body: JSON.stringify({ lead: { ...LEAD, id: 'lead-cap' }, outputs: ['linkedin_dm'] }),
    });
    expect(res.status).toBe(502);
    expect((await app.fetch('/api/enrich/lead-cap', { user })).status).toBe(404);
    expect(await books(app, user)).toMatchObject({ balance: FREE_MONTHLY_CREDITS - 1, ledger: FREE_MONTHLY_CREDITS - 1 });
  });
});

describe('defect 4: a Stripe API that never answers', () => {
  const SECRET = 'whsec_hardening';
  let stripe: FakeStripe;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startTestApp({ env: { ...stripe.env(SECRET), STRIPE_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('checkout fails fast with a clear 502; the webhook answers 502 and is applied exactly once when redelivered', async () => {
    const user = await app.signUp('Hana Hang');
    // A first checkout while Stripe answers: the customer exists, so the webhook below concerns it.
    const { url } = await app.client(user).createCheckout({ email: user.email, priceId: FAKE_PRICES.starter });
    const paid = stripe.completeCheckout(url.split('/').pop()!);

    stripe.hang(true);
    let started = Date.now();
    const res = await app.fetch('/api/subscription/checkout', {
      method: 'POST',
      user,
      headers: json,
      body: JSON.stringify({ email: user.email, priceId: FAKE_PRICES.professional }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      message: 'The payment provider could not be reached. Please try again in a moment.',
      code: 'upstream_unavailable',
    });
    expect(Date.now() - started).toBeLessThan(6000);

    started = Date.now();
    const hung = await deliver(app.url, paid.events.invoicePaid, SECRET);
    expect(hung.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(6000);
    expect((await app.client(user).getUser(user.uid)).plan).toBe('free');

    stripe.hang(false);
    const applied = await deliver(app.url, paid.events.invoicePaid, SECRET);
    expect(await applied.json()).toEqual({ received: true, outcome: 'applied' });
    const again = await deliver(app.url, paid.events.invoicePaid, SECRET);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await app.client(user).getUser(user.uid)).plan).toBe('starter');
  });
});
