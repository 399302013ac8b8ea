import { describe, expect, it, vi } from 'vitest';
import type { Lead } from '@shared/schemas/enrich';
import type { Problem } from '../../app/problems';
import { bulkRunReducer, initialBulkRun, runBulk, type BulkEvent, type BulkRun } from './bulk-run';

const lead = (id: string) => ({ id, First_Name: 'A', Last_Name: id, Company: 'Co' }) as unknown as Lead;
const queue = ['1', '2', '3'].map((id) => ({ id, lead: lead(id) }));
const reduce = (events: BulkEvent[], from: BulkRun = initialBulkRun) => events.reduce(bulkRunReducer, from);

/** Runs the queue through the reducer, as the component does. */
async function run(steps: Partial<Parameters<typeof runBulk>[1]>, signal = new AbortController().signal) {
  let state = reduce([{ type: 'started' }]);
  const problem = await runBulk(
    queue,
    {
      enrich: async (l) => `note for ${l.id}`,
      saveNote: async () => undefined,
      toProblem: (err) => ({ kind: 'server', title: 'Failed', message: err instanceof Error ? err.message : String(err) }) as Problem,
      ...steps,
    },
    signal,
    (e) => {
      state = bulkRunReducer(state, e);
    },
  );
  state = bulkRunReducer(state, { type: 'finished' });
  return { state, problem, statuses: queue.map((q) => state.runs[q.id]?.s) };
}

describe('the bulk run reducer', () => {
  it('starts idle, runs, finishes; row events land only while running', () => {
    expect(initialBulkRun).toEqual({ phase: 'idle', runs: {} });
    expect(reduce([{ type: 'row', id: '1', status: { s: 'done' } }])).toBe(initialBulkRun);
    const running = reduce([{ type: 'started' }, { type: 'row', id: '1', status: { s: 'enriching' } }]);
    expect(running).toEqual({ phase: 'running', runs: { '1': { s: 'enriching' } } });
    const finished = reduce(
      [{ type: 'row', id: '1', status: { s: 'done' } }, { type: 'cancelled', ids: ['2', '3'] }, { type: 'finished' }],
      running,
    );
    expect(finished).toEqual({ phase: 'finished', runs: { '1': { s: 'done' }, '2': { s: 'cancelled' }, '3': { s: 'cancelled' } } });
    // A finished run neither restarts nor takes late rows.
    expect(reduce([{ type: 'started' }, { type: 'row', id: '2', status: { s: 'enriching' } }], finished)).toBe(finished);
  });
});

describe('runBulk', () => {
  it('enriches one lead after another and saves a note on each', async () => {
    const order: string[] = [];
    const { statuses, problem, state } = await run({
      enrich: async (l) => {
        order.push(`enrich ${l.id}`);
        return `note ${l.id}`;
      },
      saveNote: async (id, content) => {
        order.push(`save ${id}: ${content}`);
      },
    });
    expect(order).toEqual(['enrich 1', 'save 1: note 1', 'enrich 2', 'save 2: note 2', 'enrich 3', 'save 3: note 3']);
    expect(statuses).toEqual(['done', 'done', 'done']);
    expect(problem).toBeNull();
    expect(state.phase).toBe('finished');
  });

  it('Cancel stops before the next lead: the rest is cancelled and never sent', async () => {
    const controller = new AbortController();
    const enrich = vi.fn(async (l: Lead) => {
      if (l.id === '1') controller.abort();
      return 'note';
    });
    const { statuses } = await run({ enrich }, controller.signal);
    expect(enrich).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['done', 'cancelled', 'cancelled']);
  });

  it('a failed lead is reported and the run goes on; a failed note keeps the enrichment', async () => {
    const { statuses, state, problem } = await run({
      enrich: async (l) => {
        if (l.id === '2') throw new Error('Server said no.');
        return 'note';
      },
      saveNote: async (id) => {
        if (id === '3') throw new Error('title too long');
      },
    });
    expect(statuses).toEqual(['done', 'failed', 'noteFailed']);
    expect(state.runs['2']).toEqual({ s: 'failed', message: 'Server said no. Nothing was charged for this lead.' });
    expect(state.runs['3']).toEqual({ s: 'noteFailed', message: 'title too long' });
    expect(problem).toBeNull();
  });

  it.each(['noCredits', 'unreachable'] as const)(
    'a %s failure stops the run: later leads are cancelled, the problem returned',
    async (kind) => {
      const enrich = vi.fn(async () => {
        throw new Error('stop');
      });
      const { statuses, state, problem } = await run({ enrich, toProblem: () => ({ kind, title: 'T', message: 'M' }) as Problem });
      expect(enrich).toHaveBeenCalledTimes(1);
      expect(statuses).toEqual(['failed', 'cancelled', 'cancelled']);
      // Only a lost connection leaves the charge unknown.
      expect(state.runs['1']).toEqual({ s: 'failed', message: kind === 'unreachable' ? 'M' : 'M Nothing was charged for this lead.' });
      expect(problem).toMatchObject({ kind });
    },
  );
});
