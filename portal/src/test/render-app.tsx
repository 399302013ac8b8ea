import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { PublicConfig } from '@shared/schemas';
import type { AuthUser } from '../auth/auth-service';
import { App } from '../core/App';
import { createQueryClient } from '../core/query-client';
import { FakeAuthService, VERIFIED } from './fake-auth';
import { baseRoutes, createFakeApi, TEST_CONFIG, type Handler } from './fake-api';

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export interface RenderAppOptions {
  path?: string;
  user?: AuthUser | null;
  auth?: FakeAuthService;
  routes?: Record<string, Handler>;
  config?: Partial<PublicConfig>;
}

/** The whole portal (real routes, providers, typed client) over a fake fetch and a fake identity provider. */
export function renderApp(options: RenderAppOptions = {}) {
  const auth = options.auth ?? new FakeAuthService(options.user === undefined ? VERIFIED : options.user);
  const fake = createFakeApi({ ...baseRoutes(), ...options.routes }, () => auth.getToken());
  const queryClient = createQueryClient();
  const config = { ...TEST_CONFIG, ...options.config };
  const utils = render(
    <MemoryRouter initialEntries={[options.path ?? '/']}>
      <App authService={auth} services={{ api: fake.api, config }} queryClient={queryClient} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...utils, auth, fake, queryClient, location: () => screen.getByTestId('location').textContent };
}

/** Toast titles (Fluent renders them in the toaster; the aria-live copy is a separate node). */
export async function findToast(title: string) {
  const nodes = await screen.findAllByText(title, { selector: '.fui-ToastTitle' });
  return nodes[0]!;
}
