import type { Lead } from '@shared/schemas/enrich';
import type { Problem } from '../../app/problems';

/** What a row shows. Reading comes from the lead queries; the rest from the run. */
export type RowStatus =
  | { s: 'loading' }
  | { s: 'unreadable'; message: string }
  | { s: 'skipped'; message: string }
  | { s: 'waiting' }
  | { s: 'enriching' }
  | { s: 'saving' }
  | { s: 'done' }
  | { s: 'noteFailed'; message: string }
  | { s: 'failed'; message: string }
  | { s: 'cancelled' };

export type RunStatus = Extract<RowStatus, { s: 'enriching' | 'saving' | 'done' | 'noteFailed' | 'failed' | 'cancelled' }>;

/** Before the run, `runs` is empty; a row's run status, once set, takes over from its read status. */
export interface BulkRun {
  phase: 'idle' | 'running' | 'finished';
  runs: Readonly<Record<string, RunStatus>>;
}

export type BulkEvent =
  | { type: 'started' }
  | { type: 'row'; id: string; status: RunStatus }
  | { type: 'cancelled'; ids: readonly string[] }
  | { type: 'finished' };

export const initialBulkRun: BulkRun = { phase: 'idle', runs: {} };

/** The run's transitions; events that do not fit the phase are ignored. */
export function bulkRunReducer(state: BulkRun, event: BulkEvent): BulkRun {
  switch (event.type) {
    case 'started':
      return state.phase === 'idle' ? { phase: 'running', runs: {} } : state;
    case 'row':
      return state.phase === 'running' ? { ...state, runs: { ...state.runs, [event.id]: event.status } } : state;
    case 'cancelled':
      return state.phase === 'running'
        ? { ...state, runs: { ...state.runs, ...Object.fromEntries(event.ids.map((id) => [id, { s: 'cancelled' } as const])) } }
        : state;
    case 'finished':
      return state.phase === 'running' ? { ...state, phase: 'finished' } : state;
  }
}

export const FINISHED_STATUSES: ReadonlySet<RowStatus['s']> = new Set([
  'done',
  'noteFailed',
  'failed',
  'cancelled',
  'skipped',
  'unreadable',
]);

export interface BulkSteps {
  /** Enrich one lead; resolves to the note's text (the caller keeps the balance it returns). */
  enrich(lead: Lead): Promise<string>;
  saveNote(id: string, content: string): Promise<void>;
  toProblem(err: unknown): Problem;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Enriches the queue one lead after another, a note saved on each. Stops before the next lead when
 * the signal is aborted (Cancel), and at the first failure that every later lead would share (no credits, no server):
 * the rest are marked cancelled, never charged. Resolves to that stopping problem, if any.
 */
export async function runBulk(
  queue: readonly { id: string; lead: Lead }[],
  steps: BulkSteps,
  signal: AbortSignal,
  dispatch: (e: BulkEvent) => void,
): Promise<Problem | null> {
  for (let i = 0; i < queue.length; i++) {
    const { id, lead } = queue[i]!;
    if (signal.aborted) {
      dispatch({ type: 'cancelled', ids: queue.slice(i).map((q) => q.id) });
      return null;
    }
    dispatch({ type: 'row', id, status: { s: 'enriching' } });
    let content: string;
    try {
      content = await steps.enrich(lead);
    } catch (err) {
      const p = steps.toProblem(err);
      // The server refunds whatever it could not deliver; only a lost connection leaves that unknown.
      const message = p.kind === 'unreachable' ? p.message : `${p.message} Nothing was charged for this lead.`;
      dispatch({ type: 'row', id, status: { s: 'failed', message } });
      if (p.kind === 'noCredits' || p.kind === 'unreachable') {
        dispatch({ type: 'cancelled', ids: queue.slice(i + 1).map((q) => q.id) });
        return p;
      }
      continue;
    }
    dispatch({ type: 'row', id, status: { s: 'saving' } });
    try {
      await steps.saveNote(id, content);
      dispatch({ type: 'row', id, status: { s: 'done' } });
    } catch (err) {
      dispatch({ type: 'row', id, status: { s: 'noteFailed', message: errorText(err) } });
    }
  }
  return null;
}
