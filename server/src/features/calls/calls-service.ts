import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import type { CallDetail, CallSummary, OutboundCallRecord } from '@shared/schemas/calls';
import type { CallsServiceDeps } from './calls-deps';
import { HttpError } from '../../http/errors';
import { createSettingsRepository } from '../settings';
import type { PracticeEngine } from '../practice';
import type { SellerContext } from '../practice';
import { pickScenario, scenarioById, toScenarioSummary, type Scenario } from '../practice';
import { CALLS_MESSAGES } from './calls-messages';
import type { PracticeConversation } from './practice-conversation';
import { createCallsRepository, durationSeconds, type CallRow, type CreateCallInput } from './calls-repository';
import type { TelephonyProvider } from './telephony-provider';

export const RELAY_PATH = '/api/calls/relay';
export const PRACTICE_SOCKET_PATH = '/api/calls/practice/socket';
export const STATUS_CALLBACK_PATH = '/api/calls/status';
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** PUBLIC_URL + path: the address Twilio calls (and signs). */
export function publicUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** The same address as a WebSocket URL (https → wss). */
export function publicWsUrl(base: string, path: string): string {
  return publicUrl(base, path).replace(/^http(s?):/, 'ws$1:');
}

/**
 * Rings of the user's phone a day for each practice call of the daily limit: unanswered or silent
 * calls are not counted against that limit, and this keeps anyone from ringing a number over and over.
 */
const PHONE_DIALS_PER_PRACTICE_CALL = 2;

/** A call refused before it started: the route turns it into the right status and message. */
export class CallRefused extends HttpError {}

/** What the practice-call routes and sockets share: storage, scenarios, the engine, the provider. */
export function createCallsService(ctx: CallsServiceDeps, engine: PracticeEngine, provider: TelephonyProvider | null) {
  const repo = createCallsRepository(ctx.db, ctx.clock);
  const settings = createSettingsRepository(ctx);
  const limits = {
    perDay: ctx.config.PRACTICE_CALLS_PER_DAY,
    dialsPerDay: ctx.config.PRACTICE_CALLS_PER_DAY * PHONE_DIALS_PER_PRACTICE_CALL,
    maxMinutes: ctx.config.PRACTICE_CALL_MAX_MINUTES,
  };

  function chooseScenario(requested: string | undefined, lastId: string | null): Scenario {
    if (!requested) return pickScenario(lastId);
    const scenario = scenarioById(requested);
    if (!scenario) throw new CallRefused(400, CALLS_MESSAGES.unknownScenario);
    return scenario;
  }

  /** Create the call record, or refuse: 409 while another is active, 429 over the daily cap. */
  async function createCall(input: Omit<CreateCallInput, 'id' | 'scenarioId' | 'scenarioTitle'> & { scenarioId?: string }) {
    const scenario = chooseScenario(input.scenarioId, await repo.lastScenarioId(input.userId));
    const outcome = await repo.create({ ...input, id: randomUUID(), scenarioId: scenario.id, scenarioTitle: scenario.title }, limits);
    if (!outcome.ok && outcome.reason === 'busy') throw new CallRefused(409, CALLS_MESSAGES.callInProgress);
    if (!outcome.ok) {
      const message =
        outcome.reason === 'dials' ? CALLS_MESSAGES.phoneDialLimit(limits.dialsPerDay) : CALLS_MESSAGES.dailyLimit(limits.perDay);
      const err = new CallRefused(429, message);
      err.retryAt = outcome.nextAt;
      throw err;
    }
    purgeNowAndThen();
    return { call: outcome.call, scenario };
  }

  /** Calls past the retention period go (with their transcripts), at most once an hour per process. */
  let lastPurgeAt = 0;
  function purgeNowAndThen() {
    const now = Date.now();
    if (now - lastPurgeAt < PURGE_INTERVAL_MS) return;
    lastPurgeAt = now;
    repo.purgeExpired().catch((err: unknown) => ctx.logger.warn({ err }, 'practice call purge failed'));
  }

  async function sellerOf(userId: string): Promise<SellerContext> {
    const s = await settings.get(userId);
    return { name: s.name || undefined, aboutMe: s.aboutMe || undefined, contentPreferences: s.contentPreferences || undefined };
  }

  function scenarioOf(call: CallRow): Scenario | undefined {
    return scenarioById(call.scenarioId);
  }

  function toSummary(row: CallRow): CallSummary {
    return {
      id: row.id,
      mode: row.mode,
      status: row.status,
      scenario: { id: row.scenarioId, title: row.scenarioTitle },
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      durationSeconds: durationSeconds(row),
      score: row.feedback?.score ?? null,
      errorMessage: row.errorMessage,
    };
  }

  async function toDetail(row: CallRow): Promise<CallDetail> {
    const scenario = scenarioOf(row);
    const turns = await repo.turns(row.id);
    return {
      ...toSummary(row),
      // A scenario removed from the library since: the stored title still names it.
      scenario: scenario
        ? toScenarioSummary(scenario)
        : {
            id: row.scenarioId,
            title: row.scenarioTitle,
            summary: '',
            prospectName: '',
            prospectRole: '',
            company: '',
            difficulty: 'medium',
            goal: '',
          },
      transcript: turns.map((t) => ({ role: t.role, text: t.text, at: t.createdAt.toISOString() })),
      feedback: row.feedback ?? null,
    };
  }

  function toOutboundRecord(row: CallRow & { email: string }): OutboundCallRecord {
    return {
      id: row.id,
      user: { email: row.email },
      quest: { title: row.scenarioTitle },
      status: row.status,
      scheduledFor: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      errorMessage: row.errorMessage,
    };
  }

  /**
   * The relay URL named in a call's TwiML. Twilio signs the full URL it connects to, query string
   * included, so its signature holds only for this call; the token binds the URL to the call's user.
   */
  function relayUrlFor(call: Pick<CallRow, 'id' | 'userId'>): string {
    const query = new URLSearchParams({ callId: call.id, token: relayToken(call) });
    return `${publicWsUrl(ctx.config.PUBLIC_URL, RELAY_PATH)}?${query.toString()}`;
  }
  function relayToken(call: Pick<CallRow, 'id' | 'userId'>): string {
    // Keyed with the Twilio auth token: set whenever phone calls are (config), secret like it.
    return createHmac('sha256', ctx.config.TWILIO_AUTH_TOKEN ?? '')
      .update(`relay:${call.id}:${call.userId}`)
      .digest('base64url');
  }
  function validRelayToken(call: Pick<CallRow, 'id' | 'userId'>, token: string): boolean {
    const expected = Buffer.from(relayToken(call));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Sessions running in this process (shutdown waits for them to be stored). */
  const live = new Set<PracticeConversation>();
  function track(conversation: PracticeConversation) {
    live.add(conversation);
    void conversation.done().finally(() => live.delete(conversation));
  }

  return {
    repo,
    engine,
    provider,
    limits,
    live,
    track,
    createCall,
    relayUrlFor,
    validRelayToken,
    purgeNowAndThen,
    sellerOf,
    scenarioOf,
    toSummary,
    toDetail,
    toOutboundRecord,
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
