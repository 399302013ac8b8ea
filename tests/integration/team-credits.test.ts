import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CREDIT_COSTS, FREE_MONTHLY_CREDITS } from '@shared/constants';
import type { StreamLine } from '@shared/schemas';
import { TEAM_MESSAGES, type TeamRole } from '@shared/teams';
import { systemClock } from '../../server/src/clock';
import { openDatabase } from '../../server/src/db/database';
import { creditLedger, teamMembers, users } from '../../server/src/db/schema';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The client's error text for a refused request: `status: {"message","code"}`. */
const refused = (status: number, message: string, code: string) => `${status}: ${JSON.stringify({ message, code })}`;
const COST = CREDIT_COSTS.icebreak;

for (const target of databaseTargets()) {
  describe(`the team pool on ${target.name}`, () => {
    let database: Awaited<ReturnType<typeof target.open>>;
    let app: TestApp;
    let credits: ReturnType<typeof createCreditsService>;
    const people: Record<string, TestUser> = {};
    const ids: Record<string, string> = {};
    let teamA = '';
    let n = 0;

    beforeAll(async () => {
      database = await target.open();
      app = await startTestApp({ database });
      credits = createCreditsService(database.db, systemClock);
      for (const name of ['owner', 'admin', 'member', 'capped', 'otherOwner', 'loner']) {
        people[name] = await app.signUp(name);
        const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, people[name].uid));
        ids[name] = row!.id;
      }
      teamA = (await app.client(people.owner).createTeam({ name: 'Northwind' })).team!.id;
      await app.client(people.otherOwner).createTeam({ name: 'Contoso' });
      const join = (name: string, role: TeamRole) => database.db.insert(teamMembers).values({ teamId: teamA, userId: ids[name]!, role });
      await join('admin', 'admin');
      await join('member', 'member');
      await join('capped', 'member');
      await fund(teamA, 10);
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    const fund = (teamId: string, amount: number) =>
      database.db.transaction((tx) => credits.setTeamAllowance(tx, teamId, ids.owner!, amount, 'adjustment', 'test'));
    const pool = async () => (await app.client(people.owner).getTeam()).team!.credits;

    /** One paid analysis (a new description each time, so nothing is answered from storage); its last line. */
    async function analyse(name: string): Promise<StreamLine> {
      n += 1;
      const lines: StreamLine[] = [];
      const profileUrl = `Priya Raman is VP of Sales at Globex in Toronto. She enjoys chess. Note ${n}.`;
      for await (const line of await app.client(people[name]).search({ profileUrl, email: people[name]!.email })) lines.push(line);
      return lines.at(-1)!;
    }

    it("a member's analysis is charged to the pool: own credits untouched, the ledger row names the pool", async () => {
      const before = await pool();
      const last = await analyse('member');
      expect(last).toMatchObject({ done: true, errorMessage: null, balance: FREE_MONTHLY_CREDITS });
      expect(await pool()).toBe(before - COST);
      expect(await credits.balance(ids.member!)).toBe(FREE_MONTHLY_CREDITS);
      const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, ids.member!));
      const debit = rows.find((r) => r.reason === 'debit')!;
      expect(debit).toMatchObject({ teamId: teamA, delta: -COST, balanceAfter: before - COST });
      // The usage page says which balance paid; the member's own books still add up.
      const history = await app.client(people.member).getCreditHistory();
      expect(history.entries.find((e) => e.reason === 'debit')).toMatchObject({ teamPool: true, balanceAfter: before - COST });
      expect(await credits.ledgerSum(ids.member!)).toBe(FREE_MONTHLY_CREDITS);
      expect(await credits.teamLedgerSum(teamA)).toBe(await pool());
      expect(await app.client(people.member).getTeamPool()).toEqual({
        pool: { teamName: 'Northwind', credits: before - COST, capLeft: null },
      });
    });

    it('someone in no team pays from their own credits and has no pool', async () => {
      const last = await analyse('loner');
      expect(last).toMatchObject({ done: true, balance: FREE_MONTHLY_CREDITS - COST });
      expect(await app.client(people.loner).getTeamPool()).toEqual({ pool: null });
    });

    it('a cap set by an admin: pool credits up to it this month, then the own credits pay', async () => {
      const after = await app.client(people.admin).setTeamCap(ids.capped!, { monthlyCap: COST });
      expect(after.team!.members.find((m) => m.userId === ids.capped)).toMatchObject({ monthlyCap: COST, poolUsed: 0 });
      const start = await pool();
      expect(await analyse('capped')).toMatchObject({ balance: FREE_MONTHLY_CREDITS });
      expect(await app.client(people.capped).getTeamPool()).toMatchObject({ pool: { capLeft: 0 } });
      // The cap is reached: the second analysis is paid by the member's own credits, the pool is left alone.
      expect(await analyse('capped')).toMatchObject({ balance: FREE_MONTHLY_CREDITS - COST });
      expect(await pool()).toBe(start - COST);
      // A member sees their own cap and use, not the others'.
      const seen = (await app.client(people.capped).getTeam()).team!.members;
      expect(seen.find((m) => m.userId === ids.capped)).toMatchObject({ monthlyCap: COST, poolUsed: COST });
      expect(seen.find((m) => m.userId === ids.member)).not.toHaveProperty('poolUsed');
      // Removing the cap lets the pool pay again.
      await app.client(people.admin).setTeamCap(ids.capped!, { monthlyCap: null });
      expect(await analyse('capped')).toMatchObject({ balance: FREE_MONTHLY_CREDITS - COST });
      expect(await pool()).toBe(start - 2 * COST);
    });

    it('an empty pool leaves the paying to the own credits', async () => {
      await fund(teamA, 0);
      expect(await analyse('member')).toMatchObject({ done: true, balance: FREE_MONTHLY_CREDITS - COST });
      expect(await pool()).toBe(0);
      await fund(teamA, 10);
    });

    it('who may set caps: owners and admins of the team only; bad caps are refused with what to enter', async () => {
      await expect(app.client(people.member).setTeamCap(ids.capped!, { monthlyCap: 5 })).rejects.toThrow(
        refused(403, TEAM_MESSAGES.managersOnly, 'forbidden'),
      );
      await expect(app.client(people.admin).setTeamCap(ids.owner!, { monthlyCap: 5 })).rejects.toThrow(
        refused(403, TEAM_MESSAGES.ownerCapOwnerOnly, 'forbidden'),
      );
      await expect(app.client(people.admin).setTeamCap(ids.otherOwner!, { monthlyCap: 5 })).rejects.toThrow(
        refused(404, TEAM_MESSAGES.memberNotFound, 'not_found'),
      );
      await expect(app.client(people.loner).setTeamCap(ids.member!, { monthlyCap: 5 })).rejects.toThrow(
        refused(404, TEAM_MESSAGES.notInTeam, 'not_found'),
      );
      for (const monthlyCap of [-1, 1.5, 2_000_000, 'ten'])
        await expect(
          app
            .fetch(`/api/team/members/${ids.member}/cap`, {
              method: 'PUT',
              user: people.owner,
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ monthlyCap }),
            })
            .then(async (r) => [r.status, ((await r.json()) as { message: string }).message]),
        ).resolves.toEqual([400, expect.stringContaining(TEAM_MESSAGES.capInvalid)]);
      // The owner may cap themselves.
      const team = await app.client(people.owner).setTeamCap(ids.owner!, { monthlyCap: 7 });
      expect(team.team!.members.find((m) => m.userId === ids.owner)).toMatchObject({ monthlyCap: 7 });
      await app.client(people.owner).setTeamCap(ids.owner!, { monthlyCap: null });
    });

    it('a refund of a pool debit goes back to the pool, once', async () => {
      const start = await pool();
      const debit = await credits.debitTeam(ids.member!, teamA, 2, 'test:refund');
      if (!debit.ok) throw new Error('pool debit refused');
      const [a, b] = await Promise.all([credits.refund(debit.ledgerId), credits.refund(debit.ledgerId)]);
      expect([a.refunded, b.refunded].sort()).toEqual([false, true]);
      expect(await pool()).toBe(start);
      expect(await credits.teamLedgerSum(teamA)).toBe(start);
      expect(await credits.balance(ids.member!)).toBe(FREE_MONTHLY_CREDITS - COST);
    });

    it('50 members spending one pool of 30 at once, from two connections pools (two processes): 30 paid, never below 0', async () => {
      const team = (await app.client(people.loner).createTeam({ name: 'Busy floor' })).team!.id;
      const members: string[] = [];
      for (let i = 0; i < 50; i++) {
        const id = `pool-member-${i}-${team}`;
        await database.raw.query(
          `INSERT INTO users (id, firebase_uid, email, credits, plan, credits_period) VALUES ($1, $2, $3, 0, 'free', '2999-01')`,
          [id, `uid-${id}`, `${id}@example.com`],
        );
        await database.db.insert(teamMembers).values({ teamId: team, userId: id, role: 'member' });
        members.push(id);
      }
      await database.db.transaction((tx) => credits.setTeamAllowance(tx, team, ids.loner!, 30, 'adjustment', 'test'));
      // PostgreSQL: a second connection pool on the same schema, as a second server process has. PGlite serves one process.
      const schema = target.name === 'postgres' ? (await database.raw.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s : null;
      const second = schema ? await openDatabase({ url: process.env.TEST_DATABASE_URL!, schemaName: schema, migrate: false }) : null;
      try {
        const services = [credits, ...(second ? [createCreditsService(second.db, systemClock)] : [])];
        const results = await Promise.all(members.map((id, i) => services[i % services.length]!.debitTeam(id, team, 1, `busy:${i}`)));
        expect(results.filter((r) => r.ok)).toHaveLength(30);
        expect(results.filter((r) => !r.ok && r.reason === 'insufficient')).toHaveLength(20);
      } finally {
        await second?.close();
      }
      const [left] = await database.raw.query<{ credits: number }>('SELECT credits FROM teams WHERE id = $1', [team]);
      expect(left!.credits).toBe(0);
      expect(await credits.teamLedgerSum(team)).toBe(0);
    });
  });
}
