import { and, asc, desc, eq, gte, inArray, lt, ne, or } from 'drizzle-orm';
import { CALL_STATUSES, FINAL_CALL_STATUSES, type CallFeedback, type CallMode, type CallStatus } from '@shared/schemas/calls';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { callTurns, practiceCalls, userPhones, users } from '../../db/schema';
import { CALLS_MESSAGES } from './calls-messages';

export type CallRow = typeof practiceCalls.$inferSelect;
export type TurnRow = typeof callTurns.$inferSelect;

export const ACTIVE_CALL_STATUSES: readonly CallStatus[] = ['queued', 'ringing', 'in-progress'];
/** The daily cap is a rolling 24 hours: the message can say exactly when the next call is possible. */
export const CAP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A browser session nobody opened within this time is cancelled (it would block new sessions). */
export const UNOPENED_SESSION_MS = 2 * 60 * 1000;
/** Beyond the maximum length plus this margin, a call still marked active was left by a stopped process. */
export const STALE_MARGIN_MS = 5 * 60 * 1000;
/** Call records and transcripts are deleted after this many days (README: what is recorded, for how long). */
export const CALL_RETENTION_DAYS = 90;

/** Order of statuses: a callback may only move a call forward, and a final status never changes. */
function rank(status: CallStatus): number {
  if (FINAL_CALL_STATUSES.includes(status)) return 3;
  return ACTIVE_CALL_STATUSES.indexOf(status);
}
const isFinal = (s: CallStatus) => FINAL_CALL_STATUSES.includes(s);

export interface CreateCallInput {
  id: string;
  userId: string;
  mode: CallMode;
  scenarioId: string;
  scenarioTitle: string;
  toNumber?: string | null;
  fromNumber?: string | null;
  provider?: string | null;
}

export type CreateCallOutcome =
  { ok: true; call: CallRow } | { ok: false; reason: 'busy' } | { ok: false; reason: 'limit' | 'dials'; nextAt: Date };

export interface CallLimits {
  perDay: number;
  /** Phone calls the provider placed (rang the user's number) in 24 hours, practised or not. */
  dialsPerDay: number;
  maxMinutes: number;
}

/** Final statuses of a call or session in which the rep never practised: not counted against the daily limit. */
const NOT_PRACTISED: readonly CallStatus[] = ['abandoned', 'busy', 'no-answer', 'canceled'];

export function createCallsRepository(db: Db, clock: Clock) {
  async function expireStale(tx: Pick<Db, 'update'>, userId: string, maxMinutes: number) {
    const now = clock.now();
    await tx
      .update(practiceCalls)
      // Opened by no one (the tab was closed): abandoned, and not counted against the daily limit.
      .set({ status: 'abandoned', errorMessage: CALLS_MESSAGES.sessionNeverOpened, counted: false, completedAt: now, updatedAt: now })
      .where(
        and(
          eq(practiceCalls.userId, userId),
          eq(practiceCalls.mode, 'browser'),
          eq(practiceCalls.status, 'queued'),
          lt(practiceCalls.createdAt, new Date(now.getTime() - UNOPENED_SESSION_MS)),
        ),
      );
    await tx
      .update(practiceCalls)
      .set({ status: 'failed', errorMessage: CALLS_MESSAGES.staleCall, completedAt: now, updatedAt: now })
      .where(
        and(
          eq(practiceCalls.userId, userId),
          inArray(practiceCalls.status, [...ACTIVE_CALL_STATUSES]),
          lt(practiceCalls.createdAt, new Date(now.getTime() - maxMinutes * 60_000 - STALE_MARGIN_MS)),
        ),
      );
  }

  return {
    async phone(userId: string): Promise<string | null> {
      const [row] = await db.select({ phoneNumber: userPhones.phoneNumber }).from(userPhones).where(eq(userPhones.userId, userId));
      return row?.phoneNumber ?? null;
    },

    async savePhone(userId: string, phoneNumber: string): Promise<void> {
      const now = clock.now();
      await db
        .insert(userPhones)
        .values({ userId, phoneNumber, consentAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: userPhones.userId, set: { phoneNumber, consentAt: now, updatedAt: now } });
    },

    /** The scenario of the user's latest call (a random pick avoids it). */
    async lastScenarioId(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ scenarioId: practiceCalls.scenarioId })
        .from(practiceCalls)
        .where(eq(practiceCalls.userId, userId))
        .orderBy(desc(practiceCalls.createdAt), desc(practiceCalls.id))
        .limit(1);
      return row?.scenarioId ?? null;
    },

    /**
     * Create a call unless one is already active (→ busy) or the rolling 24-hour cap is reached
     * (→ limit, with the time the oldest counted call leaves the window). The user row is locked,
     * (FOR NO KEY UPDATE: it does not block inserts referencing the user), so two server processes
     * serialise here: the cap and the one-at-a-time rule hold across them.
     */
    async create(input: CreateCallInput, limits: CallLimits): Promise<CreateCallOutcome> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
        await expireStale(tx, input.userId, limits.maxMinutes);
        const [active] = await tx
          .select({ id: practiceCalls.id })
          .from(practiceCalls)
          .where(and(eq(practiceCalls.userId, input.userId), inArray(practiceCalls.status, [...ACTIVE_CALL_STATUSES])))
          .limit(1);
        if (active) return { ok: false as const, reason: 'busy' as const };
        const now = clock.now();
        const recent = await tx
          .select({ createdAt: practiceCalls.createdAt })
          .from(practiceCalls)
          .where(
            and(
              eq(practiceCalls.userId, input.userId),
              eq(practiceCalls.counted, true),
              gte(practiceCalls.createdAt, new Date(now.getTime() - CAP_WINDOW_MS)),
            ),
          )
          .orderBy(asc(practiceCalls.createdAt));
        if (recent.length >= limits.perDay) {
          // The call that has to leave the window before one more fits.
          const freeing = recent[recent.length - limits.perDay]!;
          return { ok: false as const, reason: 'limit' as const, nextAt: new Date(freeing.createdAt.getTime() + CAP_WINDOW_MS) };
        }
        if (input.mode === 'phone') {
          // Unpractised phone calls do not count above, but each rang a real phone: the rings a
          // number gets a day are bounded too. A call the provider refused outright (failed, not counted) never rang.
          const dials = await tx
            .select({ createdAt: practiceCalls.createdAt })
            .from(practiceCalls)
            .where(
              and(
                eq(practiceCalls.userId, input.userId),
                eq(practiceCalls.mode, 'phone'),
                or(eq(practiceCalls.counted, true), ne(practiceCalls.status, 'failed')),
                gte(practiceCalls.createdAt, new Date(now.getTime() - CAP_WINDOW_MS)),
              ),
            )
            .orderBy(asc(practiceCalls.createdAt));
          if (dials.length >= limits.dialsPerDay) {
            const freeing = dials[dials.length - limits.dialsPerDay]!;
            return { ok: false as const, reason: 'dials' as const, nextAt: new Date(freeing.createdAt.getTime() + CAP_WINDOW_MS) };
          }
        }
        const [call] = await tx
          .insert(practiceCalls)
          .values({
            id: input.id,
            userId: input.userId,
            mode: input.mode,
            status: 'queued',
            scenarioId: input.scenarioId,
            scenarioTitle: input.scenarioTitle,
            toNumber: input.toNumber ?? null,
            fromNumber: input.fromNumber ?? null,
            provider: input.provider ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return { ok: true as const, call: call! };
      });
    },

    async setProviderCall(callId: string, providerCallId: string): Promise<void> {
      await db.update(practiceCalls).set({ providerCallId, updatedAt: clock.now() }).where(eq(practiceCalls.id, callId));
    },

    /** The provider said no: nothing was placed, so the call is failed with its reason and not counted. */
    async markRefused(callId: string, reason: string): Promise<void> {
      const now = clock.now();
      await db
        .update(practiceCalls)
        .set({ status: 'failed', errorMessage: reason, counted: false, completedAt: now, updatedAt: now })
        .where(eq(practiceCalls.id, callId));
    },

    /**
     * Move a call forward (queued → ringing → in-progress → a final status); anything else is
     * ignored, so late or repeated callbacks never move it back. Returns the row when it changed.
     */
    async advance(
      callId: string,
      status: CallStatus,
      extra: { errorMessage?: string | null; endReason?: string | null } = {},
    ): Promise<CallRow | null> {
      const from = CALL_STATUSES.filter((s) => !isFinal(s) && rank(s) < rank(status));
      if (!from.length) return null;
      const now = clock.now();
      const [row] = await db
        .update(practiceCalls)
        .set({
          status,
          updatedAt: now,
          ...(status === 'in-progress' ? { startedAt: now } : {}),
          ...(isFinal(status) ? { completedAt: now } : {}),
          ...(extra.errorMessage ? { errorMessage: extra.errorMessage } : {}),
          ...(extra.endReason ? { endReason: extra.endReason } : {}),
          // Nothing practised (the rep never spoke, or the phone was not answered): not counted against the
          // daily limit. Phone calls stay bounded by the rings a day (create).
          ...(NOT_PRACTISED.includes(status) ? { counted: false } : {}),
        })
        .where(and(eq(practiceCalls.id, callId), inArray(practiceCalls.status, from)))
        .returning();
      return row ?? null;
    },

    async setFeedback(callId: string, feedback: CallFeedback): Promise<void> {
      await db.update(practiceCalls).set({ feedback, updatedAt: clock.now() }).where(eq(practiceCalls.id, callId));
    },

    async addTurn(callId: string, role: 'rep' | 'prospect', text: string): Promise<void> {
      await db.insert(callTurns).values({ callId, role, text, createdAt: clock.now() });
    },

    async byId(callId: string): Promise<CallRow | undefined> {
      const [row] = await db.select().from(practiceCalls).where(eq(practiceCalls.id, callId));
      return row;
    },

    async turns(callId: string): Promise<TurnRow[]> {
      return db.select().from(callTurns).where(eq(callTurns.callId, callId)).orderBy(asc(callTurns.id));
    },

    /** The user's calls, newest first, after the cursor `before` (a call id of theirs). */
    async listForUser(userId: string, page: { before?: string; limit: number }): Promise<{ rows: CallRow[]; more: boolean }> {
      const cursor = page.before ? await this.byId(page.before) : undefined;
      const rows = await db
        .select()
        .from(practiceCalls)
        .where(and(eq(practiceCalls.userId, userId), cursor && cursor.userId === userId ? olderThan(cursor) : undefined))
        .orderBy(desc(practiceCalls.createdAt), desc(practiceCalls.id))
        .limit(page.limit + 1);
      return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
    },

    /** Phone calls of every user (admin log), newest first, with the user's e-mail. */
    async listOutbound(page: { before?: string; limit: number }): Promise<{ rows: (CallRow & { email: string })[]; more: boolean }> {
      const cursor = page.before ? await this.byId(page.before) : undefined;
      const rows = await db
        .select({ call: practiceCalls, email: users.email })
        .from(practiceCalls)
        .innerJoin(users, eq(users.id, practiceCalls.userId))
        .where(and(eq(practiceCalls.mode, 'phone'), cursor ? olderThan(cursor) : undefined))
        .orderBy(desc(practiceCalls.createdAt), desc(practiceCalls.id))
        .limit(page.limit + 1);
      return { rows: rows.slice(0, page.limit).map((r) => ({ ...r.call, email: r.email })), more: rows.length > page.limit };
    },

    /** Delete calls (and, by cascade, their transcripts) older than the retention period. */
    async purgeExpired(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - CALL_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const gone = await db.delete(practiceCalls).where(lt(practiceCalls.createdAt, cutoff)).returning({ id: practiceCalls.id });
      return gone.length;
    },
  };
}

function olderThan(cursor: CallRow) {
  return or(
    lt(practiceCalls.createdAt, cursor.createdAt),
    and(eq(practiceCalls.createdAt, cursor.createdAt), lt(practiceCalls.id, cursor.id)),
  );
}

/** Seconds between answer and end, when both are known. */
export function durationSeconds(row: CallRow): number | null {
  if (!row.startedAt || !row.completedAt) return null;
  return Math.max(0, Math.round((row.completedAt.getTime() - row.startedAt.getTime()) / 1000));
}

export type CallsRepository = ReturnType<typeof createCallsRepository>;
