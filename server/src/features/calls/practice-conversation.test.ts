import { afterEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import type { CallFeedback, CallStatus } from '@shared/schemas/calls';
import { systemClock } from '../../clock';
import { createOfflineFeedbackWriter } from '../practice/feedback';
import { createOfflineProspect } from '../practice/offline-prospect';
import type { ProspectEngine } from '../practice/prospect-engine';
import { SCENARIOS } from '../practice/scenarios';
import type { CallRow, CallsRepository } from './calls-repository';
import { PracticeConversation, type SessionChannel, type SessionEndReason, type SessionOutcome } from './practice-conversation';

/** What the conversation stores, kept in memory (the database side is covered by the integration tests). */
function memoryRepo() {
  const turns: { role: string; text: string }[] = [];
  const statuses: { status: CallStatus; endReason?: string | null }[] = [];
  let feedback: CallFeedback | null = null;
  const repo = {
    addTurn: async (_id: string, role: string, text: string) => void turns.push({ role, text }),
    advance: async (_id: string, status: CallStatus, extra: { endReason?: string | null } = {}) => {
      statuses.push({ status, endReason: extra.endReason });
      return null;
    },
    setFeedback: async (_id: string, f: CallFeedback) => {
      feedback = f;
    },
  } as unknown as CallsRepository;
  return { repo, turns, statuses, feedback: () => feedback };
}
/** What the channel was sent; `until…` resolves once it holds (the tests wait on events, never on time). */
function recordingChannel() {
  const events: string[] = [];
  let turn = '';
  const turns: string[] = [];
  const waiting: { ready: () => boolean; resolve: () => void }[] = [];
  const changed = () => {
    for (const w of [...waiting]) {
      if (!w.ready()) continue;
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  const until = (ready: () => boolean) => (ready() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ ready, resolve })));
  const channel: SessionChannel = {
    text(token, last) {
      turn += token;
      if (last) {
        turns.push(turn);
        turn = '';
      }
      changed();
    },
    turnCut() {
      events.push(`cut:${turn}`);
      turn = '';
    },
    async ending(reason: SessionEndReason) {
      events.push(`ending:${reason}`);
    },
    async failed(apology) {
      events.push(`failed:${apology}`);
    },
    finished(outcome: SessionOutcome) {
      events.push(`finished:${outcome.status}`);
    },
  };
  return {
    channel,
    events,
    turns,
    /** Resolves once `n` prospect turns were sent whole. */
    untilTurns: (n: number) => until(() => turns.length >= n),
    /** Resolves once the turn in progress reads `text` so far. */
    untilSaying: (text: string) => until(() => turn === text),
  };
}

const call = { id: 'call-1', userId: 'u1' } as CallRow;
const scenario = SCENARIOS[0]!;
const WORDS = ['Well, ', 'I ', 'suppose ', 'we ', 'could ', 'talk ', 'about ', 'that.'];

/**
 * A prospect whose first turn stops after three words and waits there until it is cut (the
 * conversation holds one word back, so the rep has heard 'Well, I '); later turns are said whole.
 */
function stallingProspect(): ProspectEngine {
  let turnNo = 0;
  return {
    kind: 'offline',
    async *reply(_input, signal) {
      turnNo += 1;
      for (const word of turnNo === 1 ? WORDS.slice(0, 3) : WORDS) yield { type: 'token', text: word };
      if (turnNo === 1) {
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
      }
    },
  };
}

function conversation(prospect: ProspectEngine, maxMinutes: number, firstRepTurnMs?: number) {
  const store = memoryRepo();
  const out = recordingChannel();
  const session = new PracticeConversation({
    engine: { prospect, feedback: createOfflineFeedbackWriter() },
    repo: store.repo,
    clock: systemClock,
    logger: pino({ level: 'silent' }),
    call,
    scenario,
    seller: { aboutMe: 'I sell payroll software to retailers.' },
    maxMinutes,
    channel: out.channel,
    ...(firstRepTurnMs ? { firstRepTurnMs } : {}),
  });
  return { session, store, out };
}

describe('PracticeConversation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('at the time limit the prospect closes the call, which is completed and scored', async () => {
    // The session's timer and its elapsed time (Date) are faked: the limit comes when the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // 0.005 minutes = 300 ms.
    const { session, store, out } = conversation(createOfflineProspect(), 0.005);
    session.start();
    await out.untilTurns(1);
    session.prompt("Hi, this is Sam from Acme, I'm calling because we help finance teams. Do you have a minute?");
    await out.untilTurns(2);
    expect(out.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    const outcome = await session.done();
    expect(outcome).toMatchObject({ status: 'completed', reason: 'time-limit' });
    expect(out.events.filter((e) => e.startsWith('ending'))).toEqual(['ending:time-limit']);
    expect(out.turns).toHaveLength(3);
    expect(store.statuses.at(-1)).toEqual({ status: 'completed', endReason: 'time-limit' });
    expect(store.turns.map((t) => t.role)).toEqual(['prospect', 'rep', 'prospect', 'prospect']);
    expect(outcome.feedback).not.toBeNull();
    expect(store.feedback()).toEqual(outcome.feedback);
  });

  it('a new prompt cuts the prospect mid-turn: what was said so far is stored, then the rep, then the new answer', async () => {
    const { session, store, out } = conversation(stallingProspect(), 10);
    session.start();
    await out.untilSaying('Well, I ');
    session.prompt('Sorry to jump in, what do you use today?');
    await out.untilTurns(1);
    await session.end('rep-ended');
    expect(out.events[0]).toBe('cut:Well, I ');
    expect(store.turns.map((t) => t.role)).toEqual(['prospect', 'rep', 'prospect']);
    expect(store.turns[0]!.text).toBe('Well, I …');
    expect(store.turns[1]!.text).toBe('Sorry to jump in, what do you use today?');
    expect(store.turns[2]!.text).toBe('Well, I suppose we could talk about that.');
    expect(out.turns).toEqual(['Well, I suppose we could talk about that.']);
  });

  it('an interrupt stores what the phone says was heard, not what was sent', async () => {
    const { session, store, out } = conversation(stallingProspect(), 10);
    session.start();
    await out.untilSaying('Well, I ');
    session.interrupt('Well,');
    await session.end('caller-hung-up');
    expect(store.turns).toEqual([{ role: 'prospect', text: 'Well, …' }]);
    // The rep never spoke: abandoned, not completed (not counted against the daily limit).
    expect(store.statuses.at(-1)).toEqual({ status: 'abandoned', endReason: 'caller-hung-up' });
  });

  it('no word from the rep within the first minute: the session ends by itself as abandoned, unscored', async () => {
    const { session, store, out } = conversation(createOfflineProspect(), 10, 200);
    session.start();
    const outcome = await session.done();
    expect(outcome).toMatchObject({ status: 'abandoned', reason: 'no-reply', feedback: null });
    expect(out.events).toContain('ending:no-reply');
    expect(store.statuses.at(-1)).toEqual({ status: 'abandoned', endReason: 'no-reply' });
    expect(store.feedback()).toBeNull();
  });

  it('a word from the rep within the first minute keeps the session going past it', async () => {
    const { session, store } = conversation(createOfflineProspect(), 10, 200);
    session.start();
    session.prompt('Hi, this is Sam from Acme. Do you have a minute?');
    await new Promise((r) => setTimeout(r, 400));
    expect(store.statuses).toEqual([]);
    const outcome = await session.end('rep-ended');
    expect(outcome.status).toBe('completed');
  });

  it('an engine error ends the session as failed after an apology', async () => {
    const broken: ProspectEngine = {
      kind: 'offline',
      // eslint-disable-next-line require-yield
      async *reply() {
        throw new Error('model unavailable');
      },
    };
    const { session, store, out } = conversation(broken, 10);
    session.start();
    const outcome = await session.done();
    expect(outcome.status).toBe('failed');
    expect(out.events[0]).toMatch(/^failed:I'm sorry/);
    expect(out.events.at(-1)).toBe('finished:failed');
    expect(store.statuses.at(-1)).toMatchObject({ status: 'failed', endReason: 'error' });
  });
});
