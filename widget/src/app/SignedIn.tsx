import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getOrCreateUser } from '@shared/api/user-record';
import type { PageContext } from '../sdk/page-context';
import type { ZohoCrm } from '../sdk/zoho-crm';
import type { AuthUser } from '../features/auth/auth-service';
import { ProblemBar } from '../components/ProblemBar';
import { AccountBar } from './AccountBar';
import { portalLink, type Services } from './services';
import { toProblem } from './problems';
import { userKeys } from './query-client';
import { WidgetContext, type WidgetContextValue } from './widget-context';

const SingleLead = lazy(() => import('../features/single/SingleLead'));
const BulkLeads = lazy(() => import('../features/bulk/BulkLeads'));

/** Makes sure the server knows the user (docs/product.md#client-behaviour: a missing record is created), keeps the balance. */
export function SignedIn({ services, crm, page, user }: { services: Services; crm: ZohoCrm; page: PageContext; user: AuthUser }) {
  const { api } = services;
  const queryClient = useQueryClient();
  // The balance lives in the query cache: read once with the account, then set from each answer that carries it.
  const creditsKey = useMemo(() => userKeys.credits(user.uid), [user.uid]);
  const account = useQuery({
    queryKey: creditsKey,
    queryFn: async () => {
      const record = await getOrCreateUser(api, user);
      const { credits: balance } = await api.getCredits(user.email);
      return balance ?? record.credits ?? 0;
    },
  });
  const credits = account.data ?? null;
  const failed = account.isError && !account.isFetching;

  const setCredits = useCallback((balance: number) => queryClient.setQueryData(creditsKey, balance), [queryClient, creditsKey]);
  const refreshCredits = useCallback(async () => {
    const { credits: balance } = await api.getCredits(user.email);
    setCredits(balance);
    return balance;
  }, [api, user.email, setCredits]);

  const value = useMemo<WidgetContextValue>(
    () => ({ ...services, crm, page, user, credits, setCredits, refreshCredits }),
    [services, crm, page, user, credits, setCredits, refreshCredits],
  );

  return (
    <WidgetContext.Provider value={value}>
      <AccountBar />
      {failed && (
        <ProblemBar
          problem={toProblem(account.error, services.apiBaseUrl)}
          upgradeUrl={portalLink(services.config, '/subscription')}
          onRetry={() => void account.refetch()}
        />
      )}
      {account.isSuccess && (
        <Suspense fallback={<Spinner size="small" label="Loading…" />}>{page.mode === 'bulk' ? <BulkLeads /> : <SingleLead />}</Suspense>
      )}
      {!account.isSuccess && !failed && <Spinner size="small" label="Loading your account…" />}
    </WidgetContext.Provider>
  );
}
