/**
 * What the portal and the widget say about the team pool that pays first (docs/product.md#team-credits).
 * Apart from shared/teams.ts so the widget's first screen does not load every team string.
 */

/** Whether a team pool (GET /api/team/pool) would pay for work of this cost now, cap included. */
export const poolCanPay = (pool: { credits: number; capLeft: number | null } | null | undefined, cost: number) =>
  Boolean(pool && pool.credits >= cost && (pool.capLeft === null || pool.capLeft >= cost));

/** What the portal and the widget say about which balance pays (docs/product.md#team-credits). */
export const POOL_TEXT = {
  label: 'Team pool',
  paysFirst: (team: string) => `Your paid work is charged to ${team}'s pool first, then to your own credits.`,
  capLeft: (n: number) => `${n} left of your monthly cap`,
  /** Beside a price, when the pool will pay it. */
  paidFrom: (team: string, left: number) => `from ${team}'s team pool (${left} left)`,
} as const;
