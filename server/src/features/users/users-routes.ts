import { Router } from 'express';
import { MESSAGES } from '@shared/messages';
import { z } from 'zod';
import { createUserRequestSchema, emailSchema, registerUserRequestSchema, uidSchema, type UserWriteResponse } from '@shared/schemas';
import type { CreditsService } from '../credits';
import { assertOwnEmail, assertOwnUid, identityOf, type RequireAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import { toUserRecord, type UserRow, type UsersRepository } from './users-repository';
import type { CurrentUser } from '.';

const uidParam = z.object({ uid: uidSchema });
const emailParam = z.object({ email: emailSchema });

/** What the users routes use. */
export interface UsersRouterDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
  users: Pick<UsersRepository, 'createIfMissing'>;
  credits: Pick<CreditsService, 'balanceOf'>;
}

export function createUsersRouter(ctx: UsersRouterDeps) {
  const router = Router();

  async function record(row: UserRow, isAdmin: boolean) {
    const credits = await ctx.credits.balanceOf(row);
    return toUserRecord(row, { credits, isAdmin, subscriptionStatus: row.subscriptionStatus });
  }

  /** The body of the two creation routes must describe the signed-in account, not another one. */
  function assertMatchesToken(req: Parameters<typeof identityOf>[0], body: { firebaseUid: string; email: string }) {
    const identity = identityOf(req);
    if (identity.uid !== body.firebaseUid || identity.email !== body.email.toLowerCase()) {
      throw new HttpError(403, MESSAGES.tokenMismatch);
    }
  }

  async function create(req: Parameters<typeof identityOf>[0], input: { firebaseUid: string; email: string; name: string | null }) {
    const outcome = await ctx.users.createIfMissing({ ...input, emailVerified: identityOf(req).emailVerified });
    if ('conflict' in outcome) {
      throw new HttpError(409, MESSAGES.emailTaken);
    }
    const user = await record(outcome.user, identityOf(req).isAdmin);
    const body: UserWriteResponse = { message: outcome.created ? 'User created' : 'User already exists', user };
    return { status: outcome.created ? 201 : 200, body };
  }

  router.get('/user/:uid', ctx.requireAuth(), async (req, res) => {
    assertOwnUid(req, parseInput(uidParam, { uid: pathParam(req.params, 'uid') }).uid);
    const row = await ctx.currentUser(req);
    res.json(await record(row, identityOf(req).isAdmin));
  });

  router.post('/user', ctx.requireAuth({ allowUnverified: true }), async (req, res) => {
    const body = parseInput(createUserRequestSchema, req.body);
    assertMatchesToken(req, body);
    const { status, body: out } = await create(req, { ...body, name: null });
    res.status(status).json(out);
  });

  router.post('/users', ctx.requireAuth({ allowUnverified: true }), async (req, res) => {
    const body = parseInput(registerUserRequestSchema, req.body);
    assertMatchesToken(req, body);
    const { status, body: out } = await create(req, body);
    res.status(status).json(out);
  });

  router.get('/user-credits/:email', ctx.requireAuth(), async (req, res) => {
    assertOwnEmail(req, parseInput(emailParam, { email: pathParam(req.params, 'email') }).email);
    const row = await ctx.currentUser(req);
    // One round trip: the row read above carries the balance (a query only when a reset is due).
    res.json({ credits: await ctx.credits.balanceOf(row) });
  });

  return router;
}
