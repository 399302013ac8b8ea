import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Spinner } from '@fluentui/react-components';
import { getOrCreateUser } from '@shared/api/user-record';
import type { PageContext } from '../sdk/page-context';
import type { ZohoCrm } from '../sdk/zoho-crm';
import type { AuthUser } from '../features/auth/auth-service';
import { ProblemBar } from '../components/ProblemBar';
import { AccountBar } from './AccountBar';
import { portalLink, type Services } from './services';
import { toProblem, type Problem } from './problems';
import { WidgetContext, type WidgetContextValue } from './widget-context';

const SingleLead = lazy(() => import('../features/single/SingleLead'));
const BulkLeads = lazy(() => import('../features/bulk/BulkLeads'));

/** Makes sure the server knows the user (docs/product.md#client-behaviour: a missing record is created), keeps the balance. */
export function SignedIn({ services, crm, page, user }: { services: Services; crm: ZohoCrm; page: PageContext; user: AuthUser }) {
  const { api } = services;
  const [ready, setReady] = useState(false);
  const [credits, setCredits] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    (async () => {
      const record = await getOrCreateUser(api, user);
      const { credits: balance } = await api.getCredits(user.email);
      if (!live) return;
      setCredits(balance ?? record.credits ?? 0);
      setReady(true);
    })().catch((err: unknown) => live && setProblem(toProblem(err, services.apiBaseUrl)));
    return () => {
      live = false;
    };
  }, [api, user, services.apiBaseUrl, attempt]);

  const refreshCredits = useCallback(async () => {
    const { credits: balance } = await api.getCredits(user.email);
    setCredits(balance);
    return balance;
  }, [api, user.email]);

  const value = useMemo<WidgetContextValue>(
    () => ({ ...services, crm, page, user, credits, setCredits, refreshCredits }),
    [services, crm, page, user, credits, refreshCredits],
  );

  return (
    <WidgetContext.Provider value={value}>
      <AccountBar />
      {problem && (
        <ProblemBar
          problem={problem}
          upgradeUrl={portalLink(services.config, '/subscription')}
          onRetry={() => {
            setProblem(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {ready && (
        <Suspense fallback={<Spinner size="small" label="Loading…" />}>{page.mode === 'bulk' ? <BulkLeads /> : <SingleLead />}</Suspense>
      )}
      {!ready && !problem && <Spinner size="small" label="Loading your account…" />}
    </WidgetContext.Provider>
  );
}
