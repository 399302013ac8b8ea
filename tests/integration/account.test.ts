import { describe, expect, it } from 'vitest';
import { desc, eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { FREE_MONTHLY_CREDITS, PLANS } from '@shared/constants';
import { ACCOUNT_MESSAGES, MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas';
import * as schema from '../../server/src/db/schema';
import {
  callTurns,
  creditLedger,
  enrichmentSettings,
  icebreakHistory,
  leadEnrichments,
  practiceCalls,
  users,
} from '../../server/src/db/schema';
import { systemClock } from '../../server/src/clock';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { userReferences } from '../../server/src/features/account/account-repository';
import { createFirebaseVerifier } from '../../server/src/auth/firebase-verifier';
import type { IdentityVerifier } from '../../server/src/auth/identity';
import { databaseTargets } from '../helpers/databases';
import { createTestUser, emulatorHost, type TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp } from '../helpers/test-app';
import { billingAppOn } from '../helpers/billing-app';
import { deliver, FAKE_PRICES } from '../fakes/stripe-server';

const WEBHOOK_SECRET = 'whsec_account_secret';
const lead: Lead = {
  id: 'lead-778899',
  First_Name: 'Maria',
  Last_Name: 'Lopez',
  Company: 'Northwind Logistics',
  Designation: 'Head of Operations',
};

/**
 * Tables of the schema that hold no user's data, and why. Every other table must be reached from
 * users by foreign keys (and so be exported): a new table lands in one or the other.
 */
const NOT_USER_DATA: Record<string, string> = {
  stripe_events: "Stripe's event ids already applied, shared by every account",
  news_cache: 'news headlines per company, shared by every account',
  rate_limits: "request counters of the last minute or two (the user's key is deleted with the account)",
  teams: "a team's name, shared by its members (their memberships are theirs, and go with their accounts)",
  team_assignments:
    "practice a team's owner or admins assigned (scenario, due date, score to reach); whom it is for is team_assignment_members, which goes with each account",
  revoked_sessions:
    'written when an account is deleted, after its data is gone: the uid and the instant its tokens stop working on every process',
};

/**
 * The tables of the drizzle schema that hold a user's rows: a `user_id` or `firebase_uid` column,
 * or a foreign key to such a table (a call's turns through the call).
 */
function userTablesOfSchema(): string[] {
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table));
  const owned = new Set<string>(['users']);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of tables) {
      if (owned.has(t.name) || t.name in NOT_USER_DATA) continue;
      const userColumn = t.columns.some((c) => c.name === 'user_id' || c.name === 'firebase_uid');
      const toOwned = t.foreignKeys.some((fk) => owned.has(getTableName(fk.reference().foreignTable)));
      if (userColumn || toOwned) {
        owned.add(t.name);
        grew = true;
      }
    }
  }
  owned.delete('users');
  const unclassified = tables.map((t) => t.name).filter((n) => n !== 'users' && !owned.has(n) && !(n in NOT_USER_DATA));
  expect(unclassified, 'a table neither reached from users nor listed in NOT_USER_DATA').toEqual([]);
  return [...owned].sort();
}

/** Tables whose rows are kept when their user is deleted, and how (everything else must cascade). */
const KEPT_ON_DELETE: Record<string, string> = { credit_ledger: 'n' };

describe.each(databaseTargets())('the account on $name', (target) => {
  const env = billingAppOn(target, WEBHOOK_SECRET);

  async function idOf(user: TestUser): Promise<string> {
    const [row] = await env.db.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, user.uid));
    return row!.id;
  }

  /** A user with settings, an analysis, an enrichment and a Starter subscription. */
  async function busyUser() {
    const user = await env.app.signUp('Dana Deleter');
    const client = env.app.client(user);
    await client.updateSettings(user.email, { name: 'Dana', aboutMe: 'I sell forklifts.', contentPreferences: 'Short.' });
    await collectLines(
      await client.searchPost({ profileUrl: 'Maria Lopez, Head of Operations at Northwind Logistics in Rotterdam.', email: user.email }),
    );
    await client.enrich({ lead, outputs: ['linkedin_dm'] });
    const { url } = await client.createCheckout({ email: user.email, priceId: FAKE_PRICES.starter });
    const done = env.stripe.completeCheckout(url.split('/').pop()!);
    for (const event of [done.events.checkoutCompleted, done.events.invoicePaid]) {
      expect((await deliver(env.app.url, event, WEBHOOK_SECRET)).status).toBe(200);
    }
    return { user, id: await idOf(user), subscriptionId: done.subscription.id };
  }

  it('every table that points at users deletes its rows with the user, except the ledger, which is kept anonymised', async () => {
    const refs = await userReferences(env.db.raw);
    expect(refs.map((r) => r.table)).toEqual(
      expect.arrayContaining(['credit_ledger', 'enrichment_settings', 'icebreak_history', 'lead_enrichments']),
    );
    for (const ref of refs) {
      expect({ table: ref.table, onDelete: ref.onDelete }).toEqual({ table: ref.table, onDelete: KEPT_ON_DELETE[ref.table] ?? 'c' });
    }
  });

  it('deleting the account cancels the subscription, deletes the data and the sign-in account, keeps the ledger anonymised', async () => {
    const { user, id, subscriptionId } = await busyUser();
    const client = env.app.client(user);
    expect((await client.getUser(user.uid)).plan).toBe('starter');
    const ledgerBefore = await env.db.db.select().from(creditLedger).where(eq(creditLedger.userId, id));
    const enrichRef = ledgerBefore.find((r) => r.reference?.startsWith('enrich:'))?.reference;
    expect(enrichRef).toMatch(/^enrich:.+/);

    // The confirmation must name the caller's own address; nothing happens otherwise.
    await expect(client.deleteAccount({ email: 'someone-else@example.com' })).rejects.toThrow(
      `400: ${JSON.stringify({ message: ACCOUNT_MESSAGES.confirmEmailMismatch, code: 'validation' })}`,
    );
    expect(await idOf(user)).toBe(id);

    const out = await client.deleteAccount({ email: user.email.toUpperCase() });
    expect(out).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted, subscriptionCancelled: true });

    // Stripe saw the cancellation through its API.
    expect(env.stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`)).toBe(true);
    expect(env.stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');

    // The data is gone.
    expect(await env.db.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await env.db.db.select().from(enrichmentSettings).where(eq(enrichmentSettings.userId, id))).toEqual([]);
    expect(await env.db.db.select().from(icebreakHistory).where(eq(icebreakHistory.userId, id))).toEqual([]);
    expect(await env.db.db.select().from(leadEnrichments).where(eq(leadEnrichments.userId, id))).toEqual([]);

    // The ledger rows are kept for accounting: same amounts and reasons, no user, one tombstone, no subject ids.
    const kept = await env.db.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.deletedAccount, (await tombstoneOf(ledgerBefore[0]!.id))!));
    expect(kept.map((r) => [r.id, r.delta, r.balanceAfter, r.reason])).toEqual(
      ledgerBefore.map((r) => [r.id, r.delta, r.balanceAfter, r.reason]),
    );
    expect(kept.every((r) => r.userId === null)).toBe(true);
    expect(kept.map((r) => r.reference)).toContain('enrich');
    expect(kept.map((r) => r.reference)).not.toContain(enrichRef);
    expect(kept.some((r) => /^(icebreak|enrich|call):/.test(r.reference ?? ''))).toBe(false);

    // The sign-in account is gone from Firebase.
    const signIn = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    });
    expect(signIn.status).toBe(400);

    // The same address registers anew: a fresh account with the free grant and no history.
    const again = await createTestUser({ verified: true, email: user.email });
    const created = await env.app.register(again, 'Dana Again');
    expect(created.message).toBe('User created');
    expect(created.user.credits).toBe(FREE_MONTHLY_CREDITS);
    expect(created.user.plan).toBe('free');
    expect(await env.app.client(again).getHistory(again.email)).toEqual([]);
    expect((await env.app.client(again).getCreditHistory()).entries.map((e) => e.reason)).toEqual(['signup']);
  });

  async function tombstoneOf(ledgerId: number) {
    const [row] = await env.db.db.select({ t: creditLedger.deletedAccount }).from(creditLedger).where(eq(creditLedger.id, ledgerId));
    return row?.t;
  }

  it('Stripe refusing the cancellation deletes nothing; a customer Stripe no longer knows has nothing to cancel', async () => {
    const { user, id, subscriptionId } = await busyUser();
    env.stripe.refuse('DELETE', `/v1/subscriptions/${subscriptionId}`);
    await expect(env.app.client(user).deleteAccount({ email: user.email })).rejects.toThrow(
      `502: ${JSON.stringify({ message: ACCOUNT_MESSAGES.subscriptionNotCancelled, code: 'upstream_unavailable' })}`,
    );
    expect(await idOf(user)).toBe(id);
    expect((await env.app.client(user).getUser(user.uid)).plan).toBe('starter');

    await env.db.db.update(users).set({ stripeCustomerId: 'cus_test_unknown_to_stripe' }).where(eq(users.id, id));
    const out = await env.app.client(user).deleteAccount({ email: user.email });
    expect(out.subscriptionCancelled).toBe(false);
    expect(await env.db.db.select().from(users).where(eq(users.id, id))).toEqual([]);
  });

  it('when the sign-in account cannot be deleted the answer says so, and a retry finishes the job', async () => {
    const real = createFirebaseVerifier({ projectId: env.app.config.FIREBASE_PROJECT_ID, emulatorHost: emulatorHost() });
    let failures = 1;
    const flaky: IdentityVerifier = {
      verify: (token) => real.verify(token),
      ping: () => real.ping(),
      deleteAccount: async (uid) => {
        if (failures-- > 0) throw new Error('identity service unavailable');
        await real.deleteAccount!(uid);
      },
    };
    const other = await startTestApp({ database: env.db, deps: { verifier: flaky } });
    try {
      const user = await createTestUser({ verified: true });
      await other.register(user, 'Twice');
      const id = await idOf(user);
      await expect(other.client(user).deleteAccount({ email: user.email })).rejects.toThrow(
        `502: ${JSON.stringify({ message: ACCOUNT_MESSAGES.identityNotDeleted, code: 'upstream_unavailable' })}`,
      );
      expect(await env.db.db.select().from(users).where(eq(users.id, id))).toEqual([]);
      // The ID token is still good (the account exists): the retry has no record left and deletes the sign-in account.
      expect(await other.client(user).deleteAccount({ email: user.email })).toEqual({
        message: ACCOUNT_MESSAGES.accountDeleted,
        subscriptionCancelled: false,
      });
      // Now the token of the deleted account is refused.
      expect((await other.fetch('/api/credits/history', { user })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("export holds the caller's profile, settings, history, enrichments and ledger, and nothing of anyone else", async () => {
    const a = await env.app.signUp('Export Alice');
    const b = await env.app.signUp('Export Bob');
    await env.app.client(a).updateSettings(a.email, { name: 'Alice', aboutMe: 'Alice sells boats.', contentPreferences: 'Warm.' });
    await env.app.client(b).updateSettings(b.email, { name: 'Bob', aboutMe: 'Bob sells cars.', contentPreferences: 'Dry.' });
    await env.app.client(a).enrich({ lead, outputs: ['cold_call_script'] });
    const res = await env.app.fetch('/api/user/export', { user: a });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="icebreak-account-\d{4}-\d{2}-\d{2}\.json"$/);
    const out = await env.app.client(a).exportAccount();
    expect(out.account.email).toBe(a.email);
    expect(out.data.enrichment_settings).toEqual([expect.objectContaining({ about_me: 'Alice sells boats.' })]);
    expect(out.data.lead_enrichments).toEqual([expect.objectContaining({ lead_id: lead.id })]);
    expect(out.data.credit_ledger!.map((r) => r.reason)).toEqual(['signup', 'debit']);
    expect(JSON.stringify(out)).not.toContain('Bob');
    expect(JSON.stringify(out)).not.toContain(b.email);
    expect((await env.app.fetch('/api/user/export')).status).toBe(401);
  });

  it('export holds every table of the schema that holds user rows (a new one fails here until exported)', async () => {
    const userTables = userTablesOfSchema();
    expect(userTables).toEqual(expect.arrayContaining(['call_turns', 'practice_calls', 'reminder_preferences', 'credit_ledger']));
    expect(userTables.filter((t) => t in NOT_USER_DATA)).toEqual([]);
    const user = await env.app.signUp('Export Every');
    const out = await env.app.client(user).exportAccount();
    expect(Object.keys(out.data).sort()).toEqual(userTables);
  });

  it("export holds the caller's practice calls with every turn of their transcripts, and no one else's", async () => {
    const a = await env.app.signUp('Export Caller');
    const b = await env.app.signUp('Export Other');
    const callOf = async (user: TestUser, id: string, lines: string[]) => {
      await env.db.db.insert(practiceCalls).values({
        id,
        userId: await idOf(user),
        mode: 'browser',
        status: 'completed',
        scenarioId: 'gatekeeper',
        scenarioTitle: 'The gatekeeper',
      });
      await env.db.db
        .insert(callTurns)
        .values(lines.map((text, i) => ({ callId: id, role: i % 2 ? ('rep' as const) : ('prospect' as const), text })));
    };
    await callOf(a, 'call-export-a', ['Hello, who is this?', 'Hi, it is Alice from Boats Ltd.', 'What do you want?']);
    await callOf(b, 'call-export-b', ['Bob speaking.', 'Secret words of Bob.']);
    const out = await env.app.client(a).exportAccount();
    expect(out.data.practice_calls).toEqual([expect.objectContaining({ id: 'call-export-a', scenario_title: 'The gatekeeper' })]);
    expect(out.data.call_turns!.map((t) => [t.call_id, t.role, t.text])).toEqual([
      ['call-export-a', 'prospect', 'Hello, who is this?'],
      ['call-export-a', 'rep', 'Hi, it is Alice from Boats Ltd.'],
      ['call-export-a', 'prospect', 'What do you want?'],
    ]);
    expect(JSON.stringify(out)).not.toContain('Secret words of Bob');
  });

  it('ledger rows say which prospect or lead a credit paid for, refunds what they give back; history rows tell one name apart', async () => {
    const user = await env.app.signUp('Label Lena');
    const client = env.app.client(user);
    for (const profileUrl of [
      "Tomás O'Connor, Head of Payments at Lumen Bank in Dublin.",
      "Tomás O'Connor, CFO at Brightwater Ltd in Cork.",
    ]) {
      await collectLines(await client.searchPost({ profileUrl, email: user.email }));
    }
    await client.enrich({ lead, outputs: ['linkedin_dm'] });
    const id = await idOf(user);
    const [enrichDebit] = await env.db.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, id))
      .orderBy(desc(creditLedger.id))
      .limit(1);
    // The failed-enrich path's refund (its reference names the pending request, not the lead).
    await createCreditsService(env.db.db, systemClock).refund(enrichDebit!.id, 'enrich-failed:some-request');

    const entries = (await client.getCreditHistory()).entries.map((e) => [e.reason, e.purpose, e.label]);
    expect(entries).toEqual([
      ['refund', 'lead', 'Refund: LinkedIn DM — Maria Lopez, Northwind Logistics'],
      ['debit', 'lead', 'LinkedIn DM — Maria Lopez, Northwind Logistics'],
      ['debit', 'analysis', "Icebreak analysis — Tomás O'Connor, Brightwater Ltd"],
      ['debit', 'analysis', "Icebreak analysis — Tomás O'Connor, Lumen Bank"],
      ['signup', null, null],
    ]);

    const history = await client.getHistory(user.email);
    expect(history.map((h) => h.insightsStructure.profile).map((p) => [p.firstName, p.lastName, p.role, p.company])).toEqual([
      ['Tomás', "O'Connor", 'CFO', 'Brightwater Ltd'],
      ['Tomás', "O'Connor", 'Head of Payments', 'Lumen Bank'],
    ]);

    // Deleted: the ledger is kept for accounting without the prospects' names.
    await client.deleteAccount({ email: user.email });
    const kept = await env.db.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.deletedAccount, (await tombstoneOf(enrichDebit!.id))!));
    expect(kept).toHaveLength(5);
    expect(kept.map((r) => r.label)).toEqual([null, null, null, null, null]);
  });

  it("credit history: 403 for another user, only the caller's rows, stable keyset paging while new rows arrive", async () => {
    const a = await env.app.signUp('History Ann');
    const b = await env.app.signUp('History Ben');
    const credits = createCreditsService(env.db.db, systemClock);
    const aId = await idOf(a);
    const bId = await idOf(b);
    for (let i = 0; i < 7; i += 1) {
      await credits.debit(aId, 1, `icebreak:a-${i}`);
      await credits.debit(bId, 1, `enrich:b-${i}`);
    }

    const forbidden = await env.app.fetch(`/api/credits/history?email=${encodeURIComponent(b.email)}`, { user: a });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: MESSAGES.forbiddenOther, code: 'forbidden' });
    expect((await env.app.fetch(`/api/credits/history?email=${encodeURIComponent(a.email)}`, { user: a })).status).toBe(200);

    const client = env.app.client(a);
    const first = await client.getCreditHistory({ limit: 3 });
    expect(first.entries.map((e) => e.subject)).toEqual(['a-6', 'a-5', 'a-4']);
    expect(first.entries.every((e) => e.purpose === 'analysis' && e.delta === -1 && e.reason === 'debit')).toBe(true);

    // New rows arrive between pages: the next page continues where the first ended, nothing repeated or skipped.
    await credits.debit(aId, 1, 'icebreak:a-new');
    const seen = [...first.entries];
    let before = first.nextBefore;
    while (before !== null) {
      const page = await client.getCreditHistory({ before, limit: 3 });
      seen.push(...page.entries);
      before = page.nextBefore;
    }
    expect(seen.map((e) => e.subject)).toEqual(['a-6', 'a-5', 'a-4', 'a-3', 'a-2', 'a-1', 'a-0', null]);
    expect(seen.at(-1)!.reason).toBe('signup');
    const allIds = (await env.db.db.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.userId, bId))).map(
      (r) => r.id,
    );
    expect(seen.some((e) => allIds.includes(e.id))).toBe(false);
    expect((await client.getCreditHistory()).entries[0]!.subject).toBe('a-new');

    for (const bad of ['limit=0', 'limit=500', 'limit=abc', 'before=-3']) {
      const res = await env.app.fetch(`/api/credits/history?${bad}`, { user: a });
      expect(res.status, bad).toBe(400);
    }
  });

  it('usage: credits used per day in the period equal the ledger, with the allowance and the reset date', async () => {
    const u = await env.app.signUp('Usage Uma');
    const id = await idOf(u);
    const credits = createCreditsService(env.db.db, systemClock);
    const d1 = await credits.debit(id, 1, 'icebreak:x');
    await credits.debit(id, 2, 'enrich:y');
    if (!d1.ok) throw new Error('debit refused');
    await credits.refund(d1.ledgerId);
    const usage = await env.app.client(u).getCreditUsage();
    const debitsMinusRefunds = -(await env.db.db.select().from(creditLedger).where(eq(creditLedger.userId, id)))
      .filter((r) => r.reason === 'debit' || r.reason === 'refund')
      .reduce((sum, r) => sum + r.delta, 0);
    expect(usage.used).toBe(debitsMinusRefunds);
    expect(usage.used).toBe(2);
    expect(usage.days.reduce((s, d) => s + d.used, 0)).toBe(2);
    expect(usage.days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), used: 2 });
    expect(usage).toMatchObject({ plan: 'free', allowance: FREE_MONTHLY_CREDITS, balance: FREE_MONTHLY_CREDITS - 2 });
    const now = new Date();
    expect(usage.resetsAt).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    expect(usage.days).toHaveLength(now.getUTCDate());
  });

  it("usage of a subscriber: the plan's allowance and the period end as the reset date", async () => {
    const { user, subscriptionId } = await busyUser();
    const usage = await env.app.client(user).getCreditUsage();
    expect(usage.plan).toBe('starter');
    expect(usage.allowance).toBe(PLANS.find((p) => p.id === 'starter')!.credits);
    expect(usage.balance).toBe(usage.allowance);
    const sync = await env.app.client(user).syncSubscription({ email: user.email });
    expect(usage.resetsAt).toBe(new Date(sync.credit_renewal_date! * 1000).toISOString());
    const start = env.stripe.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_start;
    expect(usage.periodStart).toBe(new Date(start * 1000).toISOString());
  });
});
