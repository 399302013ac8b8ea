import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useAuth, useSignedInUser } from '../auth/AuthProvider';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { QueryErrorBar } from '../components/ErrorBar';
import { ScreenErrorBar } from '../components/ScreenErrorBar';
import { NavBar } from '../components/NavBar';
import { VerifyEmailCard } from '../components/VerifyEmailCard';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { useUserRecord } from './user-record';
import { useServices } from './services';
import { teamQuery } from '@shared/api/queries/team';

const useStyles = makeStyles({
  main: { maxWidth: '1100px', margin: '0 auto', padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`, outlineStyle: 'none' },
  skip: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': {
      left: tokens.spacingHorizontalM,
      top: tokens.spacingVerticalM,
      zIndex: 100,
      backgroundColor: tokens.colorNeutralBackground1,
      padding: tokens.spacingHorizontalS,
    },
  },
});

/** The gate (docs/product.md#gate): no user → /auth; unverified → the verification card; verified → the app. */
export function ProtectedLayout() {
  const { user, loading, logout, resendVerification, refreshUser, verificationSentTo } = useAuth();
  const location = useLocation();
  if (loading) return <CenteredSpinner />;
  // Remember where the visitor was going: sign-in takes them there (see returnPathOf).
  if (!user) return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (!user.emailVerified)
    return (
      <VerifyEmailCard
        email={user.email}
        sent={verificationSentTo === user.email}
        onResend={resendVerification}
        onStartOver={logout}
        onReturn={refreshUser}
      />
    );
  return <VerifiedShell onLogout={logout} />;
}

function VerifiedShell({ onLogout }: { onLogout: () => Promise<void> }) {
  const styles = useStyles();
  const location = useLocation();
  const record = useUserRecord();
  const { api } = useServices();
  // Team members get a Team entry; anyone else reaches /team from the FAQ to create one.
  const team = useQuery({ ...teamQuery(api, useSignedInUser().uid), retry: false });
  const extra = [
    ...(team.data?.team ? [{ to: '/team', label: 'Team' }] : []),
    ...(record.data?.isAdmin
      ? [
          { to: '/admin/outbound-calls', label: 'Call Log' },
          { to: '/email-test', label: 'Email Test' },
        ]
      : []),
  ];
  return (
    <>
      <Link href="#main" className={styles.skip} onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}>
        Skip to content
      </Link>
      <NavBar extraItems={extra} onLogout={() => void onLogout()} />
      <main className={styles.main} id="main" tabIndex={-1}>
        {record.isPending ? (
          <CenteredSpinner />
        ) : record.isError ? (
          <QueryErrorBar error={record.error} action={<Button onClick={() => void record.refetch()}>Try again</Button>} />
        ) : (
          <ScreenErrorBoundary resetKey={location.pathname} fallback={(error, retry) => <ScreenErrorBar error={error} retry={retry} />}>
            <Suspense fallback={<CenteredSpinner />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        )}
      </main>
    </>
  );
}
