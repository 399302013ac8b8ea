import type { Logger } from 'pino';
import { FIRST_REP_TURN_MS, type CallFeedback, type TranscriptTurn } from '@shared/schemas/calls';
import type { Clock } from '../../clock';
import type { PracticeEngine } from '../practice';
import type { EndReason, SellerContext } from '../practice';
import type { Scenario } from '../practice';
import { CALLS_MESSAGES } from './calls-messages';
import type { CallRow, CallsRepository } from './calls-repository';

/** Why a session ended: the prospect's reasons, or ours. */
export type SessionEndReason = EndReason | 'rep-ended' | 'caller-hung-up' | 'disconnected' | 'error' | 'no-reply';

export type SessionOutcome =
  /** abandoned: the rep never spoke (FIRST_REP_TURN_MS); such a session or call is not counted against the daily limit. */
  | { status: 'completed' | 'abandoned'; reason: SessionEndReason; feedback: CallFeedback | null; feedbackError: boolean }
  | { status: 'failed'; reason: 'error'; feedback: null; feedbackError: false };

/** How a session talks to its client: the phone relay (ConversationRelay) or the browser socket. */
export interface SessionChannel {
  /** One piece of the prospect's turn; `last` closes the turn. */
  text(token: string, last: boolean): void;
  /** The prospect's turn was cut short (the rep interrupted or spoke again). */
  turnCut(): void;
  /** The conversation is over, before feedback is written. `lastWords`: the prospect's final turn, if any. */
  ending(reason: SessionEndReason, lastWords: string | null): Promise<void>;
  /** Something broke: tell the rep (spoken apology on the phone) before the session ends as failed. */
  failed(apology: string): Promise<void>;
  /** Stored and scored: the session is done. */
  finished(outcome: SessionOutcome): void;
}

export interface ConversationDeps {
  engine: PracticeEngine;
  repo: CallsRepository;
  clock: Clock;
  logger: Logger;
  call: CallRow;
  scenario: Scenario;
  seller: SellerContext;
  maxMinutes: number;
  channel: SessionChannel;
  /** Tests shorten it; FIRST_REP_TURN_MS otherwise. */
  firstRepTurnMs?: number;
}

/** Feedback and the closing turn get bounded time: a session must never hang. */
const FEEDBACK_TIMEOUT_MS = 60_000;
const CLOSING_TURN_TIMEOUT_MS = 20_000;
/** More rep turns than anyone says in the longest call: beyond it, input is ignored (each turn costs a model call). */
export const MAX_REP_TURNS = 200;
/** One rep turn at most (about three minutes of speech); longer input is cut, so a transcript stays bounded. */
export const MAX_PROMPT_CHARS = 2000;
/** Any stored turn at most (a prospect's turn is bounded by the engine; this bounds what the phone says was heard). */
const MAX_TURN_CHARS = 4000;

/**
 * One practice conversation, shared by the phone relay and browser practice: the prospect's turns
 * come from the engine and stream to the channel, every turn is stored in order, the time limit is
 * enforced, and at the end the call is marked and scored. Inputs are handled one at a time (a queue);
 * a new input cuts the prospect's turn in progress, as speaking over someone does.
 */
export class PracticeConversation {
  private readonly transcript: TranscriptTurn[] = [];
  private queue: Promise<void> = Promise.resolve();
  private turn: AbortController | null = null;
  /** What the phone says was heard before an interruption (more exact than what we sent). */
  private heardBeforeCut: string | null = null;
  private readonly startedAt = Date.now();
  private timer: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  private ended = false;
  private isSettled = false;
  private repTurns = 0;
  private settled: Promise<SessionOutcome> | null = null;

  constructor(private readonly deps: ConversationDeps) {}

  get callId(): string {
    return this.deps.call.id;
  }

  /** The prospect answers; the time limit starts. */
  start(): void {
    this.timer = setTimeout(() => this.timeUp(), this.deps.maxMinutes * 60_000);
    this.timer.unref();
    // Nobody there (tab left open, phone put down): the session ends as abandoned instead of running to the limit.
    this.silenceTimer = setTimeout(() => {
      if (this.repTurns === 0) void this.end('no-reply');
    }, this.deps.firstRepTurnMs ?? FIRST_REP_TURN_MS);
    this.silenceTimer.unref();
    this.enqueue(async () => {
      const end = await this.prospectTurn();
      if (end) await this.close(end);
    });
  }

  /** The rep said something (a final transcript on the phone, a typed or spoken line in the browser). */
  prompt(text: string): void {
    const said = text.trim().slice(0, MAX_PROMPT_CHARS);
    if (!said || this.ended || this.repTurns >= MAX_REP_TURNS) return;
    this.repTurns += 1;
    this.cut();
    this.enqueue(async () => {
      await this.store('rep', said);
      const end = await this.prospectTurn();
      if (end) await this.close(end);
    });
  }

  /** The rep spoke over the prospect; `heard` is what the phone played before the cut. */
  interrupt(heard?: string): void {
    if (this.ended) return;
    this.heardBeforeCut = heard?.trim() || null;
    this.cut();
  }

  /** End now (the rep ended, hung up or left); resolves when stored and scored. */
  end(reason: SessionEndReason): Promise<SessionOutcome> {
    this.cut();
    this.enqueue(() => this.close(reason));
    return this.done();
  }

  /** Resolves once the session has ended and been stored. */
  done(): Promise<SessionOutcome> {
    this.settled ??= new Promise((resolve) => {
      this.resolveDone = resolve;
    });
    return this.settled;
  }
  private resolveDone: (outcome: SessionOutcome) => void = () => undefined;

  private cut() {
    this.turn?.abort(new Error('cut'));
  }

  private enqueue(step: () => Promise<void>) {
    this.queue = this.queue.then(step).catch((err: unknown) => this.fail(err));
  }

  private timeUp() {
    if (this.ended) return;
    this.cut();
    // The prospect closes politely (the engine sees elapsed ≥ the limit); the call ends either way.
    this.enqueue(async () => {
      if (this.ended) return;
      try {
        await this.prospectTurn(CLOSING_TURN_TIMEOUT_MS);
      } catch (err) {
        // No closing words in time: the call still ends on time, as completed.
        this.deps.logger.warn({ err, callId: this.deps.call.id }, 'closing turn failed');
      }
      await this.close('time-limit');
    });
  }

  private async store(role: 'rep' | 'prospect', full: string) {
    const text = full.slice(0, MAX_TURN_CHARS);
    const at = this.deps.clock.now();
    this.transcript.push({ role, text, at: at.toISOString() });
    await this.deps.repo.addTurn(this.deps.call.id, role, text);
  }

  private lastProspectWords(): string | null {
    const last = this.transcript.at(-1);
    return last?.role === 'prospect' ? last.text : null;
  }

  /** Stream one prospect turn; returns the engine's end reason when the call should end after it. */
  private async prospectTurn(timeoutMs?: number): Promise<EndReason | null> {
    if (this.ended) return null;
    const controller = new AbortController();
    this.turn = controller;
    this.heardBeforeCut = null;
    const signal = timeoutMs ? AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]) : controller.signal;
    const { engine, scenario, seller, maxMinutes, channel } = this.deps;
    let sent = '';
    // One token is held back so the turn's last piece can carry `last: true`.
    let held: string | null = null;
    let end: EndReason | null = null;
    try {
      const events = engine.prospect.reply(
        { scenario, seller, transcript: [...this.transcript], elapsedSeconds: (Date.now() - this.startedAt) / 1000, maxMinutes },
        signal,
      );
      for await (const event of events) {
        if (controller.signal.aborted) break;
        if (event.type === 'token') {
          if (!event.text) continue;
          if (held !== null) {
            channel.text(held, false);
            sent += held;
          }
          held = event.text;
        } else {
          end = event.reason;
        }
      }
    } catch (err) {
      if (!controller.signal.aborted) {
        // The client is not left with an open turn.
        if (sent || held) channel.turnCut();
        throw err;
      }
    } finally {
      if (this.turn === controller) this.turn = null;
    }
    if (controller.signal.aborted) {
      const heard = (this.heardBeforeCut ?? sent).trim();
      if (heard) await this.store('prospect', `${heard} …`);
      channel.turnCut();
      return null;
    }
    const text = (sent + (held ?? '')).trim();
    channel.text(held ?? '', true);
    if (text) await this.store('prospect', text);
    return end;
  }

  /** The conversation is over: tell the channel, mark the call completed, score it, report. */
  private async close(reason: SessionEndReason) {
    if (this.ended) return;
    this.ended = true;
    this.stopTimer();
    const { channel, repo, call, engine, scenario, logger } = this.deps;
    await channel.ending(reason, this.lastProspectWords());
    const spoke = this.transcript.some((t) => t.role === 'rep');
    const status = spoke ? 'completed' : 'abandoned';
    await repo.advance(call.id, status, { endReason: reason });
    let feedback: CallFeedback | null = null;
    let feedbackError = false;
    if (spoke) {
      try {
        feedback = await engine.feedback.score({ scenario, transcript: [...this.transcript] }, AbortSignal.timeout(FEEDBACK_TIMEOUT_MS));
        await repo.setFeedback(call.id, feedback);
      } catch (err) {
        feedbackError = true;
        logger.warn({ err, callId: call.id }, 'practice feedback failed');
      }
    }
    this.settle({ status, reason, feedback, feedbackError });
  }

  /** Any error ends the session with an apology and a failed record (never a silent hang). */
  private async fail(err: unknown) {
    const { channel, repo, call, logger } = this.deps;
    logger.error({ err, callId: call.id }, 'practice session failed');
    if (this.ended) {
      // Failed while closing: still settle so the channel lets go of the client.
      this.settle({ status: 'failed', reason: 'error', feedback: null, feedbackError: false });
      return;
    }
    this.ended = true;
    this.stopTimer();
    this.cut();
    try {
      await channel.failed(CALLS_MESSAGES.relayApology);
      await channel.ending('error', CALLS_MESSAGES.relayApology);
    } catch (e) {
      logger.warn({ err: e, callId: call.id }, 'could not tell the client about the failure');
    }
    await repo.advance(call.id, 'failed', { endReason: 'error', errorMessage: CALLS_MESSAGES.relayFailed }).catch((e: unknown) => {
      logger.error({ err: e, callId: call.id }, 'could not mark the practice call failed');
    });
    this.settle({ status: 'failed', reason: 'error', feedback: null, feedbackError: false });
  }

  private settle(outcome: SessionOutcome) {
    if (this.isSettled) return;
    this.isSettled = true;
    void this.done();
    this.resolveDone(outcome);
    this.deps.channel.finished(outcome);
  }

  private stopTimer() {
    if (this.timer) clearTimeout(this.timer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.timer = null;
    this.silenceTimer = null;
  }
}
