import type { Logger } from 'pino';
import type { DebitResult, RefundResult, TeamDebitResult, WorkRow } from '../credits';
import { ServerShuttingDown, type InFlightWork } from '../../http/in-flight';
import { ownCredits, type Payer, type PayingAccount } from './payer';

/** The part of the credits service paid work uses: the charge that records the work, and its refund. */
export interface PaidWorkCredits {
  chargeFor(userId: string, n: number, reference: string, work: WorkRow, label?: string): Promise<DebitResult>;
  /** A taken pool charge says the member's own balance too (told when the pool paid, so the client's own stays right). */
  chargeTeamFor(userId: string, teamId: string, n: number, reference: string, work: WorkRow, label?: string): Promise<TeamDebitResult>;
  refund(debitLedgerId: number, reference?: string): Promise<RefundResult>;
}

/** Why paid work ended without a delivered result. */
export type FailureReason =
  /** The requester went away (the client closed the connection). */
  | 'cancelled'
  /** A graceful shutdown (SIGTERM) stopped it. */
  | 'shutting-down'
  /** A sweep failed it first (it ran past STALE_WORK_AFTER_MS): its debit was refunded by the sweep. */
  | 'swept'
  /** The work itself failed (the writer, the news, storing the result). */
  | 'error';

export interface Failure {
  reason: FailureReason;
  /** What went wrong (the thrown error; undefined when the work was swept). */
  error?: unknown;
  /** The user's own balance after the refund; undefined when the refund itself failed (the sweep retries it). */
  balance?: number;
}

export type PaidOutcome<R> =
  | { status: 'refused'; balance: number }
  | { status: 'delivered'; result: R; balance: number; paidBy: PayingAccount['kind'] }
  | ({ status: 'failed' } & Failure);

/** Paid work after its charge: the work's own signal and the balance the charge left. */
export interface ChargedJob {
  /** Aborted when the requester goes away, the server shuts down, or the work failed. */
  signal: AbortSignal;
  /** The user's own balance right after this charge (from the debit's own statement when they paid). */
  balance: number;
  /** Which account paid: the user's own credits or their team's pool. */
  paidBy: PayingAccount['kind'];
  /** The debit's ledger row (stored with the work's result). */
  debitLedgerId: number;
}

export interface PaidOrder<Begun, R> {
  userId: string;
  cost: number;
  /** The ledger row's reference: the sweep finds a crashed request's debit by it. */
  reference: string;
  /** The reference of the refund row, if the work fails. */
  refundReference: string;
  /** What the user sees on the usage page for this charge. */
  label: string;
  /** The row recording the work, written by the debit's own statement (docs/decisions/0013-paid-work-recorded-before-the-debit.md). */
  record: WorkRow;
  /** The requester's signal: aborted when it goes away (the client closed the connection). */
  signal?: AbortSignal;
  /**
   * Work started alongside the charge (e.g. the writer's upstream request), so the charge and the
   * upstream's first token are waited for side by side. Nothing of it may reach the user before
   * `run`, which only starts once the credits are taken.
   */
  begin?(signal: AbortSignal): Begun;
  /** The charge was refused or failed: stop what `begin` started (the signal is already aborted). */
  drop?(begun: Begun): void;
  /** The paid work itself, after the charge. */
  run(job: ChargedJob, begun: Begun): Promise<R>;
  /** Store the result with the end of the work's record; false when a sweep claimed the work first. */
  deliver(result: R, job: ChargedJob): Promise<boolean>;
  /** After the refund: end the work's record (mark it Failed, or delete it). Its own errors are logged, not thrown. */
  abandon(failure: Failure, job: ChargedJob): Promise<void>;
  /** The request's logger (refunds that fail are logged here). */
  log?: Logger;
}

/** The debit was refused or failed: what `begin` started stops. */
class NotCharged extends Error {
  constructor() {
    super('the work was not charged');
  }
}

/**
 * Paid work in one place (docs/architecture.md#paid-work): charge the payer with the work's record,
 * run it, store the result, or refund and end the record, whatever stops it. Charged once, refunded
 * at most once (the refund row is unique per debit); every feature that sells work uses this.
 */
export function createPaidWorkService(deps: { credits: PaidWorkCredits; inFlight: InFlightWork; payer?: Payer }) {
  const payer = deps.payer ?? ownCredits;

  async function perform<Begun, R>(order: PaidOrder<Begun, R>): Promise<PaidOutcome<R>> {
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, deps.inFlight.signal, ...(order.signal ? [order.signal] : [])]);
    const begun = order.begin?.(signal) as Begun;
    const dropBegun = () => {
      controller.abort(new NotCharged());
      order.drop?.(begun);
    };

    let charged: { debit: Extract<DebitResult, { ok: true }>; account: PayingAccount; balance: number } | { refusedAt: number };
    try {
      charged = await charge(order);
    } catch (err) {
      dropBegun();
      throw err;
    }
    if ('refusedAt' in charged) {
      dropBegun();
      return { status: 'refused', balance: charged.refusedAt };
    }
    const { debit, account } = charged;

    const job: ChargedJob = { signal, balance: charged.balance, debitLedgerId: debit.ledgerId, paidBy: account.kind };
    let result: R;
    try {
      result = await order.run(job, begun);
      signal.throwIfAborted();
    } catch (error) {
      const reason = reasonOf(signal, order.signal);
      controller.abort(error); // whatever the work left running (a second writer) stops
      return fail(order, job, { reason, error });
    }
    // Once the work is done, the requester leaving no longer stops it from being stored.
    let delivered: boolean;
    try {
      delivered = await order.deliver(result, job);
    } catch (error) {
      return fail(order, job, { reason: 'error', error });
    }
    if (!delivered) return fail(order, job, { reason: 'swept' });
    return { status: 'delivered', result, balance: job.balance, paidBy: account.kind };
  }

  /**
   * The first account that takes the credits pays (the team's pool, then the user's own); refused
   * with the user's own balance when none does.
   */
  async function charge<B, R>(order: PaidOrder<B, R>) {
    const accounts = await payer.accountsFor(order.userId, order.cost);
    let refusedAt = 0;
    for (const account of accounts) {
      if (account.kind === 'team') {
        const debit = await deps.credits.chargeTeamFor(
          account.userId,
          account.teamId,
          order.cost,
          order.reference,
          order.record,
          order.label,
        );
        // A pool's balance is not the user's: tell the user's own, which the pool left as it was.
        if (debit.ok) return { debit, account, balance: debit.ownBalance };
        continue;
      }
      const debit = await deps.credits.chargeFor(account.userId, order.cost, order.reference, order.record, order.label);
      if (debit.ok) return { debit, account, balance: debit.balance };
      refusedAt = debit.balance;
    }
    return { refusedAt };
  }

  /**
   * Refund first, then end the record: if ending it fails, the record stays pending and the sweep
   * retries; a second refund of the same debit changes nothing.
   */
  async function fail<B, R>(order: PaidOrder<B, R>, job: ChargedJob, failure: Omit<Failure, 'balance'>): Promise<PaidOutcome<R>> {
    let balance: number | undefined;
    try {
      const refund = await deps.credits.refund(job.debitLedgerId, order.refundReference);
      balance = job.paidBy === 'user' ? refund.balance : job.balance;
    } catch (err) {
      order.log?.error({ err, reference: order.reference }, 'refund failed; the stale sweep will retry');
    }
    const ended = { ...failure, balance };
    try {
      await order.abandon(ended, job);
    } catch (err) {
      order.log?.error({ err, reference: order.reference }, 'could not end the failed work; the stale sweep will');
    }
    return { status: 'failed', ...ended };
  }

  return {
    /** Charge, run, store, or refund: one paid request (refused with 503 once a shutdown started). */
    perform: <Begun, R>(order: PaidOrder<Begun, R>) => deps.inFlight.run(() => perform(order)),
  };
}

function reasonOf(signal: AbortSignal, requester: AbortSignal | undefined): FailureReason {
  if (signal.aborted && signal.reason instanceof ServerShuttingDown) return 'shutting-down';
  if (requester?.aborted) return 'cancelled';
  return 'error';
}

export type PaidWorkService = ReturnType<typeof createPaidWorkService>;
