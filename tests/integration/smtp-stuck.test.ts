/**
 * Issue 28 item 1: an SMTP server that accepts the connection and never answers.
 * - the mailer gives up within its timeouts and its send deadline (a transient, timed-out failure);
 * - a reminder tick is not stalled by it and claims nothing more once it has timed out;
 * - SIGTERM while a reminder send is stuck: the process stops accepting at once, every open stream
 *   ends with its final line, an Enrich request in flight answers 503, a practice session is ended
 *   and stored, every credit comes back, the process exits cleanly well within its 10 s (real OS process);
 * - a reminder claimed by a process killed mid-send is sent again exactly once by two other
 *   processes after its lease (PostgreSQL: two OS processes on one database).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { createApiClient } from '@shared/api/client';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { ReminderPreferences } from '@shared/schemas/reminders';
import type { StreamLine } from '@shared/schemas/icebreak';
import { type Database } from '../../server/src/db/database';
import { practiceCalls, reminderDeliveries, users } from '../../server/src/db/schema';
import { createMailer, MailSendError } from '../../server/src/features/mail/mailer';
import { createReminderScheduler } from '../../server/src/features/reminders/reminder-scheduler';
import { createRemindersRepository } from '../../server/src/features/reminders/reminders-repository';
import { databaseTargets, processDatabaseTargets } from '../helpers/databases';
import { createTestUser } from '../helpers/emulator';
import { openPracticeSocket } from '../helpers/practice-socket';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { startSilentSmtp, type SilentSmtp } from '../fakes/silent-smtp';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server';
import { DEFAULT_CHUNKS, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';

const logger = pino({ level: 'silent' });
const CONFIG = { PUBLIC_URL: 'https://app.example.com', REMINDER_TOKEN_SECRET: 's'.repeat(40), REMINDER_CRON: '* * * * *' };
const MAIL = { MAIL_FROM: 'Reminders <reminders@app.example.com>', DATA_DIR: '/nonexistent' };
const MESSAGE = { to: 'rita@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };

/** Daily reminders at the UTC minute of `at`: its slot is `at` (rounded down to the minute). */
function dailyAt(at: Date): ReminderPreferences {
  return { enabled: true, callFrequency: 'daily', preferredCallTime: at.toISOString().slice(11, 16), userTimezone: 'UTC' };
}

/** A user whose reminder slot `slot` is due (as the scheduler finds it after the slot has come). */
async function addDueUser(db: Database['db'], slot: Date) {
  const id = randomUUID();
  const email = `stuck-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, firebaseUid: `uid-${id}`, email, name: 'Rita', credits: 20, creditsPeriod: '2026-01' });
  await createRemindersRepository(db).save(id, dailyAt(slot), slot, slot);
  return { id, email };
}

let silent: SilentSmtp;
beforeAll(async () => {
  silent = await startSilentSmtp();
});
afterAll(async () => {
  await silent?.close();
});

describe('the mailer against an SMTP server that never answers', () => {
  it('gives up at the greeting timeout: a transient, timed-out failure', async () => {
    const mailer = createMailer({ ...MAIL, SMTP_URL: silent.url, SMTP_GREETING_TIMEOUT_MS: 300 }, logger);
    const started = Date.now();
    const failure = await mailer.send(MESSAGE).catch((e: unknown) => e);
    const took = Date.now() - started;
    mailer.close();
    expect(failure).toBeInstanceOf(MailSendError);
    expect(failure).toMatchObject({ permanent: false, timedOut: true });
    expect(took).toBeLessThan(3000);
  }, 15_000);

  it('the send deadline bounds the whole send whatever the other timeouts say', async () => {
    const mailer = createMailer(
      { ...MAIL, SMTP_URL: silent.url, SMTP_GREETING_TIMEOUT_MS: 60_000, SMTP_SOCKET_TIMEOUT_MS: 60_000, SMTP_SEND_DEADLINE_MS: 400 },
      logger,
    );
    const started = Date.now();
    const failure = await mailer.send(MESSAGE).catch((e: unknown) => e);
    const took = Date.now() - started;
    mailer.close();
    expect(failure).toMatchObject({ permanent: false, timedOut: true });
    expect((failure as Error).message).toMatch(/no answer from the SMTP server within 400 ms/);
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(3000);
  }, 15_000);
});

for (const target of databaseTargets()) {
  describe(`reminder ticks against a stuck SMTP server on ${target.name}`, () => {
    let database: Database & { dispose(): Promise<void> };
    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it('a tick ends within the send deadline, claims no more after the timeout, and the rest wait for the next tick', async () => {
      const slot = new Date('2026-03-02T09:00:00Z');
      const list = await Promise.all(Array.from({ length: 12 }, () => addDueUser(database.db, slot)));
      const mailer = createMailer({ ...MAIL, SMTP_URL: silent.url, SMTP_SEND_DEADLINE_MS: 500 }, logger);
      const s = createReminderScheduler({ db: database.db, mailer, clock: { now: () => slot }, logger, config: CONFIG });
      const started = Date.now();
      const summary = await s.runDueReminders(new Date('2026-03-02T09:00:30Z'));
      const took = Date.now() - started;
      mailer.close();
      expect(took).toBeLessThan(5000);
      // One batch (5 at a time) was tried and postponed; nobody else was claimed in this tick.
      expect(summary.retrying).toBeGreaterThan(0);
      expect(summary.retrying).toBeLessThanOrEqual(5);
      const claims = await database.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.slot, slot));
      expect(claims).toHaveLength(summary.retrying);
      expect(claims.every((c) => c.status === 'retry' && /within 500 ms/.test(c.lastError ?? ''))).toBe(true);
      const stillDue = await createRemindersRepository(database.db).due(new Date('2026-03-02T09:00:30Z'), 100);
      expect(stillDue.filter((r) => list.some((u) => u.id === r.userId))).toHaveLength(12 - summary.retrying);
    }, 30_000);

    it('stop() does not wait on a stuck send', async () => {
      const slot = new Date('2026-03-03T09:00:00Z');
      await addDueUser(database.db, slot);
      const mailer = createMailer(
        { ...MAIL, SMTP_URL: silent.url, SMTP_GREETING_TIMEOUT_MS: 60_000, SMTP_SEND_DEADLINE_MS: 60_000 },
        logger,
      );
      const before = silent.connections;
      const s = createReminderScheduler({
        db: database.db,
        mailer,
        clock: { now: () => new Date('2026-03-03T09:00:10Z') },
        logger,
        config: CONFIG,
      });
      s.start();
      await silent.waitForConnections(before + 1);
      const started = Date.now();
      const finished = await s.stop(500);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(finished).toBe(false);
      mailer.close();
    }, 30_000);
  });
}

/** A database for a server process, seeded before it starts (PGlite: one process per data folder). */
function processTargets() {
  return processDatabaseTargets('stuck-smtp-');
}

describe.each(processTargets())('SIGTERM while a reminder send is stuck, on $name', (target) => {
  let fake: FakeOpenAi;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ default: { chunks: DEFAULT_CHUNKS, holdAfter: 2 } });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await fake?.close();
    await target.dispose();
  });

  it('stops accepting at once, ends every stream with its final line, ends Enrich and practice, refunds, exits cleanly within its budget', async () => {
    const seed = await target.open();
    // Due a minute ago: the scheduler's first tick (at start) sends it, into the silent server.
    await addDueUser(seed.db, new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000));
    await seed.close();

    const connectionsBefore = silent.connections;
    server = await startServerProcess({
      ...target.env,
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'sk-test',
      SMTP_URL: silent.url,
      // As stuck as an SMTP server can keep it: only the shutdown's own budget bounds it.
      SMTP_CONNECTION_TIMEOUT_MS: '60000',
      SMTP_GREETING_TIMEOUT_MS: '60000',
      SMTP_SOCKET_TIMEOUT_MS: '60000',
      SMTP_SEND_DEADLINE_MS: '60000',
      REMINDER_CLAIM_LEASE_MS: '120000',
    });
    const user = await createTestUser({ verified: true });
    const client = createApiClient({ baseUrl: server.url, getToken: async () => user.idToken });
    await client.registerUser({ name: 'Stuck Sam', email: user.email, firebaseUid: user.uid });
    await silent.waitForConnections(connectionsBefore + 1);
    const streams = await Promise.all(
      Array.from({ length: 3 }, () => client.search({ profileUrl: 'Jane Doe, CTO at Acme.', email: user.email })),
    );
    const reading = streams.map(async (lines) => {
      const got: StreamLine[] = [];
      for await (const line of lines) got.push(line);
      return got;
    });
    // An Enrich request and a browser practice session in flight too (the upstream holds every answer).
    const enriching = client
      .enrich({ lead: { id: 'zoho-lead-1', First_Name: 'Jane', Last_Name: 'Doe', Company: 'Acme' }, outputs: ['cold_call_script'] })
      .then(
        () => 'answered' as const,
        (err: Error) => err.message,
      );
    const practice = await client.startPractice({});
    const socket = await openPracticeSocket(server.url.replace('localhost', '127.0.0.1'), practice.socketPath);
    socket.send({ type: 'auth', token: user.idToken, callId: practice.callId });
    await socket.next('ready');
    // Every piece of work at the upstream before the signal: 3 analyses, the Enrich script and the
    // practice prospect's opening turn (waiting for 4 let the signal overtake the Enrich request).
    const arrived = await Promise.race([
      fake.waitForRequests(5).then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 60_000)),
    ]);
    expect(arrived, `${fake.requests.length} upstream requests arrived:\n${server.logs.join('')}`).toBe(true);

    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    // A new request once the process has taken the signal is not served (the listener is closed).
    // Polled, not slept: on a loaded machine the signal may take seconds to be handled. The old code
    // kept accepting until its hard exit (9.5 s), so 8 s still tells the two apart.
    // By address: 'localhost' may resolve to ::1 first, where another test's server can hold the same port.
    const url = `${server.url.replace('localhost', '127.0.0.1')}/api/health`;
    const health = () =>
      fetch(url).then(
        (r) => r.status,
        () => 'refused' as const,
      );
    let late: number | 'refused' = await health();
    for (const until = Date.now() + 8000; late !== 'refused' && Date.now() < until; late = await health())
      await new Promise((r) => setTimeout(r, 50));
    expect(late).toBe('refused');

    const results = await Promise.all(reading);
    const { code } = await server.exited;
    const exitMs = Date.now() - sentAt;
    console.log(`[${target.name}] SIGTERM with a stuck SMTP send → exit in ${exitMs} ms`);
    // Within its budget: the process's own hard exit (9.5 s after it takes the signal) exits with 1, so 0 says
    // the drain finished in time by the process's clock. The test's clock adds the signal's delivery and the
    // scheduling of a loaded machine (11.8 s was seen in a CI run sharing the machine), so it is only printed.
    expect(code).toBe(0);
    const logs = server.logs.join('');
    for (const lines of results) expect(lines.at(-1), logs).toMatchObject({ done: true, errorMessage: MESSAGES.serverRestarting });
    expect(await enriching, logs).toBe(`503: ${JSON.stringify({ message: MESSAGES.serverRestarting, code: 'upstream_unavailable' })}`);
    expect((await socket.closed).code).toBe(1001);

    // What the process left behind: every credit back, the practice session ended (not "in-progress").
    const after = await target.open();
    try {
      const [row] = await after.db.select({ credits: users.credits }).from(users).where(eq(users.email, user.email));
      expect(row?.credits).toBe(FREE_MONTHLY_CREDITS);
      const [call] = await after.db.select().from(practiceCalls).where(eq(practiceCalls.id, practice.callId));
      expect(call?.status).toMatch(/^(completed|abandoned)$/);
      expect(call?.completedAt).not.toBeNull();
    } finally {
      await after.close();
    }
  }, 120_000);
});

// Two real OS processes on one PostgreSQL (PGlite cannot be shared between processes).
if (process.env.TEST_DATABASE_URL)
  describe('a reminder claimed by a process killed mid-send (postgres, OS processes)', () => {
    let database: Database & { dispose(): Promise<void> };
    let smtp: FakeSmtp;
    beforeAll(async () => {
      database = await databaseTargets()
        .find((t) => t.name === 'postgres')!
        .open();
      smtp = await startFakeSmtp();
    });
    afterAll(async () => {
      await smtp?.close();
      await database?.dispose();
    });

    function run(processId: string, smtpUrl: string, ticks: string[]) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../helpers/reminder-process.ts')], {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: process.env.TEST_DATABASE_URL,
          SCHEMA: schema,
          SMTP_URL: smtpUrl,
          PROCESS_ID: processId,
          TICKS: ticks.join(','),
          SMTP_SEND_DEADLINE_MS: '60000',
          REMINDER_CLAIM_LEASE_MS: '120000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const result = new Promise<{ processId: string; sent: number }>((resolve, reject) =>
        child.on('exit', (code, signal) =>
          code === 0
            ? resolve(JSON.parse(out) as { processId: string; sent: number })
            : reject(new Error(`${processId} exited ${code ?? signal}: ${err}`)),
        ),
      );
      return { child, result };
    }
    let schema = '';

    it('is sent again exactly once after its lease, by one of two processes', async () => {
      const [row] = await database.raw.query<{ schema: string }>('SELECT current_schema() AS schema');
      schema = row!.schema;
      const slot = new Date('2026-04-01T09:00:00Z');
      const list = await Promise.all(Array.from({ length: 3 }, () => addDueUser(database.db, slot)));

      // Process A claims the three and hangs in the SMTP conversation; then it is killed (kill -9).
      const before = silent.connections;
      const a = run('process-a', silent.url, ['2026-04-01T09:00:10Z']);
      await silent.waitForConnections(before + 3, 60_000);
      a.child.kill('SIGKILL');
      await a.result.catch(() => undefined);
      const claimed = await database.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.slot, slot));
      expect(claimed.map((c) => [c.status, c.claimedBy])).toEqual(Array(3).fill(['sending', 'process-a']));

      // Within the lease (2 min) nobody touches them; after it, two processes race to send them again.
      // Each process runs its own simulated clock: no tick may reach a lease past another process's
      // fresh claim (made at 09:03 or later), or it would take over a send still under way, which real
      // clocks and a lease longer than the send deadline rule out.
      const ticks = ['2026-04-01T09:01:00Z', '2026-04-01T09:03:00Z', '2026-04-01T09:03:01Z', '2026-04-01T09:04:30Z'];
      const [b, c] = await Promise.all([run('process-b', smtp.url, ticks).result, run('process-c', smtp.url, ticks).result]);
      expect(b.sent + c.sent).toBe(3);
      const received = smtp.messages.filter((m) => list.some((u) => m.envelopeTo.includes(u.email)));
      expect(received).toHaveLength(3);
      expect(new Set(received.flatMap((m) => m.envelopeTo))).toEqual(new Set(list.map((u) => u.email)));
      const rows = await database.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.slot, slot));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 2 && r.claimedBy !== 'process-a')).toBe(true);
      // The same Message-ID as the lost attempt, so a receiver can tell a repeat.
      expect(received.map((m) => m.header('message-id')).sort()).toEqual(rows.map((r) => `<reminder-${r.id}@app.example.com>`).sort());
    }, 120_000);
  });
