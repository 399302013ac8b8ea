import express, { Router, type Response } from 'express';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { $ZodError } from 'zod/v4/core';
import {
  outboundCallRequestSchema,
  savePhoneRequestSchema,
  startPracticeRequestSchema,
  type CallList,
  type OutboundCallResponse,
  type PhoneResponse,
  type StartPracticeResponse,
} from '@shared/schemas/calls';
import { safeText } from '@shared/schemas/common';
import { SCENARIOS, toScenarioSummary } from '../practice';
import type { CallsRoutesDeps } from './calls-deps';
import { assertAdmin } from '../../http/auth';
import { HttpError, zodErrorBody } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import { CALLS_MESSAGES } from './calls-messages';
import { CallRefused, PRACTICE_SOCKET_PATH, publicUrl, STATUS_CALLBACK_PATH, type CallsService } from './calls-service';
import { toE164 } from './phone-number';

const pageQuerySchema = z.object({
  before: zm.optional(safeText('before').check(zm.trim(), zm.minLength(1), zm.maxLength(64))),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(100, { error: 'limit must be at most 100' })
    .default(20),
});
// Path params too: a NUL in the id reached the database as a 500 (found by the fuzz test, docs/architecture.md#tests-and-loopback-fakes).
const callIdParam = z.object({ id: safeText('The call id').check(zm.minLength(1), zm.maxLength(64)) });

/** Twilio's status callbacks are small forms; anything larger is not from Twilio. */
const STATUS_BODY_LIMIT = '32kb';

/** Readable text for a final status Twilio reports without its own message. */
const STATUS_TEXT: Partial<Record<string, string>> = {
  busy: 'The line was busy.',
  'no-answer': 'Nobody answered the call.',
  failed: 'The call could not be connected.',
  canceled: 'The call was canceled before it was answered.',
};

/**
 * The compatibility call route (docs/product.md#api-routes) answers `{success, error}` on every outcome (the portal reads `error` from
 * non-ok bodies too); `message` is there as on every other error of the API.
 */
function callFailure(res: Response, status: number, error: string, headers: Record<string, string> = {}, retryAt?: Date) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.status(status).json({
    success: false,
    error,
    message: error,
    ...(retryAt ? { retryAt: retryAt.toISOString() } : {}),
  } satisfies OutboundCallResponse & {
    message: string;
    retryAt?: string;
  });
}

/**
 * Practice calls (docs/product.md#practice-calls): `webhook` is Twilio's status callback (form-encoded, signed; mounted
 * before the JSON parser); `api` holds the signed-in routes.
 */
export function createCallsRouters(ctx: CallsRoutesDeps, calls: CallsService) {
  const { repo, provider } = calls;
  const api = Router();

  /** Over the daily cap: Retry-After says when the next call is possible. */
  const retryAfter = (err: CallRefused): Record<string, string> =>
    err.retryAt ? { 'Retry-After': String(Math.max(1, Math.ceil((err.retryAt.getTime() - ctx.clock.now().getTime()) / 1000))) } : {};

  api.get('/user/phone', ctx.requireAuth(), async (req, res) => {
    const user = await ctx.currentUser(req);
    res.json({ phoneNumber: await repo.phone(user.id) } satisfies PhoneResponse);
  });

  api.put('/user/phone', ctx.requireAuth(), async (req, res) => {
    const body = parseInput(savePhoneRequestSchema, req.body);
    const e164 = toE164(body.phoneNumber);
    if (!e164) throw new HttpError(400, CALLS_MESSAGES.phoneInvalid, [{ path: 'phoneNumber', message: CALLS_MESSAGES.phoneInvalid }]);
    const user = await ctx.currentUser(req);
    await repo.savePhone(user.id, e164);
    res.json({ phoneNumber: e164 } satisfies PhoneResponse);
  });

  api.get('/calls/scenarios', ctx.requireAuth(), (_req, res) => {
    res.json(SCENARIOS.map(toScenarioSummary));
  });

  api.post('/outbound-call', ctx.requireAuth(), async (req, res) => {
    let body;
    try {
      body = parseInput(outboundCallRequestSchema, req.body);
    } catch (err) {
      if (err instanceof $ZodError) return callFailure(res, 400, zodErrorBody(err).message);
      throw err;
    }
    if (!provider) return callFailure(res, 503, CALLS_MESSAGES.phoneNotConfigured);
    const user = await ctx.currentUser(req);
    const saved = await repo.phone(user.id);
    if (!saved) return callFailure(res, 400, CALLS_MESSAGES.phoneNotSet);
    // Kept for compatibility: a number in the body must be the saved one (compared as E.164).
    if (body.phoneNumber && toE164(body.phoneNumber) !== saved) return callFailure(res, 400, CALLS_MESSAGES.phoneMismatch);

    let created;
    try {
      created = await calls.createCall({
        userId: user.id,
        mode: 'phone',
        scenarioId: body.scenarioId,
        toNumber: saved,
        fromNumber: provider.fromNumber,
        provider: provider.name,
      });
    } catch (err) {
      if (!(err instanceof CallRefused)) throw err;
      return callFailure(res, err.status, err.message, retryAfter(err), err.retryAt);
    }
    const { call, scenario } = created;
    const placed = await provider.placeCall({
      callId: call.id,
      to: saved,
      relayUrl: calls.relayUrlFor(call),
      statusCallbackUrl: `${publicUrl(ctx.config.PUBLIC_URL, STATUS_CALLBACK_PATH)}?callId=${encodeURIComponent(call.id)}`,
      hints: [scenario.prospect.name, scenario.prospect.company],
    });
    if (!placed.ok) {
      const message = placed.kind === 'refused' ? CALLS_MESSAGES.providerRefused(placed.reason) : CALLS_MESSAGES.providerUnreachable;
      await repo.markRefused(call.id, placed.kind === 'refused' ? message : `${message} (${placed.reason})`);
      req.log?.warn({ callId: call.id, reason: placed.reason }, 'practice call not placed');
      return callFailure(res, 502, message);
    }
    await repo.setProviderCall(call.id, placed.providerCallId);
    req.log?.info({ callId: call.id, providerCallId: placed.providerCallId }, 'practice call placed');
    res.json({ success: true, error: null, callId: call.id } satisfies OutboundCallResponse);
  });

  api.post('/calls/practice', ctx.requireAuth(), async (req, res) => {
    const body = parseInput(startPracticeRequestSchema, req.body);
    const user = await ctx.currentUser(req);
    const { call, scenario } = await calls
      .createCall({ userId: user.id, mode: 'browser', scenarioId: body.scenarioId })
      .catch((err: unknown) => {
        if (err instanceof CallRefused) res.set(retryAfter(err));
        throw err;
      });
    const out: StartPracticeResponse = {
      callId: call.id,
      scenario: toScenarioSummary(scenario),
      socketPath: PRACTICE_SOCKET_PATH,
      maxMinutes: calls.limits.maxMinutes,
    };
    res.status(201).json(out);
  });

  api.get('/calls', ctx.requireAuth(), async (req, res) => {
    const page = parseInput(pageQuerySchema, req.query);
    const user = await ctx.currentUser(req);
    calls.purgeNowAndThen();
    const { rows, more } = await repo.listForUser(user.id, page);
    const body: CallList = { items: rows.map(calls.toSummary), nextBefore: more ? (rows.at(-1)?.id ?? null) : null };
    res.json(body);
  });

  api.get('/calls/:id', ctx.requireAuth(), async (req, res) => {
    const { id } = parseInput(callIdParam, { id: pathParam(req.params, 'id') });
    const user = await ctx.currentUser(req);
    const row = await repo.byId(id);
    // Another user's call is "not found": its existence is not theirs to learn.
    if (!row || row.userId !== user.id) throw new HttpError(404, CALLS_MESSAGES.callNotFound);
    res.json(await calls.toDetail(row));
  });

  api.get('/outbound-calls', ctx.requireAuth(), async (req, res) => {
    assertAdmin(req);
    const page = parseInput(pageQuerySchema, req.query);
    const { rows } = await repo.listOutbound(page);
    res.json(rows.map(calls.toOutboundRecord));
  });

  const webhook = Router();
  webhook.post(
    STATUS_CALLBACK_PATH.replace(/^\/api/, ''),
    express.urlencoded({ extended: false, limit: STATUS_BODY_LIMIT }),
    async (req, res) => {
      if (!provider) throw new HttpError(503, CALLS_MESSAGES.phoneNotConfigured);
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
      // Twilio signs the URL it was given (PUBLIC_URL + path + our query) and the form fields.
      const url = publicUrl(ctx.config.PUBLIC_URL, req.originalUrl);
      if (!provider.validSignature(req.get('x-twilio-signature'), url, params)) {
        req.log?.warn({ path: req.path }, 'unsigned or wrongly signed status callback refused');
        throw new HttpError(403, CALLS_MESSAGES.invalidSignature);
      }
      const update = provider.parseStatusCallback(params);
      const callId = typeof req.query.callId === 'string' ? req.query.callId : '';
      const call = callId ? await repo.byId(callId) : undefined;
      // A signed callback for a call we do not know (deleted, or another deployment's): nothing to do.
      if (!call || (call.providerCallId && update.providerCallId && call.providerCallId !== update.providerCallId)) {
        res.status(204).end();
        return;
      }
      if (!call.providerCallId && update.providerCallId) await repo.setProviderCall(call.id, update.providerCallId);
      if (update.status) {
        const errorMessage = update.errorMessage ?? STATUS_TEXT[update.status] ?? null;
        const moved = await repo.advance(call.id, update.status, { errorMessage: update.status === 'completed' ? null : errorMessage });
        req.log?.info({ callId: call.id, status: update.status, moved: Boolean(moved) }, 'call status callback');
      }
      res.status(204).end();
    },
  );

  return { api, webhook };
}
