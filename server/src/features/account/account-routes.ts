import { Router } from 'express';
import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import { creditHistoryQuerySchema, deleteAccountRequestSchema, emailSchema, type AccountExport } from '@shared/schemas';
import type { Logger } from 'pino';
import type { IdentityVerifier } from '../../auth/identity';
import type { SessionRevocations } from '../../auth/session-revocations';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/database';
import { assertOwnEmail, identityOf, type RequireAuth } from '../../http/auth';
import type { CreditsService } from '../credits';
import type { CurrentUser, UsersRepository } from '../users';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { createAccountRepository } from './account-repository';
import { createAccountService } from './account-service';
import { assertNoOwnedTeam } from '../teams';

/** `?email=` is optional on the history: when given it must be the caller's own (403 otherwise). */
const historyQuerySchema = z.extend(creditHistoryQuerySchema, { email: z.optional(emailSchema) });

/** The account (docs/product.md#settings-and-account): deletion, export, credit history and usage; always the caller's own. */
/** What the account routes use. */
export interface AccountRouterDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
  users: Pick<UsersRepository, 'byUid'>;
  credits: Pick<CreditsService, 'balance'>;
  sessionRevocations: Pick<SessionRevocations, 'revoke'>;
  verifier: IdentityVerifier;
  db: Db;
  database: Pick<Database, 'raw'>;
  config: Config;
  clock: Clock;
  logger: Logger;
}

export function createAccountRouter(ctx: AccountRouterDeps) {
  const repo = createAccountRepository(ctx.db, ctx.database.raw);
  const account = createAccountService({
    config: ctx.config,
    repo,
    verifier: ctx.verifier,
    revokeSessions: ctx.sessionRevocations.revoke,
    clock: ctx.clock,
    logger: ctx.logger,
  });
  const router = Router();

  router.delete('/user', ctx.requireAuth({ allowRevoked: true }), async (req, res) => {
    const body = parseInput(deleteAccountRequestSchema, req.body);
    const identity = identityOf(req);
    if (body.email.toLowerCase() !== identity.email) throw new HttpError(400, ACCOUNT_MESSAGES.confirmEmailMismatch);
    // No record (a retry after the sign-in account could not be deleted): finish with that step.
    const user = await ctx.users.byUid(identity.uid);
    if (user) await assertNoOwnedTeam(ctx.db, user.id);
    res.json(await account.deleteAccount(identity.uid, user));
  });

  router.get('/user/export', ctx.requireAuth(), async (req, res) => {
    const user = await ctx.currentUser(req);
    const { account: row, data } = await repo.exportAll(user.id);
    const body: AccountExport = { exportedAt: ctx.clock.now().toISOString(), account: row, data };
    const day = body.exportedAt.slice(0, 10);
    res.setHeader('Content-Disposition', `attachment; filename="icebreak-account-${day}.json"`);
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.get('/credits/history', ctx.requireAuth(), async (req, res) => {
    const query = parseInput(historyQuerySchema, req.query);
    if (query.email !== undefined) assertOwnEmail(req, query.email);
    const user = await ctx.currentUser(req);
    // Apply a due monthly reset first, so the history shows it.
    await ctx.credits.balance(user.id);
    res.json(await repo.creditHistory(user.id, { before: query.before, limit: query.limit }));
  });

  router.get('/credits/usage', ctx.requireAuth(), async (req, res) => {
    const before = await ctx.currentUser(req);
    const balance = (await ctx.credits.balance(before.id)) ?? before.credits;
    // Re-read: the lazy reset may have moved the period.
    const user = (await ctx.users.byUid(before.firebaseUid)) ?? before;
    res.json(await account.usage(user, balance));
  });

  return router;
}
