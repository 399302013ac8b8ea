import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import { TEAM_MESSAGES, type TeamRole } from '@shared/teams';
import { teamMembers, users } from '../../server/src/db/schema';
import { databaseTargets } from '../helpers/databases';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The client's error text for a refused request: `status: {"message","code"}`. */
const refused = (status: number, message: string, code: string) => `${status}: ${JSON.stringify({ message, code })}`;
/** A 400 from the schema also lists its issues: match up to the code. */
const invalid = (message: string) => `400: ${JSON.stringify({ message, code: 'validation' }).slice(0, -1)}`;
const notInTeam = refused(404, TEAM_MESSAGES.notInTeam, 'not_found');
const managersOnly = refused(403, TEAM_MESSAGES.managersOnly, 'forbidden');
const ownerOnly = refused(403, TEAM_MESSAGES.ownerOnly, 'forbidden');
const notAMember = refused(404, TEAM_MESSAGES.memberNotFound, 'not_found');

for (const target of databaseTargets()) {
  describe(`teams and roles on ${target.name}`, () => {
    let database: Awaited<ReturnType<typeof target.open>>;
    // Two apps on one database stand for two server processes: nothing about teams lives in memory.
    let app: TestApp;
    let other: TestApp;
    const people: Record<string, TestUser> = {};
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      // Emulator accounts first: opening PGlite blocks the event loop for a while.
      for (const name of ['ownerA', 'adminA', 'memberA', 'ownerB', 'memberB', 'loner', 'leaver', 'removed']) {
        people[name] = await createTestUser({ verified: true });
      }
      database = await target.open();
      app = await startTestApp({ database });
      other = await startTestApp({ database });
      for (const [name, user] of Object.entries(people)) {
        await app.register(user, name);
        const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, user.uid));
        ids[name] = row!.id;
      }
      const a = await app.client(people.ownerA).createTeam({ name: '  Northwind Sales  ' });
      const b = await app.client(people.ownerB).createTeam({ name: 'Contoso SDRs' });
      // Members join by invitation (teams-invites.test.ts); here they are put in directly.
      const join = (team: string, name: string, role: TeamRole) =>
        database.db.insert(teamMembers).values({ teamId: team, userId: ids[name]!, role });
      await join(a.team!.id, 'adminA', 'admin');
      await join(a.team!.id, 'memberA', 'member');
      await join(a.team!.id, 'leaver', 'member');
      await join(a.team!.id, 'removed', 'member');
      await join(b.team!.id, 'memberB', 'member');
    });
    afterAll(async () => {
      await other?.close();
      await app?.close();
      await database?.dispose();
    });

    const as = (name: string) => app.client(people[name]);

    it('the creator owns the new team; a second team for the same person is refused and nothing is written', async () => {
      const { team } = await as('ownerA').getTeam();
      expect(team).toMatchObject({ name: 'Northwind Sales', role: 'owner', me: ids.ownerA });
      await expect(as('ownerA').createTeam({ name: 'Another' })).rejects.toThrow(refused(409, TEAM_MESSAGES.alreadyInTeam, 'conflict'));
      await expect(as('memberA').createTeam({ name: 'Breakaway' })).rejects.toThrow(refused(409, TEAM_MESSAGES.alreadyInTeam, 'conflict'));
      expect((await as('memberA').getTeam()).team?.name).toBe('Northwind Sales');
      await expect(as('loner').createTeam({ name: '   ' })).rejects.toThrow(invalid(TEAM_MESSAGES.nameRequired));
      expect(await as('loner').getTeam()).toEqual({ team: null });
    });

    it('members see names and roles only; owners and admins also see e-mails', async () => {
      const asMember = (await as('memberA').getTeam()).team!;
      expect(asMember.role).toBe('member');
      expect(asMember.members.map((m) => [m.name, m.role])).toEqual([
        ['ownerA', 'owner'],
        ['adminA', 'admin'],
        ['leaver', 'member'],
        ['memberA', 'member'],
        ['removed', 'member'],
      ]);
      expect(asMember.members.every((m) => m.email === undefined && m.joinedAt === undefined)).toBe(true);
      const asAdmin = (await as('adminA').getTeam()).team!;
      expect(asAdmin.members.find((m) => m.userId === ids.memberA)?.email).toBe(people.memberA!.email);
      // Team B's people never appear in team A's answer, nor A's in B's.
      expect(asAdmin.members.map((m) => m.userId)).not.toContain(ids.memberB);
      expect((await as('memberB').getTeam()).team!.members.map((m) => m.userId).sort()).toEqual([ids.ownerB, ids.memberB].sort());
    });

    it('members cannot remove or set roles; nobody outside a team can do anything to one', async () => {
      await expect(as('memberA').removeTeamMember(ids.leaver!)).rejects.toThrow(managersOnly);
      await expect(as('memberA').setTeamRole(ids.memberA!, { role: 'admin' })).rejects.toThrow(managersOnly);
      await expect(as('memberA').transferTeam({ userId: ids.memberA! })).rejects.toThrow(ownerOnly);
      await expect(as('memberA').deleteTeam()).rejects.toThrow(ownerOnly);
      await expect(as('loner').removeTeamMember(ids.memberA!)).rejects.toThrow(notInTeam);
      await expect(as('loner').leaveTeam()).rejects.toThrow(notInTeam);
      expect((await as('ownerA').getTeam()).team!.members).toHaveLength(5);
    });

    it('team A never changes team B: its managers get "not a member" for every person of B', async () => {
      await expect(as('ownerA').removeTeamMember(ids.memberB!)).rejects.toThrow(notAMember);
      await expect(as('adminA').setTeamRole(ids.memberB!, { role: 'admin' })).rejects.toThrow(notAMember);
      await expect(as('ownerA').transferTeam({ userId: ids.ownerB! })).rejects.toThrow(notAMember);
      await expect(as('ownerA').removeTeamMember('no-such-user')).rejects.toThrow(notAMember);
      const b = (await as('ownerB').getTeam()).team!;
      expect(b.members.map((m) => [m.userId, m.role])).toEqual([
        [ids.ownerB, 'owner'],
        [ids.memberB, 'member'],
      ]);
    });

    it('admins cannot change the owner: not remove, not demote, not transfer, not delete the team', async () => {
      await expect(as('adminA').removeTeamMember(ids.ownerA!)).rejects.toThrow(refused(403, TEAM_MESSAGES.cannotRemoveOwner, 'forbidden'));
      await expect(as('adminA').setTeamRole(ids.ownerA!, { role: 'member' })).rejects.toThrow(
        refused(403, TEAM_MESSAGES.cannotChangeOwnerRole, 'forbidden'),
      );
      await expect(as('adminA').transferTeam({ userId: ids.adminA! })).rejects.toThrow(ownerOnly);
      await expect(as('adminA').deleteTeam()).rejects.toThrow(ownerOnly);
      // A role change cannot make a second owner either.
      const owner = invalid('Role must be admin or member');
      await expect(as('ownerA').setTeamRole(ids.memberA!, { role: 'owner' as 'admin' })).rejects.toThrow(owner);
      expect((await as('ownerA').getTeam()).team!.members.filter((m) => m.role === 'owner').map((m) => m.userId)).toEqual([ids.ownerA]);
    });

    it('an admin sets roles; a member leaves; the owner may not leave', async () => {
      const after = (await as('adminA').setTeamRole(ids.memberA!, { role: 'admin' })).team!;
      expect(after.members.find((m) => m.userId === ids.memberA)?.role).toBe('admin');
      await as('adminA').setTeamRole(ids.memberA!, { role: 'member' });
      expect(await as('leaver').leaveTeam()).toEqual({ message: TEAM_MESSAGES.leftTeam });
      expect(await as('leaver').getTeam()).toEqual({ team: null });
      await expect(as('ownerA').leaveTeam()).rejects.toThrow(refused(409, TEAM_MESSAGES.ownerCannotLeave, 'conflict'));
      await expect(as('adminA').removeTeamMember(ids.adminA!)).rejects.toThrow(refused(400, TEAM_MESSAGES.cannotRemoveSelf, 'validation'));
    });

    it('a removed member loses access at once, on the other process too', async () => {
      const onOther = other.client(people.removed);
      expect((await onOther.getTeam()).team?.role).toBe('member');
      expect(await as('adminA').removeTeamMember(ids.removed!)).toEqual({ message: TEAM_MESSAGES.memberRemoved });
      expect(await onOther.getTeam()).toEqual({ team: null });
      await expect(onOther.leaveTeam()).rejects.toThrow(notInTeam);
    });

    it('an owner deleting their account is told to transfer or delete the team; after a transfer it works', async () => {
      const ownerB = as('ownerB');
      await expect(ownerB.deleteAccount({ email: people.ownerB!.email })).rejects.toThrow(
        refused(409, TEAM_MESSAGES.ownerDeletingAccount('Contoso SDRs'), 'conflict'),
      );
      expect((await ownerB.getTeam()).team?.role).toBe('owner');
      await expect(ownerB.transferTeam({ userId: ids.ownerB! })).rejects.toThrow(refused(400, TEAM_MESSAGES.transferToSelf, 'validation'));
      const moved = (await ownerB.transferTeam({ userId: ids.memberB! })).team!;
      expect(moved.role).toBe('admin');
      expect(moved.members.find((m) => m.userId === ids.memberB)?.role).toBe('owner');
      // Now an admin: the account goes, and its membership with it.
      expect((await ownerB.deleteAccount({ email: people.ownerB!.email })).message).toBe(ACCOUNT_MESSAGES.accountDeleted);
      expect((await as('memberB').getTeam()).team!.members.map((m) => m.userId)).toEqual([ids.memberB]);
    });

    it('the owner deletes the team: every member is teamless at once', async () => {
      expect(await as('memberB').deleteTeam()).toEqual({ message: TEAM_MESSAGES.teamDeleted });
      expect(await as('memberB').getTeam()).toEqual({ team: null });
      expect(await as('ownerA').getTeam()).toMatchObject({ team: { name: 'Northwind Sales' } });
    });
  });
}
