import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { CreditUsage } from '../../schemas/account';
import { creditUsageQuery } from './account';
import { balanceQuery, setBalance, settleBalance } from './balance';
import { queryKeys } from './keys';

const owner = { uid: 'uid-1', email: 'pat@example.com' };

function counting(credits: number) {
  let reads = 0;
  return {
    api: {
      getCredits: async () => (reads++, { credits }),
      getCreditUsage: async (): Promise<CreditUsage> => ({
        plan: 'free',
        allowance: 20,
        balance: 4,
        used: 16,
        periodStart: '2026-11-01T00:00:00.000Z',
        resetsAt: null,
        days: [],
      }),
    },
    reads: () => reads,
  };
}

describe('the one balance cache', () => {
  it('is read from /api/user-credits when empty, under one key', async () => {
    const client = new QueryClient();
    const { api, reads } = counting(7);
    expect(await client.fetchQuery(balanceQuery(api, owner))).toBe(7);
    expect(client.getQueryData(queryKeys.balance('uid-1'))).toBe(7);
    expect(reads()).toBe(1);
  });

  it("takes a paid answer's balance without a read, and reads again only when the answer had none", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const { api, reads } = counting(9);
    await client.fetchQuery(balanceQuery(api, owner));
    await settleBalance(client, 'uid-1', 3);
    expect(client.getQueryData(queryKeys.balance('uid-1'))).toBe(3);
    expect(client.getQueryState(queryKeys.balance('uid-1'))?.isInvalidated).toBe(false);
    expect(reads()).toBe(1);
    // No balance on the answer: invalidated, so whoever reads it next fetches it again.
    await settleBalance(client, 'uid-1', undefined);
    expect(client.getQueryState(queryKeys.balance('uid-1'))?.isInvalidated).toBe(true);
  });

  it('is written by the usage summary, which carries it', async () => {
    const client = new QueryClient();
    setBalance(client, 'uid-1', 12);
    const { api } = counting(12);
    await client.fetchQuery(creditUsageQuery(api, 'uid-1'));
    expect(client.getQueryData(queryKeys.balance('uid-1'))).toBe(4);
  });
});
