import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MONTHLY_CREDITS, LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas/enrich';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { systemClock } from '../../server/src/clock';
import type { TextGenerator } from '../../server/src/features/generation/text-generator';
import { createOfflineGenerator } from '../../server/src/features/generation/offline-generator';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { NO_ENRICHMENT_MESSAGE } from '../../server/src/features/enrich/enrich-routes';

const lead: Lead = {
  id: '3000000032096',
  First_Name: 'Maria',
  Last_Name: 'Lopez',
  Company: 'Northwind Logistics',
  Designation: 'Head of Operations',
  Industry: 'logistics',
  City: 'Rotterdam',
  Country: 'Netherlands',
  Description: 'Maria loves sailing and speaks at supply-chain meetups.',
};

let app: TestApp;
let a: TestUser;
let b: TestUser;

async function register(user: TestUser, name: string) {
  await app.client(user).registerUser({ name, email: user.email, firebaseUid: user.uid });
}

async function userId(email: string): Promise<string> {
  const [row] = await app.database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email.toLowerCase()]);
  return row!.id;
}

/** Bring a user's balance to n through the credits service (a ledger row, like any change). */
async function setBalance(email: string, n: number) {
  const credits = createCreditsService(app.database.db, systemClock);
  const id = await userId(email);
  await app.database.db.transaction((tx) => credits.setAllowance(tx, id, n, 'adjustment', 'test'));
}

beforeAll(async () => {
  app = await startTestApp();
  a = await createTestUser({ verified: true });
  b = await createTestUser({ verified: true });
  await register(a, 'Alice Seller');
  await register(b, 'Bob');
  await app.client(a).updateSettings(a.email, {
    name: 'Alice Seller',
    aboutMe: 'I run partnerships at RouteIQ, a route-planning platform for freight teams.',
    contentPreferences: 'Short and warm, no emojis.',
  });
});
afterAll(() => app.close());

describe('POST /api/enrich (offline writer)', () => {
  it('charges 1 credit per output and returns both outputs, personalised', async () => {
    const out = await app.client(a).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] });
    expect(out.creditsCharged).toBe(2);
    expect(out.credits).toBe(FREE_MONTHLY_CREDITS - 2);
    expect(out.result.generator).toBe('offline');
    const dm = out.result.linkedin_dm!;
    expect(dm.connectionNote.length).toBeLessThanOrEqual(LINKEDIN_CONNECTION_NOTE_MAX);
    expect(dm.connectionNote).toContain('Maria');
    expect(dm.message).toContain('Maria');
    expect(dm.message).toContain('Northwind Logistics');
    const script = out.result.cold_call_script!;
    expect(script.opener).toContain('Maria');
    expect(script.opener).toContain('Alice Seller');
    expect(script.discoveryQuestions.length).toBeGreaterThanOrEqual(3);
    expect(script.objectionHandling.length).toBeGreaterThanOrEqual(2);
    expect(script.close).toContain('Northwind Logistics');
    expect(await app.client(a).getCredits(a.email)).toEqual({ credits: FREE_MONTHLY_CREDITS - 2 });
  });

  it('stores the last results per lead: GET shows them without charging', async () => {
    const before = (await app.client(a).getCredits(a.email)).credits;
    const stored = await app.client(a).getEnrichment(lead.id);
    expect(stored.leadId).toBe(lead.id);
    expect(stored.linkedin_dm?.message).toContain('Maria');
    expect(stored.cold_call_script?.opener).toContain('Maria');
    expect((await app.client(a).getCredits(a.email)).credits).toBe(before);
  });

  it('asking for one output later keeps the other stored output', async () => {
    const out = await app.client(a).enrich({ lead: { ...lead, First_Name: 'Mia' }, outputs: ['linkedin_dm'] });
    expect(out.creditsCharged).toBe(1);
    expect(out.result.cold_call_script).toBeUndefined();
    const stored = await app.client(a).getEnrichment(lead.id);
    expect(stored.linkedin_dm?.message).toContain('Mia');
    expect(stored.cold_call_script?.opener).toContain('Maria');
  });

  it('2 outputs with 1 credit left → 402, nothing charged, nothing stored', async () => {
    const u = await createTestUser({ verified: true });
    await register(u, 'Una');
    await setBalance(u.email, 1);
    const id = await userId(u.email);
    const ledgerBefore = await createCreditsService(app.database.db, systemClock).ledgerSum(id);
    await expect(app.client(u).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] })).rejects.toThrow(
      `402: ${JSON.stringify({ message: MESSAGES.notEnoughCredits(2, 1), code: 'insufficient_credits' })}`,
    );
    expect(await app.client(u).getCredits(u.email)).toEqual({ credits: 1 });
    const credits = createCreditsService(app.database.db, systemClock);
    expect(await credits.ledgerSum(id)).toBe(ledgerBefore);
    expect(await credits.ledgerSum(id)).toBe(1);
    await expect(app.client(u).getEnrichment(lead.id)).rejects.toThrow(/^404: /); // A's result exists, U has none: the same 404 (docs/architecture.md#security-model)
    await expect(app.client(u).getEnrichment('no-such-lead')).rejects.toThrow(/^404: /);
  });

  it("another user cannot read a user's enrichment (the same 404 as no enrichment, so nobody learns which leads a colleague enriched)", async () => {
    await expect(app.client(b).getEnrichment(lead.id)).rejects.toThrow(
      `404: ${JSON.stringify({ message: NO_ENRICHMENT_MESSAGE, code: 'not_found' })}`,
    );
    await expect(app.client().getEnrichment(lead.id)).rejects.toThrow(/^401: /);
  });

  it('garbage input → 4xx with a message, never 5xx', async () => {
    const bad: unknown[] = [
      {},
      { lead: {}, outputs: ['linkedin_dm'] },
      { lead: { id: '' }, outputs: ['linkedin_dm'] },
      { lead, outputs: [] },
      { lead, outputs: ['poem'] },
      { lead, outputs: ['linkedin_dm', 'linkedin_dm'] },
      { lead: { ...lead, Company: 42 }, outputs: ['linkedin_dm'] },
      { lead: { ...lead, extra: { x: { nested: true } } }, outputs: ['linkedin_dm'] },
      { lead: { ...lead, Description: 'x'.repeat(100_000) }, outputs: ['linkedin_dm'] },
      [1, 2, 3],
      'just a string',
      null,
    ];
    for (const body of bad) {
      const res = await app.fetch('/api/enrich', {
        method: 'POST',
        user: a,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const json = (await res.json()) as { message: string };
      expect(json.message.length).toBeGreaterThan(0);
    }
    const raw = await app.fetch('/api/enrich', {
      method: 'POST',
      user: a,
      headers: { 'Content-Type': 'application/json' },
      body: '{"lead":',
    });
    expect(raw.status).toBe(400);
    const longId = await app.fetch(`/api/enrich/${'9'.repeat(500)}`, { user: a });
    expect(longId.status).toBe(400);
  });

  it('a generation failure refunds every credit of the request', async () => {
    const failing: TextGenerator = {
      ...createOfflineGenerator(),
      coldCallScript: async () => {
        throw new Error('upstream down');
      },
    };
    const other = await startTestApp({ database: app.database, deps: { generator: failing } });
    try {
      const u = await other.signUp('Fay');
      await expect(other.client(u).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] })).rejects.toThrow(/^502: /);
      expect(await other.client(u).getCredits(u.email)).toEqual({ credits: FREE_MONTHLY_CREDITS });
      const id = await userId(u.email);
      expect(await createCreditsService(app.database.db, systemClock).ledgerSum(id)).toBe(FREE_MONTHLY_CREDITS);
      await expect(other.client(u).getEnrichment(lead.id)).rejects.toThrow(/^404: /);
    } finally {
      await other.close();
    }
  });
});
