import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEAM_MESSAGES as T } from '@shared/teams';
import { creditLedger, teamMembers, users } from '../../server/src/db/schema';
import { SCENARIOS } from '../../server/src/features/practice';
import { pino } from 'pino';
import type { Mailer, MailMessage } from '../../server/src/features/mail';
import { ASSIGNED_HEADING } from '../../server/src/features/reminders/reminder-email';
import { createReminderScheduler } from '../../server/src/features/reminders/reminder-scheduler';
import { createRemindersRepository } from '../../server/src/features/reminders/reminders-repository';
import { nextSlotAfter } from '../../server/src/features/reminders/slots';
import { databaseTargets } from '../helpers/databases';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { openPracticeSocket } from '../helpers/practice-socket';
import { startTestApp, type TestApp } from '../helpers/test-app';

const refused = (status: number, message: string, code: string) => `${status}: ${JSON.stringify({ message, code })}`;
const WEEK = 7 * 86_400_000;
const scenario = SCENARIOS[2]!;

for (const target of databaseTargets()) {
  describe(`assigned practice on ${target.name}`, () => {
    let database: Awaited<ReturnType<typeof target.open>>;
    let app: TestApp;
    const people: Record<string, TestUser> = {};
    const ids: Record<string, string> = {};
    let score = -1;

    beforeAll(async () => {
      for (const name of ['owner', 'rep', 'rep2', 'ownerB']) people[name] = await createTestUser({ verified: true });
      database = await target.open();
      app = await startTestApp({ database });
      for (const [name, user] of Object.entries(people)) {
        await app.register(user, name);
        const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, user.uid));
        ids[name] = row!.id;
      }
      const { team } = await app.client(people.owner).createTeam({ name: 'Northwind Sales' });
      await app.client(people.ownerB).createTeam({ name: 'Contoso SDRs' });
      // Joining by invitation is tested in teams-invites.test.ts.
      for (const rep of ['rep', 'rep2'])
        await database.db.insert(teamMembers).values({ teamId: team!.id, userId: ids[rep]!, role: 'member' });
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    const as = (name: string) => app.client(people[name]);
    const dueAt = () => new Date(Date.now() + WEEK).toISOString();

    /** A browser practice call on the scenario, to the end and its scored feedback. */
    async function practise(user: TestUser): Promise<number> {
      const started = await app.client(user).startPractice({ scenarioId: scenario.id });
      const socket = await openPracticeSocket(app.url, started.socketPath);
      socket.send({ type: 'auth', token: user.idToken, callId: started.callId });
      await socket.next('ready');
      await socket.nextTurn();
      socket.send({ type: 'prompt', text: 'Hi, this is Sam from Northwind. Do you have two minutes?' });
      await socket.nextTurn();
      socket.send({ type: 'end' });
      const { feedback } = await socket.next('feedback');
      await socket.closed;
      return feedback.score;
    }

    it('only owners and admins assign, only to their own members, a known scenario, a future date', async () => {
      const body = { scenarioId: scenario.id, memberIds: [ids.rep!], dueAt: dueAt(), minScore: 50 };
      await expect(as('rep').assignPractice(body)).rejects.toThrow(refused(403, T.managersOnly, 'forbidden'));
      await expect(as('owner').assignPractice({ ...body, memberIds: [ids.rep!, ids.ownerB!] })).rejects.toThrow(
        refused(404, T.memberNotFound, 'not_found'),
      );
      await expect(as('owner').assignPractice({ ...body, scenarioId: 'no-such-scenario' })).rejects.toThrow(
        refused(400, T.scenarioUnknown, 'validation'),
      );
      await expect(as('owner').assignPractice({ ...body, dueAt: new Date(Date.now() - 60_000).toISOString() })).rejects.toThrow(
        refused(400, T.dueInPast, 'validation'),
      );
      await expect(as('owner').assignPractice({ ...body, minScore: 101 })).rejects.toThrow('400: ');
      await expect(as('owner').assignPractice({ ...body, memberIds: [] })).rejects.toThrow(`400: {"message":"${T.membersRequired}"`);
      expect((await as('owner').getAssignments()).assignments).toEqual([]);
    });

    it('a practice call on the scenario completes the assignment it reaches, not the one whose minimum is higher', async () => {
      const low = { scenarioId: scenario.id, memberIds: [ids.rep!, ids.rep2!], dueAt: dueAt(), minScore: 0 };
      await as('owner').assignPractice(low);
      const created = await as('owner').assignPractice({ ...low, minScore: 100, dueAt: new Date(Date.now() + 2 * WEEK).toISOString() });
      expect(created.assignments).toHaveLength(2);
      expect(created.assignments[0]!.members.map((m) => [m.name, m.status, m.bestScore])).toEqual([
        ['rep', 'due', null],
        ['rep2', 'due', null],
      ]);

      score = await practise(people.rep!);
      // The offline coach never gives a two-line call full marks: the 100 assignment stays open.
      expect(score).toBeLessThan(100);
      const [reached, higher] = (await as('owner').getAssignments()).assignments;
      expect(reached!.members.find((m) => m.userId === ids.rep)).toMatchObject({ status: 'done', bestScore: score });
      expect(reached!.members.find((m) => m.userId === ids.rep)!.completedAt).not.toBeNull();
      expect(higher!.members.find((m) => m.userId === ids.rep)).toMatchObject({ status: 'due', bestScore: score, completedAt: null });
      // Someone else's call does not count for rep2.
      expect(reached!.members.find((m) => m.userId === ids.rep2)).toMatchObject({ status: 'due', bestScore: null });

      // An assignment made after the call is not completed by it.
      const later = await as('owner').assignPractice({
        ...low,
        memberIds: [ids.rep!],
        dueAt: new Date(Date.now() + 3 * WEEK).toISOString(),
      });
      expect(later.assignments.at(-1)!.members).toEqual([expect.objectContaining({ userId: ids.rep, status: 'due', bestScore: null })]);
    });

    it("the practice reminder e-mail lists the member's open assignments, not the one a call completed", async () => {
      const sent: MailMessage[] = [];
      const mailer: Mailer = {
        kind: 'outbox',
        send: async (m) => (sent.push(m), { messageId: `<${sent.length}@test>` }),
        close: () => undefined,
      };
      const prefs = { enabled: true, callFrequency: 'daily', preferredCallTime: '09:00', userTimezone: 'UTC' } as const;
      const saved = new Date(Date.now() - 2 * 86_400_000);
      for (const name of ['rep', 'ownerB'])
        await createRemindersRepository(database.db).save(ids[name]!, prefs, nextSlotAfter({ ...prefs, weekday: null }, saved), saved);
      const logger = pino({ level: 'silent' });
      const config = { PUBLIC_URL: 'https://app.example.com', REMINDER_TOKEN_SECRET: 'x'.repeat(32), REMINDER_CRON: '* * * * *' };
      const scheduler = createReminderScheduler({ db: database.db, mailer, clock: { now: () => new Date() }, logger, config });
      await scheduler.runDueReminders(new Date());
      const toRep = sent.find((m) => m.to === people.rep!.email)!;
      const open = (await as('rep').getAssignments()).assignments.filter((a) => a.members.some((m) => m.status !== 'done'));
      expect(open).toHaveLength(2);
      expect(toRep.text).toContain(ASSIGNED_HEADING);
      const listed = toRep.text.split('\n').filter((l) => l.startsWith('  - '));
      expect(listed).toEqual(open.map((a) => expect.stringContaining(`${a.scenarioTitle}: due `)));
      expect(listed.map((l) => l.includes('score 100 to reach'))).toEqual([true, false]);
      expect(listed[0]).toContain(`(best so far ${score})`);
      expect(toRep.html).toContain(`<li>${open[0]!.scenarioTitle}: due `);
      // Someone with nothing assigned gets the reminder without the list.
      const toOther = sent.find((m) => m.to === people.ownerB!.email)!;
      expect(toOther.text).not.toContain(ASSIGNED_HEADING);
    });

    it('a member sees only their own row; another team sees none of it', async () => {
      const mine = (await as('rep2').getAssignments()).assignments;
      expect(mine).toHaveLength(2);
      expect(mine.every((a) => a.members.length === 1 && a.members[0]!.userId === ids.rep2)).toBe(true);
      expect(await as('ownerB').getAssignments()).toEqual({ assignments: [] });
    });

    it("the month's report: calls and scores per member, assignments due that month by status; members see their own row", async () => {
      const month = new Date().toISOString().slice(0, 7);
      // Two credits used this month: a debit of 3, one refunded (the signup grant does not count).
      await database.db.insert(creditLedger).values([
        { userId: ids.rep!, delta: -3, balanceAfter: 17, reason: 'debit' },
        { userId: ids.rep!, delta: 1, balanceAfter: 18, reason: 'refund' },
      ]);
      const report = await as('owner').getTeamReport(month);
      expect(report.rows.map((r) => r.name)).toEqual(['owner', 'rep', 'rep2']);
      const rep = report.rows.find((r) => r.userId === ids.rep)!;
      expect(rep).toMatchObject({ creditsUsed: 2, practiceCalls: 1, averageScore: score, bestScore: score });
      expect(rep.lastPracticeAt).not.toBeNull();
      expect(report.rows.find((r) => r.userId === ids.rep2)).toMatchObject({ practiceCalls: 0, bestScore: null, lastPracticeAt: null });

      const [reached] = (await as('owner').getAssignments()).assignments;
      const dueMonth = reached!.dueAt.slice(0, 7);
      const due = (await as('owner').getTeamReport(dueMonth)).rows.find((r) => r.userId === ids.rep)!;
      expect(due.assignmentsDone).toBe(1);
      expect(due.assignmentsOverdue).toBe(0);

      expect((await as('rep2').getTeamReport(month)).rows.map((r) => r.userId)).toEqual([ids.rep2]);
      expect((await as('ownerB').getTeamReport(month)).rows.map((r) => r.userId)).toEqual([ids.ownerB]);
      await expect(as('owner').getTeamReport('2026-13')).rejects.toThrow('400: {"message":"Choose a month as YYYY-MM, e.g. 2026-03"');
    });
  });
}
