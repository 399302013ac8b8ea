import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceQuery, settleBalance } from '@shared/api/queries/balance';
import { userRecordQuery } from '@shared/api/queries/user';
import type { PageContext } from '../sdk/page-context';
import type { ZohoCrm } from '../sdk/zoho-crm';
import type { AuthUser } from '../features/auth/auth-service';
import { ProblemBar } from '../components/ProblemBar';
import { AccountBar } from './AccountBar';
import { portalLink, type Services } from './services';
import { toProblem } from './problems';
import { WidgetContext, type WidgetContextValue } from './widget-context';

const SingleLead = lazy(() => import('../features/single/SingleLead'));
const BulkLeads = lazy(() => import('../features/bulk/BulkLeads'));

/** Makes sure the server knows the user (docs/product.md#client-behaviour: a missing record is created), keeps the balance. */
export function SignedIn({ services, crm, page, user }: { services: Services; crm: ZohoCrm; page: PageContext; user: AuthUser }) {
  const { api } = services;
  const queryClient = useQueryClient();
  // The record first (a missing one is created), then the one balance cache, which each answer that carries the balance sets.
  const record = useQuery(userRecordQuery(api, user));
  const balance = useQuery({ ...balanceQuery(api, user), enabled: record.isSuccess });
  const account = record.isSuccess ? balance : record;
  const credits = balance.data ?? null;
  const failed = account.isError && !account.isFetching;

  // A team's pool may have paid instead of the own credits: the pool on screen is read again.
  const setCredits = useCallback((next: number) => void settleBalance(queryClient, user.uid, next), [queryClient, user.uid]);
  const refreshCredits = useCallback(
    () => queryClient.fetchQuery({ ...balanceQuery(api, user), staleTime: 0 }),
    [queryClient, api, user],
  );

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
