import { describe, expect, it, vi } from 'vitest';
import type { DebitResult, RefundResult, TeamDebitResult, WorkRow } from '../credits';
import { createInFlightWork } from '../../http/in-flight';
import { createPaidWorkService, type PaidOrder, type PaidWorkCredits } from './paid-work-service';
import type { Payer } from './payer';

const RECORD = { table: {}, values: {} } as unknown as WorkRow;

/** A ledger in memory: enough to see what the service charged and refunded, and in which order. */
function fakeCredits(start = 5, startPool = 0) {
  let balance = start;
  let pool = startPool;
  const log: string[] = [];
  const refunded = new Set<number>();
  const credits: PaidWorkCredits & { log: string[]; current(): number; pool(): number } = {
    log,
    current: () => balance,
    pool: () => pool,
    chargeFor: vi.fn(async (userId: string, n: number, reference: string): Promise<DebitResult> => {
      log.push(`charge ${userId} ${n} ${reference}`);
      if (balance < n) return { ok: false, balance, reason: 'insufficient' };
      balance -= n;
      return { ok: true, ledgerId: 7, balance };
    }),
    chargeTeamFor: vi.fn(async (userId: string, teamId: string, n: number, reference: string): Promise<TeamDebitResult> => {
      log.push(`charge ${teamId} for ${userId} ${n} ${reference}`);
      if (pool < n) return { ok: false, balance: pool, reason: 'insufficient' };
      pool -= n;
      return { ok: true, ledgerId: 8, balance: pool, ownBalance: balance };
    }),
    refund: vi.fn(async (ledgerId: number, reference?: string): Promise<RefundResult> => {
      log.push(`refund ${ledgerId} ${reference}`);
      // One refund per debit, as the ledger's unique refund_of index makes it.
      if (!refunded.has(ledgerId)) {
        refunded.add(ledgerId);
        if (ledgerId === 8) pool += 2;
        else balance += 2;
        return { refunded: true, balance: ledgerId === 8 ? pool : balance };
      }
      return { refunded: false, balance: ledgerId === 8 ? pool : balance };
    }),
  };
  return credits;
}

function order(overrides: Partial<PaidOrder<string, string>> = {}, log: string[] = []): PaidOrder<string, string> {
  return {
    userId: 'u1',
    cost: 2,
    reference: 'work:1',
    refundReference: 'work:1:refund',
    label: 'Some work',
    record: RECORD,
    run: async () => {
      log.push('run');
      return 'result';
    },
    deliver: async (result) => {
      log.push(`deliver ${result}`);
      return true;
    },
    abandon: async (failure) => {
      log.push(`abandon ${failure.reason}`);
    },
    ...overrides,
  };
}

describe('paid work: charge, run, store, or refund', () => {
  it('charges once, runs after the charge, stores, and returns the balance the debit left', async () => {
    const credits = fakeCredits(5);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    let balanceSeenByRun: number | undefined;
    const outcome = await service.perform(
      order(
        {
          run: async (job) => {
            credits.log.push('run');
            balanceSeenByRun = job.balance;
            return 'text';
          },
          deliver: async (result, job) => {
            credits.log.push(`deliver ${result} ${job.debitLedgerId}`);
            return true;
          },
        },
        credits.log,
      ),
    );
    expect(outcome).toEqual({ status: 'delivered', paidBy: 'user', result: 'text', balance: 3 });
    expect(balanceSeenByRun).toBe(3);
    expect(credits.log).toEqual(['charge u1 2 work:1', 'run', 'deliver text 7']);
  });

  it('refused: nothing runs, what began beside the charge is stopped, the balance is told', async () => {
    const credits = fakeCredits(1);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    let begunSignal: AbortSignal | undefined;
    const drop = vi.fn();
    const run = vi.fn(async () => 'never');
    const outcome = await service.perform(
      order({
        begin: (signal) => {
          begunSignal = signal;
          return 'writer';
        },
        drop,
        run,
      }),
    );
    expect(outcome).toEqual({ status: 'refused', balance: 1 });
    expect(run).not.toHaveBeenCalled();
    expect(drop).toHaveBeenCalledWith('writer');
    expect(begunSignal?.aborted).toBe(true);
    expect(credits.refund).not.toHaveBeenCalled();
  });

  it('a charge that throws stops what began and throws on', async () => {
    const credits = fakeCredits();
    credits.chargeFor = async () => Promise.reject(new Error('database down'));
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    const drop = vi.fn();
    await expect(service.perform(order({ begin: () => 'writer', drop }))).rejects.toThrow('database down');
    expect(drop).toHaveBeenCalledWith('writer');
  });

  it('the work failing: refunded first, then the record ended, with the error and the balance after the refund', async () => {
    const credits = fakeCredits(5);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    const boom = new Error('writer failed');
    let runSignal: AbortSignal | undefined;
    const outcome = await service.perform(
      order(
        {
          run: async (job) => {
            runSignal = job.signal;
            throw boom;
          },
        },
        credits.log,
      ),
    );
    expect(outcome).toEqual({ status: 'failed', reason: 'error', error: boom, balance: 5 });
    expect(credits.log).toEqual(['charge u1 2 work:1', 'refund 7 work:1:refund', 'abandon error']);
    // Whatever the work left running (the other output's writer) is stopped.
    expect(runSignal?.aborted).toBe(true);
  });

  it('the requester leaving: cancelled, refunded', async () => {
    const credits = fakeCredits(5);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    const client = new AbortController();
    const outcome = await service.perform(
      order({
        signal: client.signal,
        run: async (job) => {
          client.abort(new Error('gone'));
          job.signal.throwIfAborted();
          return 'unreachable';
        },
      }),
    );
    expect(outcome).toMatchObject({ status: 'failed', reason: 'cancelled', balance: 5 });
  });

  it('a shutdown: shutting-down, refunded; a new request afterwards is refused with 503 before any charge', async () => {
    const credits = fakeCredits(5);
    const inFlight = createInFlightWork();
    const service = createPaidWorkService({ credits, inFlight });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const performing = service.perform(
      order({
        run: (job) =>
          new Promise<string>((_, reject) => {
            started();
            job.signal.addEventListener('abort', () => reject(job.signal.reason as Error));
          }),
      }),
    );
    await running;
    expect(await inFlight.drain(1000)).toBe(true);
    expect(await performing).toMatchObject({ status: 'failed', reason: 'shutting-down', balance: 5 });
    await expect(service.perform(order())).rejects.toMatchObject({ status: 503 });
    expect(credits.chargeFor).toHaveBeenCalledTimes(1);
  });

  it('a sweep claimed the work first: not delivered, the refund (already the sweep’s) is asked again and changes nothing', async () => {
    const credits = fakeCredits(5);
    // The sweep refunded the debit before the work tried to deliver.
    await credits.refund(7, 'stale');
    credits.log.length = 0;
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    const outcome = await service.perform(order({ deliver: async () => false }, credits.log));
    expect(outcome).toMatchObject({ status: 'failed', reason: 'swept' });
    expect(credits.current()).toBe(7 - 2);
  });

  it('a refund that fails is logged, the record is still ended, and no balance is claimed', async () => {
    const credits = fakeCredits(5);
    credits.refund = async () => Promise.reject(new Error('connection lost'));
    const error = vi.fn();
    const log = { error } as unknown as NonNullable<PaidOrder<string, string>['log']>;
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    const abandon = vi.fn(async () => undefined);
    const outcome = await service.perform(order({ run: async () => Promise.reject(new Error('x')), abandon, log }));
    expect(outcome).toMatchObject({ status: 'failed', reason: 'error', balance: undefined });
    expect(abandon).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ reference: 'work:1' }), 'refund failed; the stale sweep will retry');
  });

  it('a store that fails is a failure: refunded', async () => {
    const credits = fakeCredits(5);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork() });
    const outcome = await service.perform(order({ deliver: async () => Promise.reject(new Error('disk full')) }));
    expect(outcome).toMatchObject({ status: 'failed', reason: 'error', balance: 5 });
  });

  it('asks the payer which accounts may pay, and charges the first that takes the credits', async () => {
    const credits = fakeCredits(5);
    const payer: Payer = { accountsFor: vi.fn(async () => [{ kind: 'user' as const, userId: 'payer-9' }]) };
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork(), payer });
    await service.perform(order());
    expect(payer.accountsFor).toHaveBeenCalledWith('u1', 2);
    expect(credits.log[0]).toBe('charge payer-9 2 work:1');
  });

  const poolFirst: Payer = {
    accountsFor: async (userId) => [
      { kind: 'team', userId, teamId: 'team-1' },
      { kind: 'user', userId },
    ],
  };

  it("a team's pool pays first; the user is told their own balance, which the pool left as it was", async () => {
    const credits = fakeCredits(5, 10);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork(), payer: poolFirst });
    const outcome = await service.perform(order());
    expect(outcome).toMatchObject({ status: 'delivered', paidBy: 'team', balance: 5 });
    expect(credits.pool()).toBe(8);
    expect(credits.log).toEqual(['charge team-1 for u1 2 work:1']);
  });

  it('a pool that cannot pay leaves it to the own credits; refused with the own balance when neither can', async () => {
    const credits = fakeCredits(3, 1);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork(), payer: poolFirst });
    expect(await service.perform(order())).toMatchObject({ status: 'delivered', paidBy: 'user', balance: 1 });
    expect(await service.perform(order())).toEqual({ status: 'refused', balance: 1 });
    expect(credits.pool()).toBe(1);
  });

  it("failed work paid by the pool is refunded to the pool; the user's own balance is told", async () => {
    const credits = fakeCredits(5, 10);
    const service = createPaidWorkService({ credits, inFlight: createInFlightWork(), payer: poolFirst });
    const outcome = await service.perform(order({ run: async () => Promise.reject(new Error('upstream down')) }));
    expect(outcome).toMatchObject({ status: 'failed', reason: 'error', balance: 5 });
    expect(credits.pool()).toBe(10);
  });
});
