import type { WebSocket } from 'ws';
import { z } from 'zod';
import { FINAL_CALL_STATUSES } from '@shared/schemas/calls';
import type { RelaySocketDeps } from './calls-deps';
import { CALLS_MESSAGES } from './calls-messages';
import type { CallsService } from './calls-service';
import { MAX_PROMPT_CHARS, PracticeConversation, type SessionChannel } from './practice-conversation';

/**
 * Twilio ConversationRelay's messages to us (docs: "Getting and sending WebSocket messages"):
 * setup, prompt (voicePrompt, lang, last), interrupt (utteranceUntilInterrupt,
 * durationUntilInterruptMs), dtmf (digit), error (description). Unknown fields are kept out.
 */
const relayMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('setup'),
    callSid: z.string().optional(),
    accountSid: z.string().optional(),
    customParameters: z.record(z.string(), z.string()).optional(),
  }),
  z.object({ type: z.literal('prompt'), voicePrompt: z.string(), lang: z.string().optional(), last: z.boolean().optional() }),
  z.object({
    type: z.literal('interrupt'),
    utteranceUntilInterrupt: z.string().optional(),
    durationUntilInterruptMs: z.union([z.string(), z.number()]).optional(),
  }),
  z.object({ type: z.literal('dtmf'), digit: z.string() }),
  z.object({ type: z.literal('error'), description: z.string().optional() }),
]);

/** Our messages to ConversationRelay: text tokens (spoken as they arrive) and end. */
type RelayOut = { type: 'text'; token: string; last: boolean } | { type: 'end'; handoffData?: string };

/** The relay may not hear the prospect's goodbye if `end` arrives first: wait about as long as it takes to say. */
function speakingTimeMs(words: string | null): number {
  if (!words) return 0;
  const count = words.split(/\s+/).filter(Boolean).length;
  return Math.min(10_000, 500 + count * 380);
}

const SETUP_TIMEOUT_MS = 10_000;
/** Partial transcripts gathered for one turn at most (each is a message of up to 64 KB). */
export const MAX_PARTIAL_PROMPTS = 50;
/** The call's Twilio sid is stored when Twilio answers the create request: a relay this quick waits for it. */
const CALL_SID_WAIT_MS = 3000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One phone call's relay WebSocket. The handshake's X-Twilio-Signature (over the URL naming
 * `callId` and its token) was checked before: the socket serves that call only.
 */
export function handleRelaySocket(ws: WebSocket, ctx: RelaySocketDeps, calls: CallsService, callId: string): void {
  const log = ctx.logger.child({ socket: 'relay' });
  let conversation: PracticeConversation | null = null;
  let setupSeen = false;
  /** Partial transcripts (when partial prompts are on) until the final one; bounded in count and length. */
  let pendingPrompt = '';
  let partials = 0;

  // ConversationRelay sends `setup` at once; a socket that does not is not a call.
  const setupTimer = setTimeout(() => {
    if (!setupSeen) ws.close(1008, 'setup expected');
  }, SETUP_TIMEOUT_MS);
  setupTimer.unref();

  const send = (msg: RelayOut) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };

  /** No conversation to run: say so and hang up (never leave the caller in silence). */
  const refuse = async (why: string) => {
    log.warn({ why }, 'relay session refused');
    send({ type: 'text', token: CALLS_MESSAGES.relayApology, last: true });
    await sleep(speakingTimeMs(CALLS_MESSAGES.relayApology));
    send({ type: 'end', handoffData: JSON.stringify({ reason: 'error' }) });
    ws.close(1000);
  };

  const channel: SessionChannel = {
    text: (token, last) => send({ type: 'text', token, last }),
    turnCut: () => undefined,
    ending: async (reason, lastWords) => {
      if (ws.readyState !== ws.OPEN) return;
      await sleep(speakingTimeMs(lastWords));
      send({ type: 'end', handoffData: JSON.stringify({ reason }) });
    },
    failed: async (apology) => {
      send({ type: 'text', token: apology, last: true });
    },
    finished: () => {
      if (ws.readyState === ws.OPEN) ws.close(1000);
    },
  };

  async function setup(msg: Extract<z.infer<typeof relayMessageSchema>, { type: 'setup' }>) {
    const named = msg.customParameters?.callId;
    if (named !== undefined && named !== callId) return refuse('setup names another call');
    if (!msg.callSid) return refuse('no call sid');
    let call = await calls.repo.byId(callId);
    for (const until = Date.now() + CALL_SID_WAIT_MS; call && !call.providerCallId && Date.now() < until;) {
      await sleep(100);
      call = await calls.repo.byId(callId);
    }
    if (!call || call.mode !== 'phone') return refuse('unknown call id');
    if (FINAL_CALL_STATUSES.includes(call.status)) return refuse(`call already ${call.status}`);
    if (call.providerCallId !== msg.callSid) return refuse('call sid does not match');
    const scenario = calls.scenarioOf(call);
    if (!scenario) return refuse('scenario no longer exists');
    await calls.repo.advance(call.id, 'in-progress');
    conversation = new PracticeConversation({
      engine: calls.engine,
      repo: calls.repo,
      clock: ctx.clock,
      logger: log.child({ callId: call.id }),
      call,
      scenario,
      seller: await calls.sellerOf(call.userId),
      maxMinutes: calls.limits.maxMinutes,
      channel,
    });
    log.info({ callId: call.id }, 'relay session started');
    calls.track(conversation);
    conversation.start();
  }

  ws.on('message', (data, isBinary) => {
    let parsed: z.infer<typeof relayMessageSchema>;
    try {
      if (isBinary) throw new Error('binary frame');
      const result = relayMessageSchema.safeParse(JSON.parse(String(data)));
      if (!result.success) {
        log.debug({ data: String(data).slice(0, 200) }, 'relay message ignored');
        return;
      }
      parsed = result.data;
    } catch {
      log.warn('unreadable relay message ignored');
      return;
    }
    switch (parsed.type) {
      case 'setup':
        if (setupSeen) return;
        setupSeen = true;
        clearTimeout(setupTimer);
        setup(parsed).catch((err: unknown) => {
          log.error({ err }, 'relay setup failed');
          void refuse('setup failed');
        });
        return;
      case 'prompt':
        // Without partial prompts every prompt is final; `last: false` pieces are gathered, up to a
        // bound (a flood is cut, not stored: memory and the turn's row stay small).
        if (partials < MAX_PARTIAL_PROMPTS && pendingPrompt.length < MAX_PROMPT_CHARS) {
          pendingPrompt = `${pendingPrompt} ${parsed.voicePrompt}`.trim().slice(0, MAX_PROMPT_CHARS);
        }
        if (parsed.last === false) {
          partials += 1;
          return;
        }
        conversation?.prompt(pendingPrompt);
        pendingPrompt = '';
        partials = 0;
        return;
      case 'interrupt':
        conversation?.interrupt(parsed.utteranceUntilInterrupt);
        return;
      case 'dtmf':
        log.debug({ digit: parsed.digit }, 'dtmf ignored');
        return;
      case 'error':
        log.warn({ description: parsed.description }, 'ConversationRelay reported an error');
        return;
    }
  });

  ws.on('close', () => {
    clearTimeout(setupTimer);
    // The caller hung up (or Twilio closed the session): store and score what was said.
    if (conversation) void conversation.end('caller-hung-up');
  });
  ws.on('error', (err) => log.warn({ err }, 'relay socket error'));
}
