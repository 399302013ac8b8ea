import { randomBytes, randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import {
  acceptInviteRequestSchema,
  createInviteRequestSchema,
  type MessageResponse,
  type TeamInvite,
  type TeamInviteList,
  type TeamResponse,
} from '@shared/schemas';
import { TEAM_LIMITS, TEAM_MESSAGES as T } from '@shared/teams';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { identityOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { maskEmail } from '../../http/log-safety';
import { parseInput, pathParam } from '../../http/validate';
import { MailSendError, sendWithRetry, type Mailer } from '../mail';
import type { UserRow } from '../users';
import { buildInviteEmail } from './invite-email';
import { createInviteToken, inviteIdOf, tokenMatches } from './invite-token';
import { createInvitesRepository, type InviteRow } from './invites-repository';
import { requireManager } from './team-access';
import type { TeamsRepository } from './teams-repository';

export interface InvitesDeps {
  db: Db;
  clock: Clock;
  requireAuth: () => RequestHandler;
  currentUser: (req: Request) => Promise<UserRow>;
  mailer: Mailer;
  /** PUBLIC_URL for the link; the server's token secret signs it. */
  config: Pick<Config, 'PUBLIC_URL' | 'REMINDER_TOKEN_SECRET'>;
}

const DAY_MS = 86_400_000;

/** Invitations by e-mail (docs/product.md#team-invitations): send, list, resend, revoke (managers); accept (the invited address). */
export function createInvitesRouter(deps: InvitesDeps, teams: TeamsRepository, teamAnswer: (userId: string) => Promise<TeamResponse>) {
  const repo = createInvitesRepository(deps.db);
  const secret = deps.config.REMINDER_TOKEN_SECRET;
  const router = Router();
  const auth = deps.requireAuth();

  /** Send (or resend) the e-mail for this invitation with its current nonce and expiry. */
  async function send(req: Request, invite: InviteRow, team: string, inviter: UserRow) {
    const token = createInviteToken(secret, invite);
    const message = buildInviteEmail({
      to: invite.email,
      team,
      inviter: inviter.name?.trim() || inviter.email,
      role: invite.role,
      token,
      expiresAt: invite.expiresAt,
      publicUrl: deps.config.PUBLIC_URL,
    });
    try {
      await sendWithRetry(deps.mailer, message);
      req.log?.info({ to: maskEmail(invite.email), invite: invite.id }, 'team invitation sent');
    } catch (err) {
      const reason = err instanceof MailSendError ? err.message : String(err);
      req.log?.error({ to: maskEmail(invite.email), error: reason }, 'team invitation not sent');
      throw new HttpError(502, `${T.inviteNotSent}: ${reason}`);
    }
  }

  function toInvite(r: { invite: InviteRow; inviter: string | null; inviterEmail: string }, now: Date): TeamInvite {
    return {
      id: r.invite.id,
      email: r.invite.email,
      role: r.invite.role,
      status: r.invite.expiresAt <= now ? 'expired' : 'pending',
      invitedBy: r.inviter ?? r.inviterEmail,
      sentAt: r.invite.sentAt.toISOString(),
      expiresAt: r.invite.expiresAt.toISOString(),
    };
  }

  async function list(teamId: string): Promise<TeamInviteList> {
    const now = deps.clock.now();
    return { invites: (await repo.listOpen(teamId)).map((r) => toInvite(r, now)) };
  }

  router.post('/team/invites', auth, async (req, res) => {
    const body = parseInput(createInviteRequestSchema, req.body);
    const email = body.email.toLowerCase();
    const user = await deps.currentUser(req);
    const me = requireManager(await teams.membership(user.id));
    const account = await repo.accountByEmail(email);
    if (account?.teamId === me.teamId) throw new HttpError(409, T.alreadyMember);
    if (account?.teamId) throw new HttpError(409, T.inOtherTeam);
    if (await repo.openFor(me.teamId, email)) throw new HttpError(409, T.alreadyInvited);
    const now = deps.clock.now();
    const invite: InviteRow = {
      id: randomUUID(),
      teamId: me.teamId,
      email,
      role: body.role,
      invitedBy: user.id,
      nonce: randomBytes(16).toString('base64url'),
      sentAt: now,
      expiresAt: new Date(now.getTime() + TEAM_LIMITS.inviteDays * DAY_MS),
      acceptedAt: null,
      revokedAt: null,
      createdAt: now,
    };
    if (!(await repo.insert(invite))) throw new HttpError(409, T.alreadyInvited);
    try {
      await send(req, invite, me.teamName, user);
    } catch (err) {
      await repo.remove(invite.id);
      throw err;
    }
    res.status(201).json(await list(me.teamId));
  });

  router.get('/team/invites', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    const me = requireManager(await teams.membership(user.id));
    res.json(await list(me.teamId));
  });

  router.post('/team/invites/:id/resend', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    const me = requireManager(await teams.membership(user.id));
    const found = await repo.openOfTeam(me.teamId, pathParam(req.params, 'id'));
    if (!found) throw new HttpError(404, T.inviteNotFound);
    const now = deps.clock.now();
    const renewed: InviteRow = {
      ...found,
      nonce: randomBytes(16).toString('base64url'),
      sentAt: now,
      expiresAt: new Date(now.getTime() + TEAM_LIMITS.inviteDays * DAY_MS),
    };
    // The e-mail first: when it fails, the previous link still works and nothing changed.
    await send(req, renewed, me.teamName, user);
    if (!(await repo.renew(found.id, renewed.nonce, renewed.sentAt, renewed.expiresAt))) throw new HttpError(404, T.inviteNotFound);
    res.json(await list(me.teamId));
  });

  router.delete('/team/invites/:id', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    const me = requireManager(await teams.membership(user.id));
    if (!(await repo.revoke(me.teamId, pathParam(req.params, 'id'), deps.clock.now()))) throw new HttpError(404, T.inviteNotFound);
    res.json({ message: T.inviteRevokedDone } satisfies MessageResponse);
  });

  router.post('/team/invites/accept', auth, async (req, res) => {
    const { token } = parseInput(acceptInviteRequestSchema, req.body);
    const id = inviteIdOf(token);
    if (!id) throw new HttpError(404, T.inviteInvalid);
    const user = await deps.currentUser(req);
    const invite = await repo.byId(deps.db, id);
    if (!invite || !tokenMatches(secret, token, invite)) throw new HttpError(404, T.inviteInvalid);
    // The address first: someone else holding the link learns nothing about the invitation's state.
    if (identityOf(req).email !== invite.email) throw new HttpError(403, T.inviteOtherEmail(maskEmail(invite.email)));
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      const locked = await repo.byId(tx, id, true);
      if (!locked) throw new HttpError(410, T.inviteTeamGone);
      if (locked.acceptedAt) throw new HttpError(410, T.inviteUsed);
      if (locked.revokedAt) throw new HttpError(410, T.inviteRevoked);
      if (locked.nonce !== invite.nonce) throw new HttpError(404, T.inviteInvalid);
      if (locked.expiresAt <= now) throw new HttpError(410, T.inviteExpired);
      if (!(await repo.join(tx, locked, user.id, now))) throw new HttpError(409, T.alreadyInTeam);
    });
    res.json(await teamAnswer(user.id));
  });

  return router;
}
