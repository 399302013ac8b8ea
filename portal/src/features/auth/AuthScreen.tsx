import { useState } from 'react';
import { Body1, Caption1, Link, MessageBar, MessageBarBody, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ProviderButtons } from '@shared/ui/ProviderButtons';
import { useAuth } from '../../auth/AuthProvider';
import { LINK_MESSAGES } from '../../auth/auth-service';
import { Tabs } from '../../components/Tabs';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

const useStyles = makeStyles({
  page: { display: 'flex', minHeight: '100vh' },
  side: {
    flex: '1 1 0',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: '48px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    '@media (max-width: 900px)': { display: 'none' },
  },
  sideTitle: { color: tokens.colorNeutralForegroundOnBrand },
  main: { flex: '1 1 0', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: tokens.spacingHorizontalL },
  // Card's look without Fluent's Card (its focus management would put tabster into this page).
  card: {
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  brand: { margin: 0 },
  or: { textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const AUTH_TABS = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
] as const;

/** The sign-in screen (docs/product.md#sign-in-and-registration): Login (default) and Register tabs, the side panel on wide screens only. */
export function AuthScreen() {
  const styles = useStyles();
  const [tab, setTab] = useState<'login' | 'register'>('login');
  const { signedOutReason, pendingLink, cancelPendingLink, continueWith } = useAuth();
  return (
    <div className={styles.page}>
      <aside className={styles.side} data-testid="auth-side-panel">
        <Title2 as="h2" className={styles.sideTitle}>
          Rocket fuel for your sales team
        </Title2>
        <Body1>
          Icebreak turns a short description of a prospect into rapport-building tips and news-driven conversation starters, and Enrich
          writes personalised LinkedIn messages and cold-call scripts for the leads in your CRM.
        </Body1>
      </aside>
      <main className={styles.main}>
        <div className={styles.card}>
          <Title2 as="h1" className={styles.brand}>
            Icebreak &amp; Enrich
          </Title2>
          {signedOutReason ? (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{signedOutReason}</MessageBarBody>
            </MessageBar>
          ) : null}
          {pendingLink ? (
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>
                {LINK_MESSAGES.pending(pendingLink)}{' '}
                <Link as="button" type="button" onClick={cancelPendingLink}>
                  Don&apos;t link
                </Link>
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <Tabs label="Sign in or register" items={AUTH_TABS} value={tab} onChange={setTab} />
          {/* Keyed by the waiting link's address: the login form starts from it (the existing account's e-mail). */}
          {tab === 'login' ? <LoginForm key={pendingLink?.email ?? ''} email={pendingLink?.email} /> : <RegisterForm />}
          <Caption1 className={styles.or}>or</Caption1>
          <ProviderButtons onContinue={continueWith} />
        </div>
      </main>
    </div>
  );
}
