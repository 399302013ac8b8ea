import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { MailSendError, type Mailer } from '../mail';
import { createOpenAssignmentsReader, type OpenAssignment } from '../teams';
import { reminderMessageFor } from './reminder-message';
import { createRemindersRepository, type DeliveryRow, type ReminderRecipient } from './reminders-repository';
import { lastSlotAtOrBefore, nextSlotAfter } from './slots';

/** A reminder missed while every server was down is still sent if its slot is at most this old. */
export const LATE_LIMIT_MS = 24 * 3_600_000;
/** Waits before attempts 2, 3, 4 and 5 of a failed reminder; then it is recorded as failed. */
export const RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
/**
 * A claim is a lease: a delivery still 'sending' this long after its claim belonged to a process that
 * stopped mid-send, and another process sends it again (README: REMINDER_CLAIM_LEASE_MS).
 */
export const DEFAULT_CLAIM_LEASE_MS = 5 * 60_000;
/** A tick claims no new work after this long (the next tick, a minute on, carries on). */
const TICK_BUDGET_MS = 50_000;
/** How long stop() waits for the tick in progress (shutdown has its own budget; claims left 'sending' are reclaimed). */
const STOP_WAIT_MS = 2000;
/** Users handled per tick and messages in flight at once (an SMTP server limits connections). */
const BATCH = 500;
/** At most this many pages of due users per tick (the rest wait for the next tick). */
const MAX_PAGES = 20;
const CONCURRENCY = 5;

export interface RunSummary {
  sent: number;
  retrying: number;
  failed: number;
  /** Slots found more than LATE_LIMIT_MS late: moved past, not sent. */
  skipped: number;
}

interface AttemptOutcome {
  result: 'sent' | 'retrying' | 'failed';
  timedOut?: boolean;
}

export interface ReminderSchedulerDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, 'PUBLIC_URL' | 'REMINDER_TOKEN_SECRET' | 'REMINDER_CRON'> & { REMINDER_CLAIM_LEASE_MS?: number };
  /** Names this process in claim rows (default host:pid:random). */
  processId?: string;
  /** Practice the user's team assigned and no call completed (default: read from the database). */
  openAssignments?: (userId: string) => Promise<OpenAssignment[]>;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * The reminder scheduler of one server process. Every process runs one; the UNIQUE (user, slot)
 * claim row in the database decides which process sends each reminder.
 */
export function createReminderScheduler(deps: ReminderSchedulerDeps) {
  const repo = createRemindersRepository(deps.db);
  const processId = deps.processId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = deps.logger.child({ component: 'reminders', processId });
  const openAssignments = deps.openAssignments ?? createOpenAssignmentsReader(deps.db);

  /** One attempt for a claimed delivery; the outcome is written to its row. */
  async function attempt(delivery: DeliveryRow, recipient: ReminderRecipient, now: Date): Promise<AttemptOutcome> {
    try {
      // Read at send time: an assignment completed since the claim is not listed.
      const assigned = await openAssignments(recipient.userId);
      const message = reminderMessageFor(deps.config, recipient, delivery.slot, `reminder-${delivery.id}`, assigned);
      const sent = await deps.mailer.send(message);
      await repo.markSent(delivery.id, sent.messageId, now);
      log.info(
        { userId: recipient.userId, slot: delivery.slot.toISOString(), attempt: delivery.attempts, file: sent.file },
        'reminder sent',
      );
      return { result: 'sent' };
    } catch (err) {
      const failure = err instanceof MailSendError ? err : new MailSendError(String(err), false);
      const timedOut = failure.timedOut;
      const wait = RETRY_BACKOFF_MS[delivery.attempts - 1];
      if (failure.permanent || wait === undefined) {
        await repo.markFailed(delivery.id, failure.message);
        log.error(
          { userId: recipient.userId, slot: delivery.slot.toISOString(), attempts: delivery.attempts, error: failure.message },
          'reminder failed',
        );
        return { result: 'failed', timedOut };
      }
      await repo.markRetry(delivery.id, failure.message, new Date(now.getTime() + wait));
      log.warn(
        { userId: recipient.userId, attempt: delivery.attempts, retryInMs: wait, error: failure.message },
        'reminder not sent; will retry',
      );
      return { result: 'retrying', timedOut };
    }
  }

  /** A user whose next slot has come: claim the latest due slot (if any process has not) and move on. */
  async function handleDue(
    recipient: ReminderRecipient,
    now: Date,
    count: (outcome: AttemptOutcome) => void,
    summary: RunSummary,
  ): Promise<void> {
    const seen = recipient.nextReminderAt!;
    // The most recent slot, not the stored one: after downtime, the latest missed reminder is sent once.
    const slot = lastSlotAtOrBefore(recipient.schedule, now);
    if (slot && now.getTime() - slot.getTime() <= LATE_LIMIT_MS) {
      const delivery = await repo.claim(recipient.userId, slot, processId, now);
      if (delivery) count(await attempt(delivery, recipient, now));
    } else {
      summary.skipped++;
      log.warn({ userId: recipient.userId, slot: slot?.toISOString() }, 'reminder more than 24 h late; skipped');
    }
    await repo.advance(recipient.userId, seen, nextSlotAfter(recipient.schedule, now));
  }

  let stopping = false;

  /**
   * Send every reminder due at `now` that no process has claimed yet, the retries whose time has
   * come and the claims a stopped process left. A tick claims nothing more once the SMTP server has
   * timed out, its budget is spent or the scheduler is stopping: the unclaimed wait for the next tick.
   */
  async function runDueReminders(now: Date = deps.clock.now()): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    const startedAt = Date.now();
    let mailServerTimedOut = false;
    const halted = () => stopping || mailServerTimedOut || Date.now() - startedAt > TICK_BUDGET_MS;
    const count = (outcome: AttemptOutcome) => {
      summary[outcome.result]++;
      if (outcome.timedOut) mailServerTimedOut = true;
    };

    // Read in pages: each handled user moves on to a later slot, so the next page holds new ones.
    for (let page = 0; page < MAX_PAGES && !halted(); page++) {
      const due = await repo.due(now, BATCH);
      await inBatches(due, CONCURRENCY, async (recipient) => {
        if (!halted()) await handleDue(recipient, now, count, summary);
      });
      if (due.length < BATCH) break;
    }

    // Claimed a few at a time, so a halted tick leaves the rest unclaimed for the next one.
    const leaseCutoff = new Date(now.getTime() - (deps.config.REMINDER_CLAIM_LEASE_MS ?? DEFAULT_CLAIM_LEASE_MS));
    for (let n = 0; n < MAX_PAGES * BATCH && !halted(); n += CONCURRENCY) {
      const claimed = await repo.claimRetries(now, processId, CONCURRENCY, leaseCutoff);
      await Promise.all(
        claimed.map(async (delivery) => {
          const recipient = await repo.recipient(delivery.userId);
          if (!recipient?.enabled || now.getTime() - delivery.slot.getTime() > LATE_LIMIT_MS) {
            await repo.markFailed(
              delivery.id,
              recipient?.enabled ? 'gave up: more than 24 h late' : 'cancelled: reminders were turned off',
            );
            summary.failed++;
            return;
          }
          count(await attempt(delivery, recipient, now));
        }),
      );
      if (claimed.length < CONCURRENCY) break;
    }

    if (mailServerTimedOut) log.warn('the SMTP server did not answer in time; the other reminders wait for the next tick');
    if (summary.sent || summary.failed || summary.retrying || summary.skipped) log.info(summary, 'reminder tick');
    return summary;
  }

  let job: Cron | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = (): Promise<void> => {
    running = runDueReminders(deps.clock.now()).then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'reminder tick failed'),
    );
    return running;
  };

  return {
    processId,
    runDueReminders,
    /** Start ticking (croner; `protect` skips a tick while the previous one still runs) and catch up at once. */
    start(): void {
      if (job) return;
      job = new Cron(deps.config.REMINDER_CRON, { protect: true }, () => tick());
      void tick();
      log.info({ cron: deps.config.REMINDER_CRON, mailer: deps.mailer.kind }, 'reminder scheduler started');
    },
    /**
     * Stop ticking and wait for the tick in progress at most `waitMs` (a stuck SMTP server never
     * holds a shutdown); past that it claims nothing more. True when it finished in time; a claim
     * cut off is sent again by another process once its lease is over.
     */
    async stop(waitMs = STOP_WAIT_MS): Promise<boolean> {
      job?.stop();
      job = undefined;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
      try {
        const finished = await Promise.race([running.then(() => true), late]);
        if (!finished) stopping = true;
        return finished;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
