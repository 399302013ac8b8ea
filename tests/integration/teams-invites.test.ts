import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@shared/messages';
import { TEAM_MESSAGES as T } from '@shared/teams';
import { teamInvites } from '../../server/src/db/schema';
import { inviteSubject } from '../../server/src/features/teams/invite-email';
import { maskEmail } from '../../server/src/http/log-safety';
import { databaseTargets } from '../helpers/databases';
import { createTestUser, emulatorHost, uniqueEmail, type TestUser } from '../helpers/emulator';
import { TEST_EMULATOR } from '../helpers/emulator-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from '../fakes/smtp-server';

const PUBLIC_URL = 'https://app.example.com';
const DAY = 86_400_000;
const refused = (status: number, message: string, code: string) => `${status}: ${JSON.stringify({ message, code })}`;
const invalidLink = refused(404, T.inviteInvalid, 'not_found');
const managersOnly = refused(403, T.managersOnly, 'forbidden');

/** The token of the invitation link in a received e-mail's text part. */
function tokenIn(mail: ReceivedMail): string {
  const match = /https:\/\/app\.example\.com\/join\?token=(\S+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no join link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

for (const target of databaseTargets()) {
  describe(`team invitations by e-mail on ${target.name}`, () => {
    let smtp: FakeSmtp;
    let app: TestApp;
    let database: Awaited<ReturnType<typeof target.open>>;
    let now = new Date('2026-03-02T09:00:00Z');
    let owner: TestUser;
    let member: TestUser;
    let ownerB: TestUser;
    let stranger: TestUser;

    beforeAll(async () => {
      smtp = await startFakeSmtp();
      owner = await createTestUser({ verified: true });
      member = await createTestUser({ verified: true });
      ownerB = await createTestUser({ verified: true });
      stranger = await createTestUser({ verified: true });
      database = await target.open();
      app = await startTestApp({
        database,
        clock: { now: () => now },
        env: { SMTP_URL: smtp.url, PUBLIC_URL, REMINDER_TOKEN_SECRET: 'invite-test-secret-'.padEnd(40, 'x') },
      });
      await app.register(owner, 'Olivia Owner');
      await app.register(member, 'Mo Member');
      await app.register(ownerB, 'Bea Other');
      await app.register(stranger, 'Stan Stranger');
      await app.client(owner).createTeam({ name: 'Northwind Sales' });
      await app.client(ownerB).createTeam({ name: 'Contoso SDRs' });
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
      await smtp?.close();
    });

    /** Invite `email` as the owner and return the e-mail that arrived for it. */
    async function invite(email: string, role: 'admin' | 'member' = 'member'): Promise<ReceivedMail> {
      const before = smtp.messages.length;
      await app.client(owner).inviteToTeam({ email, role });
      await smtp.waitFor(before + 1);
      const mail = smtp.messages[before]!;
      expect(mail.envelopeTo).toEqual([email.toLowerCase()]);
      return mail;
    }

    it('a new person gets the e-mail, registers with the invited address and joins with the invited role; the link works once', async () => {
      const email = uniqueEmail('new-rep');
      const mail = await invite(email.toUpperCase(), 'admin');
      expect(mail.subject).toBe(inviteSubject('Northwind Sales'));
      expect(mail.text).toContain('Olivia Owner invited you to join the team "Northwind Sales" on Icebreak & Enrich as an admin.');
      expect(mail.text).toContain('expires in 7 days');
      expect(mail.html).toContain(`href="${PUBLIC_URL}/join?token=`);
      const { invites } = await app.client(owner).getTeamInvites();
      expect(invites).toEqual([
        {
          id: expect.any(String),
          email,
          role: 'admin',
          status: 'pending',
          invitedBy: 'Olivia Owner',
          sentAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + 7 * DAY).toISOString(),
        },
      ]);

      // Registering: an unverified account cannot accept yet.
      const newcomer = await createTestUser({ email });
      await app.register(newcomer, 'Nina New');
      await expect(app.client(newcomer).acceptTeamInvite({ token: tokenIn(mail) })).rejects.toThrow(
        refused(403, MESSAGES.emailNotVerified, 'forbidden'),
      );
      const verified = await createTestUser({ verified: true });
      // Another verified person holding the link is refused, and told which address it is for (masked).
      await app.register(verified, 'Val Verified');
      await expect(app.client(verified).acceptTeamInvite({ token: tokenIn(mail) })).rejects.toThrow(
        refused(403, T.inviteOtherEmail(maskEmail(email)), 'forbidden'),
      );

      // The newcomer verifies the address and accepts.
      const accepted = await createTestUserVerified(newcomer);
      const { team } = await app.client(accepted).acceptTeamInvite({ token: tokenIn(mail) });
      expect(team).toMatchObject({ name: 'Northwind Sales', role: 'admin' });
      expect((await app.client(owner).getTeamInvites()).invites).toEqual([]);
      await expect(app.client(accepted).acceptTeamInvite({ token: tokenIn(mail) })).rejects.toThrow(refused(410, T.inviteUsed, 'gone'));
    });

    it('members cannot invite or read invitations; team B cannot resend or revoke team A invitations', async () => {
      const mail = await invite(uniqueEmail('someone'));
      const id = (await app.client(owner).getTeamInvites()).invites.at(-1)!.id;
      // Put Mo in as a plain member, through his own invitation.
      const moMail = await invite(member.email);
      await app.client(member).acceptTeamInvite({ token: tokenIn(moMail) });
      await expect(app.client(member).inviteToTeam({ email: uniqueEmail(), role: 'member' })).rejects.toThrow(managersOnly);
      await expect(app.client(member).getTeamInvites()).rejects.toThrow(managersOnly);
      await expect(app.client(member).revokeTeamInvite(id)).rejects.toThrow(managersOnly);
      await expect(app.client(ownerB).resendTeamInvite(id)).rejects.toThrow(refused(404, T.inviteNotFound, 'not_found'));
      await expect(app.client(ownerB).revokeTeamInvite(id)).rejects.toThrow(refused(404, T.inviteNotFound, 'not_found'));
      expect((await app.client(owner).getTeamInvites()).invites.map((i) => i.id)).toContain(id);
      expect(tokenIn(mail)).toMatch(/\./);
    });

    it('addresses already in this team or another, or already invited, are refused with what to do', async () => {
      await expect(app.client(owner).inviteToTeam({ email: member.email, role: 'member' })).rejects.toThrow(
        refused(409, T.alreadyMember, 'conflict'),
      );
      await expect(app.client(owner).inviteToTeam({ email: ownerB.email, role: 'member' })).rejects.toThrow(
        refused(409, T.inOtherTeam, 'conflict'),
      );
      const email = uniqueEmail('twice');
      await invite(email);
      await expect(app.client(owner).inviteToTeam({ email, role: 'admin' })).rejects.toThrow(refused(409, T.alreadyInvited, 'conflict'));
      await expect(app.client(owner).inviteToTeam({ email: 'not-an-address', role: 'member' })).rejects.toThrow(
        `400: ${JSON.stringify({ message: MESSAGES.emailInvalid, code: 'validation' }).slice(0, -1)}`,
      );
    });

    it('the token is bound to the role and the e-mail of its row: an edited row refuses the link', async () => {
      const mail = await invite(stranger.email);
      const token = tokenIn(mail);
      const id = token.split('.')[0]!;
      await database.db.update(teamInvites).set({ role: 'admin' }).where(eq(teamInvites.id, id));
      await expect(app.client(stranger).acceptTeamInvite({ token })).rejects.toThrow(invalidLink);
      await database.db.update(teamInvites).set({ role: 'member' }).where(eq(teamInvites.id, id));
      await expect(app.client(stranger).acceptTeamInvite({ token: `${id}.${'A'.repeat(43)}` })).rejects.toThrow(invalidLink);
      await expect(app.client(stranger).acceptTeamInvite({ token: 'garbage' })).rejects.toThrow(invalidLink);
      // Revoked: the link says so.
      expect(await app.client(owner).revokeTeamInvite(id)).toEqual({ message: T.inviteRevokedDone });
      await expect(app.client(stranger).acceptTeamInvite({ token })).rejects.toThrow(refused(410, T.inviteRevoked, 'gone'));
      expect(await app.client(stranger).getTeam()).toEqual({ team: null });
    });

    it('a link expires after 7 days; a resend sends a new link, retires the old one and restarts the 7 days', async () => {
      const person = await createTestUser({ verified: true });
      await app.register(person, 'Paula Late');
      const first = tokenIn(await invite(person.email));
      now = new Date(now.getTime() + 7 * DAY + 60_000);
      await expect(app.client(person).acceptTeamInvite({ token: first })).rejects.toThrow(refused(410, T.inviteExpired, 'gone'));
      const listed = (await app.client(owner).getTeamInvites()).invites.find((i) => i.email === person.email)!;
      expect(listed.status).toBe('expired');

      const before = smtp.messages.length;
      const after = await app.client(owner).resendTeamInvite(listed.id);
      expect(after.invites.find((i) => i.id === listed.id)).toMatchObject({ status: 'pending', sentAt: now.toISOString() });
      await smtp.waitFor(before + 1);
      const second = tokenIn(smtp.messages[before]!);
      expect(second).not.toBe(first);
      await expect(app.client(person).acceptTeamInvite({ token: first })).rejects.toThrow(invalidLink);
      expect((await app.client(person).acceptTeamInvite({ token: second })).team?.role).toBe('member');
    });

    it('an e-mail the SMTP server refuses leaves no invitation behind and says why', async () => {
      const email = uniqueEmail('bounce');
      smtp.refuseNext(1, 550);
      await expect(app.client(owner).inviteToTeam({ email, role: 'member' })).rejects.toThrow(`502: {"message":"${T.inviteNotSent}: `);
      expect((await app.client(owner).getTeamInvites()).invites.map((i) => i.email)).not.toContain(email);
      expect(await database.db.select().from(teamInvites).where(eq(teamInvites.email, email))).toEqual([]);
    });

    /** The emulator marks the account verified (as the e-mail link would) and the user signs in again. */
    async function createTestUserVerified(user: TestUser): Promise<TestUser> {
      const projectId = process.env.FIREBASE_PROJECT_ID ?? TEST_EMULATOR.projectId;
      await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: user.uid, emailVerified: true, targetProjectId: projectId }),
      });
      await user.refresh();
      return user;
    }
  });
}
