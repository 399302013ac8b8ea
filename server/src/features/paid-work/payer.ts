/**
 * The accounts a piece of paid work may be charged to, in the order they are tried
 * (docs/decisions/0026-paid-work-in-one-place.md): a team member's work is charged to the team's
 * pool first (within their monthly cap), then to their own credits (docs/product.md#team-credits).
 */
export type PayingAccount = { kind: 'user'; userId: string } | { kind: 'team'; userId: string; teamId: string };

/** Decides which accounts may pay for a user's paid work of a given cost, first choice first. */
export interface Payer {
  accountsFor(userId: string, cost: number): Promise<PayingAccount[]>;
}

/** Every user pays from their own credits. */
export const ownCredits: Payer = {
  accountsFor: async (userId) => [{ kind: 'user', userId }],
};
