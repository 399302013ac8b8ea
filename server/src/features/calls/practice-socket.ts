import type { WebSocket } from 'ws';
import { practiceClientMessageSchema, type PracticeClientMessage, type PracticeServerMessage } from '@shared/schemas/calls';
import type { PracticeSocketDeps } from './calls-deps';
import type { Identity } from '../../auth/identity';
import { toScenarioSummary } from '../practice';
import { CALLS_MESSAGES } from './calls-messages';
import type { CallsService } from './calls-service';
import { PracticeConversation, type SessionChannel } from './practice-conversation';

/** The first message must arrive within this time. */
const AUTH_TIMEOUT_MS = 10_000;
/** Close codes: 1008 policy violation (auth, ownership), 1011 server error. */
const POLICY = 1008;

/**
 * Browser practice over a WebSocket. Browsers cannot set headers on a WebSocket, so the first
 * message carries the Firebase ID token (verified like every API request) and the call id, which
 * must be the caller's own browser session, not yet opened. No cookie is involved, so a page of
 * another site cannot act for the user here.
 */
export function handlePracticeSocket(ws: WebSocket, ctx: PracticeSocketDeps, calls: CallsService): void {
  const log = ctx.logger.child({ socket: 'practice' });
  let conversation: PracticeConversation | null = null;
  let authenticating = false;
  /** Messages sent right after `auth`, before the session is ready: handled once it is. */
  const early: PracticeClientMessage[] = [];

  const send = (msg: PracticeServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  const refuse = (message: string, code = POLICY) => {
    send({ type: 'error', message });
    ws.close(code, message.slice(0, 120));
  };

  const authTimer = setTimeout(() => refuse(CALLS_MESSAGES.socketAuthRequired), AUTH_TIMEOUT_MS);
  authTimer.unref();

  const channel: SessionChannel = {
    text: (token, last) => send({ type: 'text', token, last }),
    // The client closes the bubble it was filling.
    turnCut: () => send({ type: 'text', token: '', last: true }),
    ending: async (reason) => send({ type: 'ended', reason }),
    failed: async (apology) => send({ type: 'error', message: apology }),
    finished: (outcome) => {
      if (outcome.feedback) send({ type: 'feedback', feedback: outcome.feedback });
      else if (outcome.status !== 'failed')
        send({ type: 'error', message: outcome.feedbackError ? CALLS_MESSAGES.feedbackFailed : CALLS_MESSAGES.noFeedbackEmpty });
      if (ws.readyState === ws.OPEN) ws.close(1000);
    },
  };

  async function authenticate(token: string, callId: string) {
    let identity: Identity;
    try {
      identity = await ctx.verifier.verify(token);
    } catch {
      return refuse(CALLS_MESSAGES.socketAuthFailed);
    }
    if (!identity.emailVerified) return refuse(CALLS_MESSAGES.socketEmailUnverified);
    const user = await ctx.users.byUid(identity.uid);
    const call = await calls.repo.byId(callId);
    if (!user || !call || call.userId !== user.id || call.mode !== 'browser') return refuse(CALLS_MESSAGES.socketNotYours);
    // One socket per session, across processes: only the first to move it out of `queued` runs it.
    const claimed = call.status === 'queued' ? await calls.repo.advance(call.id, 'in-progress') : null;
    if (!claimed) return refuse(CALLS_MESSAGES.socketAlreadyOpen);
    const scenario = calls.scenarioOf(call);
    if (!scenario) {
      await calls.repo.advance(call.id, 'failed', { errorMessage: CALLS_MESSAGES.unknownScenario });
      return refuse(CALLS_MESSAGES.unknownScenario);
    }
    conversation = new PracticeConversation({
      engine: calls.engine,
      repo: calls.repo,
      clock: ctx.clock,
      logger: log.child({ callId: call.id }),
      call: claimed,
      scenario,
      seller: await calls.sellerOf(user.id),
      maxMinutes: calls.limits.maxMinutes,
      channel,
    });
    send({ type: 'ready', scenario: toScenarioSummary(scenario), maxMinutes: calls.limits.maxMinutes });
    calls.track(conversation);
    conversation.start();
    for (const msg of early.splice(0)) handle(conversation, msg);
  }

  function handle(session: PracticeConversation, msg: PracticeClientMessage) {
    if (msg.type === 'prompt') session.prompt(msg.text);
    else if (msg.type === 'end') void session.end('rep-ended');
  }

  ws.on('message', (data, isBinary) => {
    let msg: PracticeClientMessage;
    try {
      const result = practiceClientMessageSchema.safeParse(isBinary ? null : JSON.parse(String(data)));
      if (!result.success) throw new Error('bad message');
      msg = result.data;
    } catch {
      send({ type: 'error', message: CALLS_MESSAGES.socketBadMessage });
      return;
    }
    if (conversation) return handle(conversation, msg);
    if (authenticating) {
      if (msg.type !== 'auth') early.push(msg);
      return;
    }
    if (msg.type !== 'auth') return refuse(CALLS_MESSAGES.socketAuthRequired);
    authenticating = true;
    clearTimeout(authTimer);
    authenticate(msg.token, msg.callId).catch((err: unknown) => {
      log.error({ err }, 'practice socket authentication failed');
      refuse(CALLS_MESSAGES.relayFailed, 1011);
    });
  });

  ws.on('close', () => {
    clearTimeout(authTimer);
    // The page closed mid-session: what was said is still stored and scored.
    if (conversation) void conversation.end('disconnected');
  });
  ws.on('error', (err) => log.warn({ err }, 'practice socket error'));
}
