import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { PageContext } from '../sdk/page-context';
import type { ZohoCrm } from '../sdk/zoho-crm';
import type { AuthUser } from '../features/auth/auth-service';
import { SignInForm } from '../features/auth/SignInForm';
import { VerifyEmail } from '../features/auth/VerifyEmail';
import { ProblemBar } from '../components/ProblemBar';
import { apiBaseUrl } from './api-base';
import { loadServices, type Services } from './services';
import { toProblem, type Problem } from './problems';
import { SignedIn } from './SignedIn';

export interface WidgetAppProps {
  crm: ZohoCrm;
  page: PageContext;
  services?: Services;
}

/** Server config → Firebase → sign-in gate → the tools for one lead or many. */
export default function WidgetApp({ crm, page, services: given }: WidgetAppProps) {
  const [services, setServices] = useState<Services | null>(given ?? null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [user, setUser] = useState<AuthUser | null | undefined>(undefined);
  const [crmEmail, setCrmEmail] = useState<string | null>(null);

  // The Zoho user's address is the likely sign-in e-mail; a failure here only leaves the field empty.
  useEffect(() => {
    let live = true;
    crm.getCurrentUser().then(
      (u) => live && setCrmEmail(u?.email ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [crm]);

  useEffect(() => {
    if (given) return;
    let live = true;
    const base = apiBaseUrl();
    loadServices(base).then(
      (s) => live && setServices(s),
      (err: unknown) => live && setProblem(toProblem(err, base)),
    );
    return () => {
      live = false;
    };
  }, [given, attempt]);

  useEffect(() => (services ? services.auth.subscribe(setUser) : undefined), [services]);

  const retry = useCallback(() => {
    setProblem(null);
    setAttempt((n) => n + 1);
  }, []);

  if (problem) return <ProblemBar problem={problem} onRetry={retry} />;
  if (!services || user === undefined) return <Spinner size="small" label="Loading…" />;
  if (user === null) return <SignInForm auth={services.auth} portalUrl={services.config.portalUrl} suggestedEmail={crmEmail} />;
  if (!user.emailVerified) return <VerifyEmail auth={services.auth} user={user} portalUrl={services.config.portalUrl} />;
  return <SignedIn key={user.uid} services={services} crm={crm} page={page} user={user} />;
}
