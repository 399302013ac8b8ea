import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageContext } from '../sdk/page-context';
import type { ZohoCrm } from '../sdk/zoho-crm';
import type { AuthUser } from '../features/auth/auth-service';
import { ProblemBar } from '../components/ProblemBar';
import { apiBaseUrl } from './api-base';
import { loadServices, type Services } from './services';
import { toProblem } from './problems';
import { SignedIn } from './SignedIn';
import { queryKeys } from '@shared/api/queries/keys';

// A signed-in user (the usual case) never needs the sign-in forms and their validation.
const SignInForm = lazy(() => import('../features/auth/SignInForm').then((m) => ({ default: m.SignInForm })));
const VerifyEmail = lazy(() => import('../features/auth/VerifyEmail').then((m) => ({ default: m.VerifyEmail })));

export interface WidgetAppProps {
  crm: ZohoCrm;
  page: PageContext;
  services?: Services;
}

/** Server config → Firebase → sign-in gate → the tools for one lead or many. */
export default function WidgetApp({ crm, page, services: given }: WidgetAppProps) {
  const base = apiBaseUrl();
  const loaded = useQuery({ queryKey: ['services', base], queryFn: () => loadServices(base), enabled: !given });
  const services = given ?? loaded.data;
  // The Zoho user's address is the likely sign-in e-mail; a failure here only leaves the field empty.
  const crmUser = useQuery({ queryKey: ['crm-user'], queryFn: async () => (await crm.getCurrentUser()) ?? null });
  const [user, setUser] = useState<AuthUser | null | undefined>(undefined);

  const queryClient = useQueryClient();
  useEffect(() => {
    if (!services) return undefined;
    return services.auth.subscribe((next) => {
      // What was the last user's (all under ['user', uid]) goes, so the next person reads their own; the lead, from Zoho, stays.
      if (!next) queryClient.removeQueries({ queryKey: queryKeys.everyUser });
      setUser(next);
    });
  }, [services, queryClient]);

  if (!given && loaded.isError && !loaded.isFetching) {
    return <ProblemBar problem={toProblem(loaded.error, base)} onRetry={() => void loaded.refetch()} />;
  }
  if (!services || user === undefined) return <Spinner size="small" label="Loading…" />;
  if (user === null || !user.emailVerified) {
    return (
      <Suspense fallback={<Spinner size="small" label="Loading…" />}>
        {user === null ? (
          <SignInForm auth={services.auth} portalUrl={services.config.portalUrl} suggestedEmail={crmUser.data?.email ?? null} />
        ) : (
          <VerifyEmail auth={services.auth} user={user} portalUrl={services.config.portalUrl} />
        )}
      </Suspense>
    );
  }
  return <SignedIn key={user.uid} services={services} crm={crm} page={page} user={user} />;
}
