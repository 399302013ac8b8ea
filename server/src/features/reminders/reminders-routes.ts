import express, { Router, type Request, type Response } from 'express';
import { MESSAGES, PORTAL_MESSAGES, REMINDER_MESSAGES as R } from '@shared/messages';
import {
  instantTestReminderRequestSchema,
  reminderPreferencesSchema,
  type MessageResponse,
  type ReminderPreferencesResponse,
  type ReminderUser,
} from '@shared/schemas';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { assertAdmin, assertOwnUid, type RequireAuth } from '../../http/auth';
import type { CurrentUser, UsersRepository } from '../users';
import { HttpError } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import { MailSendError, sendWithRetry, type MailMessage, type Mailer } from '../mail';
import { maskEmail } from '../../http/log-safety';
import { reminderMessageFor, testMessageTo } from './reminder-message';
import { createRemindersRepository, scheduleOf, type PreferencesRow, type ReminderRecipient } from './reminders-repository';
import { nextSlotAfter } from './slots';
import { unsubscribePage } from './unsubscribe-page';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** What a user who never saved reminder settings sees. */
const DEFAULTS = { enabled: false, callFrequency: 'daily', weekday: null, preferredCallTime: '09:00', userTimezone: 'UTC' } as const;

/**
 * Practice reminders (docs/product.md#practice-reminders). `unsubscribe` takes the form-encoded one-click POST of RFC 8058
 * and is mounted before the JSON-only guard; `api` holds the signed-in routes. Mount `api` before
 * the users router: its /user/:uid would otherwise take /user/reminders.
 */
/** What the reminders routes use. */
export interface RemindersRouterDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
  users: Pick<UsersRepository, 'byEmail'>;
  mailer: Mailer;
  db: Db;
  config: Config;
  clock: Clock;
}

export function createRemindersRouters(ctx: RemindersRouterDeps) {
  const repo = createRemindersRepository(ctx.db);

  function toResponse(row: PreferencesRow | undefined): ReminderPreferencesResponse {
    if (!row) return { ...DEFAULTS, nextReminderAt: null, saved: false };
    const schedule = scheduleOf(row);
    return {
      enabled: row.enabled,
      ...schedule,
      nextReminderAt: row.enabled ? nextSlotAfter(schedule, ctx.clock.now()).toISOString() : null,
      saved: true,
    };
  }

  async function getOwn(req: Request, res: Response) {
    const user = await ctx.currentUser(req);
    res.json(toResponse(await repo.get(user.id)));
  }

  async function saveOwn(req: Request, res: Response) {
    const prefs = parseInput(reminderPreferencesSchema, req.body);
    const user = await ctx.currentUser(req);
    const now = ctx.clock.now();
    const next = prefs.enabled ? nextSlotAfter({ ...prefs, weekday: prefs.weekday ?? null }, now) : null;
    res.json(toResponse(await repo.save(user.id, prefs, next, now)));
  }

  /** The user's reminder recipient; the defaults when they never saved reminder settings. */
  async function recipientOf(user: { id: string; email: string; name: string | null }): Promise<ReminderRecipient> {
    return (
      (await repo.recipient(user.id)) ?? {
        userId: user.id,
        email: user.email,
        name: user.name,
        enabled: false,
        schedule: { ...DEFAULTS },
        nextReminderAt: null,
      }
    );
  }

  /** Admin test sends: retried with backoff now, and a failure is reported with the server's reason. */
  async function sendTest(req: Request, res: Response, message: MailMessage) {
    try {
      const sent = await sendWithRetry(ctx.mailer, message);
      req.log?.info({ to: maskEmail(message.to), messageId: sent.messageId, file: sent.file }, 'test reminder sent');
      res.json({ message: PORTAL_MESSAGES.reminderSent } satisfies MessageResponse);
    } catch (err) {
      const reason = err instanceof MailSendError ? err.message : String(err);
      req.log?.error({ to: maskEmail(message.to), error: reason }, 'test reminder failed');
      throw new HttpError(502, `${PORTAL_MESSAGES.reminderFailed}: ${reason}`);
    }
  }

  const api = Router();

  api.get('/user/reminders', ctx.requireAuth(), getOwn);
  api.put('/user/reminders', ctx.requireAuth(), saveOwn);
  // The id form of the same routes, as the other /api/user/{uid} routes: the caller's own uid only.
  api.get('/user/:uid/reminders', ctx.requireAuth(), async (req, res) => {
    assertOwnUid(req, pathParam(req.params, 'uid'));
    await getOwn(req, res);
  });
  api.put('/user/:uid/reminders', ctx.requireAuth(), async (req, res) => {
    assertOwnUid(req, pathParam(req.params, 'uid'));
    await saveOwn(req, res);
  });

  api.get('/users/email-enabled', ctx.requireAuth(), async (req, res) => {
    assertAdmin(req);
    const list = await repo.listEnabled();
    res.json(
      list.map((r): ReminderUser => ({
        id: r.userId,
        email: r.email,
        callFrequency: r.schedule.callFrequency,
        preferredCallTime: r.schedule.preferredCallTime,
        userTimezone: r.schedule.userTimezone,
      })),
    );
  });

  api.post('/reminders/instant-test', ctx.requireAuth(), async (req, res) => {
    assertAdmin(req);
    const { email } = parseInput(instantTestReminderRequestSchema, req.body);
    const now = ctx.clock.now();
    // An account's address gets that account's own reminder (its unsubscribe link works for it).
    const user = await ctx.users.byEmail(email);
    const message = user ? reminderMessageFor(ctx.config, await recipientOf(user), now) : testMessageTo(ctx.config, email, now);
    await sendTest(req, res, message);
  });

  api.post('/reminders/test/:userId', ctx.requireAuth(), async (req, res) => {
    assertAdmin(req);
    const user = await repo.user(pathParam(req.params, 'userId'));
    if (!user) throw new HttpError(404, MESSAGES.userNotFound);
    const message = reminderMessageFor(ctx.config, await recipientOf(user), ctx.clock.now());
    await sendTest(req, res, message);
  });

  /** The link works without signing in: the signed token says whose reminders to turn off. */
  const unsubscribe = Router();
  const tokenOf = (req: Request) => (typeof req.query.token === 'string' ? req.query.token : '');
  const wantsHtml = (req: Request) => req.accepts(['json', 'html']) === 'html';

  function answer(req: Request, res: Response, status: number, title: string, body: string, form?: string) {
    if (wantsHtml(req)) {
      res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(unsubscribePage({ title, body, form }));
    } else {
      res.status(status).json({ message: status >= 400 ? body : title } satisfies MessageResponse);
    }
  }

  // GET only shows a confirmation: link scanners and previews fetch links, and must not unsubscribe.
  unsubscribe.get('/reminders/unsubscribe', (req, res) => {
    const token = tokenOf(req);
    if (!verifyUnsubscribeToken(ctx.config.REMINDER_TOKEN_SECRET, token)) {
      answer(req, res, 400, 'Invalid link', R.unsubscribeInvalid);
      return;
    }
    answer(req, res, 200, R.unsubscribeConfirmTitle, R.unsubscribeConfirmBody, `?token=${encodeURIComponent(token)}`);
  });

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the header's URL.
  unsubscribe.post('/reminders/unsubscribe', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const subject = verifyUnsubscribeToken(ctx.config.REMINDER_TOKEN_SECRET, tokenOf(req));
    if (!subject) {
      answer(req, res, 400, 'Invalid link', R.unsubscribeInvalid);
      return;
    }
    if ('userId' in subject) {
      const changed = await repo.disable(subject.userId, ctx.clock.now());
      req.log?.info({ userId: subject.userId, changed }, 'reminders turned off by unsubscribe link');
      answer(req, res, 200, R.unsubscribedTitle, R.unsubscribedBody);
    } else {
      answer(req, res, 200, R.unsubscribedTitle, R.testAddressUnsubscribed);
    }
  });

  return { api, unsubscribe };
}
