import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys, type Owner } from './keys';

/**
 * The caller's credit balance, one number under one key. Read from GET /api/user-credits when nothing
 * has put it there yet; the answers that carry it (a paid stream's last line, an Enrich answer, the
 * usage summary) write it with setBalance, so every counter shows the same figure without a re-read.
 */
export const balanceQuery = (api: Pick<ApiClient, 'getCredits'>, owner: Owner) =>
  queryOptions({
    queryKey: queryKeys.balance(owner.uid),
    queryFn: async () => (await api.getCredits(owner.email)).credits,
  });

export function setBalance(client: QueryClient, uid: string, balance: number): void {
  client.setQueryData(queryKeys.balance(uid), balance);
}

/**
 * After paid work: the balance its answer carried, or (an answer without one) a re-read. A team's
 * pool may have paid instead, so a pool on screen is read again.
 */
export function settleBalance(client: QueryClient, uid: string, balance: number | undefined): Promise<void> {
  const pool = client.invalidateQueries({ queryKey: queryKeys.teamPool(uid) });
  if (balance !== undefined) {
    setBalance(client, uid, balance);
    return pool;
  }
  return Promise.all([pool, client.invalidateQueries({ queryKey: queryKeys.balance(uid) })]).then(() => undefined);
}
