import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { MailSendError, type Mailer } from '../mail';
import { reminderMessageFor } from './reminder-message';
import { createRemindersRepository, type DeliveryRow, type ReminderRecipient } from './reminders-repository';
import { lastSlotAtOrBefore, nextSlotAfter } from './slots';

/** A reminder missed while every server was down is still sent if its slot is at most this old. */
export const LATE_LIMIT_MS = 24 * 3_600_000;
/** Waits before attempts 2, 3, 4 and 5 of a failed reminder; then it is recorded as failed. */
export const RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
/** A delivery still 'sending' after this long belonged to a process that stopped mid-send. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;
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

export interface ReminderSchedulerDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, 'PUBLIC_URL' | 'REMINDER_TOKEN_SECRET' | 'REMINDER_CRON'>;
  /** Names this process in claim rows (default host:pid:random). */
  processId?: string;
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

  /** One attempt for a claimed delivery; the outcome is written to its row. */
  async function attempt(delivery: DeliveryRow, recipient: ReminderRecipient, now: Date): Promise<keyof RunSummary> {
    const message = reminderMessageFor(deps.config, recipient, delivery.slot, `reminder-${delivery.id}`);
    try {
      const sent = await deps.mailer.send(message);
      await repo.markSent(delivery.id, sent.messageId, now);
      log.info(
        { userId: recipient.userId, slot: delivery.slot.toISOString(), attempt: delivery.attempts, file: sent.file },
        'reminder sent',
      );
      return 'sent';
    } catch (err) {
      const failure = err instanceof MailSendError ? err : new MailSendError(String(err), false);
      const wait = RETRY_BACKOFF_MS[delivery.attempts - 1];
      if (failure.permanent || wait === undefined) {
        await repo.markFailed(delivery.id, failure.message);
        log.error(
          { userId: recipient.userId, slot: delivery.slot.toISOString(), attempts: delivery.attempts, error: failure.message },
          'reminder failed',
        );
        return 'failed';
      }
      await repo.markRetry(delivery.id, failure.message, new Date(now.getTime() + wait));
      log.warn(
        { userId: recipient.userId, attempt: delivery.attempts, retryInMs: wait, error: failure.message },
        'reminder not sent; will retry',
      );
      return 'retrying';
    }
  }

  /** A user whose next slot has come: claim the latest due slot (if any process has not) and move on. */
  async function handleDue(recipient: ReminderRecipient, now: Date, summary: RunSummary): Promise<void> {
    const seen = recipient.nextReminderAt!;
    // The most recent slot, not the stored one: after downtime, the latest missed reminder is sent once.
    const slot = lastSlotAtOrBefore(recipient.schedule, now);
    if (slot && now.getTime() - slot.getTime() <= LATE_LIMIT_MS) {
      const delivery = await repo.claim(recipient.userId, slot, processId, now);
      if (delivery) summary[await attempt(delivery, recipient, now)]++;
    } else {
      summary.skipped++;
      log.warn({ userId: recipient.userId, slot: slot?.toISOString() }, 'reminder more than 24 h late; skipped');
    }
    await repo.advance(recipient.userId, seen, nextSlotAfter(recipient.schedule, now));
  }

  /** Send every reminder due at `now` that no process has claimed yet, and the retries whose time has come. */
  async function runDueReminders(now: Date = deps.clock.now()): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    for (const stuck of await repo.failInterrupted(new Date(now.getTime() - INTERRUPTED_AFTER_MS))) {
      summary.failed++;
      log.error({ userId: stuck.userId, slot: stuck.slot.toISOString() }, 'reminder interrupted while sending; recorded as failed');
    }

    // Read in pages: each handled user moves on to a later slot, so the next page holds new ones.
    for (let page = 0; page < MAX_PAGES; page++) {
      const due = await repo.due(now, BATCH);
      await inBatches(due, CONCURRENCY, (recipient) => handleDue(recipient, now, summary));
      if (due.length < BATCH) break;
    }

    const retries = await repo.claimRetries(now, processId, BATCH);
    await inBatches(retries, CONCURRENCY, async (delivery) => {
      const recipient = await repo.recipient(delivery.userId);
      if (!recipient?.enabled || now.getTime() - delivery.slot.getTime() > LATE_LIMIT_MS) {
        await repo.markFailed(delivery.id, recipient?.enabled ? 'gave up: more than 24 h late' : 'cancelled: reminders were turned off');
        summary.failed++;
        return;
      }
      summary[await attempt(delivery, recipient, now)]++;
    });

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
    /** Stop ticking and wait for a tick in progress, so no send is cut off halfway. */
    async stop(): Promise<void> {
      job?.stop();
      job = undefined;
      await running;
    },
  };
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
