import { useQuery } from '@tanstack/react-query';
import { balanceQuery } from '@shared/api/queries/balance';
import { useSignedInUser } from '../auth/AuthProvider';
import { useServices } from './services';

/**
 * The signed-in user's balance from the one balance cache (docs/architecture.md#query-layer), which
 * paid answers and the usage summary write. A screen that reads the usage summary passes
 * `enabled: usage.isSuccess`: by then the summary has written the balance, so nothing is fetched twice.
 */
export function useBalance(options: { enabled?: boolean } = {}) {
  const { api } = useServices();
  return useQuery({ ...balanceQuery(api, useSignedInUser()), enabled: options.enabled ?? true });
}
