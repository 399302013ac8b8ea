import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import type { AuthService } from '../auth/auth-service';
import { returnPathOf } from '../auth/return-path';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { NotifyProvider } from '../components/notify';
import { createQueryClient } from './query-client';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ServicesProvider, type Services } from './services';

// One chunk per route (code-split); the signed-in layout (nav bar, menus) is not part of /auth.
const ProtectedLayout = lazy(() => import('./ProtectedLayout').then((m) => ({ default: m.ProtectedLayout })));
const AuthScreen = lazy(() => import('../features/auth/AuthScreen').then((m) => ({ default: m.AuthScreen })));
const IcebreakScreen = lazy(() => import('../features/icebreak/IcebreakScreen').then((m) => ({ default: m.IcebreakScreen })));
const EnrichScreen = lazy(() => import('../features/enrich/EnrichScreen').then((m) => ({ default: m.EnrichScreen })));
const CallScreen = lazy(() => import('../features/call/CallScreen').then((m) => ({ default: m.CallScreen })));
const CallLogsScreen = lazy(() => import('../features/call/CallLogsScreen').then((m) => ({ default: m.CallLogsScreen })));
const CallDetailScreen = lazy(() => import('../features/call/CallDetailScreen').then((m) => ({ default: m.CallDetailScreen })));
const SubscriptionScreen = lazy(() =>
  import('../features/subscription/SubscriptionScreen').then((m) => ({ default: m.SubscriptionScreen })),
);
const SettingsScreen = lazy(() => import('../features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })));
const EmailTestScreen = lazy(() => import('../features/email-test/EmailTestScreen').then((m) => ({ default: m.EmailTestScreen })));
const FaqScreen = lazy(() => import('../features/faq/FaqScreen').then((m) => ({ default: m.FaqScreen })));
const OutboundCallsScreen = lazy(() => import('../features/admin/OutboundCallsScreen').then((m) => ({ default: m.OutboundCallsScreen })));
// Charts live in this chunk only, never in the sign-in page's JavaScript (docs/architecture.md#portal).
const UsageScreen = lazy(() => import('../features/usage/UsageScreen').then((m) => ({ default: m.UsageScreen })));
const TeamScreen = lazy(() => import('../features/team/TeamScreen').then((m) => ({ default: m.TeamScreen })));
const JoinScreen = lazy(() => import('../features/team/JoinScreen').then((m) => ({ default: m.JoinScreen })));
const NotFoundScreen = lazy(() => import('../features/not-found/NotFoundScreen').then((m) => ({ default: m.NotFoundScreen })));

export interface AppProps {
  authService: AuthService;
  services: Services;
  queryClient?: QueryClient;
}

export function AppProviders({ authService, services, queryClient, children }: AppProps & { children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <ServicesProvider value={services}>
          <NotifyProvider>
            <AuthProvider service={authService}>{children}</AuthProvider>
          </NotifyProvider>
        </ServicesProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
}

/** /auth is public; a signed-in user is sent on to the app (docs/product.md#sign-in-and-registration). */
function AuthRoute() {
  const { user, loading, pending } = useAuth();
  const location = useLocation();
  // The form shows while the identity provider loads; a signed-in user is sent on once known
  // (to where they were going: see returnPathOf).
  if (!loading && user && !pending) return <Navigate to={returnPathOf(location.state)} replace />;
  return <AuthScreen />;
}

export function AppRoutes() {
  const location = useLocation();
  return (
    <ScreenErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<CenteredSpinner />}>
        <Routes>
          <Route path="/auth" element={<AuthRoute />} />
          <Route element={<ProtectedLayout />}>
            <Route index element={<Navigate to="/icebreak" replace />} />
            <Route path="/icebreak" element={<IcebreakScreen />} />
            <Route path="/enrich" element={<EnrichScreen />} />
            <Route path="/call" element={<CallScreen />} />
            <Route path="/call-logs" element={<CallLogsScreen />} />
            <Route path="/call-logs/:id" element={<CallDetailScreen />} />
            <Route path="/subscription" element={<SubscriptionScreen />} />
            <Route path="/subscription/success" element={<Navigate to="/" replace />} />
            <Route path="/subscription/cancel" element={<Navigate to="/subscription" replace />} />
            <Route path="/settings" element={<SettingsScreen />} />
            <Route path="/usage" element={<UsageScreen />} />
            <Route path="/email-test" element={<EmailTestScreen />} />
            <Route path="/faq" element={<FaqScreen />} />
            <Route path="/admin/outbound-calls" element={<OutboundCallsScreen />} />
            <Route path="/team" element={<TeamScreen />} />
            {/* Behind the gate: a new person registers first and comes back here with the token. */}
            <Route path="/join" element={<JoinScreen />} />
            {/* Inside the gate: a signed-out visitor on an unknown path goes to sign-in like on every gated route. */}
            <Route path="*" element={<NotFoundScreen />} />
          </Route>
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

export function App(props: AppProps) {
  return (
    <AppProviders {...props}>
      <AppRoutes />
    </AppProviders>
  );
}
