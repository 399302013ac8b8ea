import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApiError, createApiClient } from '@shared/api/client';
import type { PublicConfig } from '@shared/schemas';
import { LANDING_PATHS } from '@shared/constants';
import { App } from './core/App';
import type { AuthService } from './auth/auth-service';
import { createBrowserAuthService } from './auth/browser-auth-service';
import { errorText } from './lib/errors';

function showUnreachable(err: unknown) {
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.style.cssText = 'font-family: system-ui, sans-serif; padding: 2rem;';
  p.textContent = `The service could not be reached (${errorText(err)}). Please reload the page in a moment.`;
  document.getElementById('root')!.replaceChildren(p);
}

/**
 * GET /api/config for the first screen, its shape checked by the shared schema right after it
 * shows: the schemas (zod) are not part of the sign-in page's first paint. A config that does
 * not match stops the app just as an unreachable server does.
 */
async function fetchConfig(): Promise<{ config: PublicConfig; checked: Promise<unknown> }> {
  // Same request as index.html's preload (same mode and credentials), so the browser reuses it.
  const res = await fetch('/api/config', { credentials: 'same-origin' });
  if (!res.ok) throw new ApiError(res.status, (await res.text().catch(() => '')) || res.statusText);
  const config = (await res.json()) as PublicConfig;
  return { config, checked: import('@shared/schemas/system').then((s) => s.publicConfigSchema.parse(config)) };
}

async function boot() {
  // The first screen's chunks load while /api/config is on its way (they would start after it).
  const path = window.location.pathname;
  if (path === '/auth') void import('./features/auth/AuthScreen');
  else if (LANDING_PATHS.includes(path)) {
    // The landing page's gate and screen, which would otherwise wait for the user record.
    void import('./core/ProtectedLayout');
    void import('./features/icebreak/IcebreakScreen');
  }
  const root = createRoot(document.getElementById('root')!);
  // The server tells the browser which Firebase project (or emulator) to use.
  let authService: AuthService | undefined;
  const api = createApiClient({ baseUrl: '', getToken: async () => (authService ? authService.getToken() : null) });
  try {
    const { config, checked } = await fetchConfig();
    authService = createBrowserAuthService(config);
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App authService={authService} services={{ api, config }} />
        </BrowserRouter>
      </StrictMode>,
    );
    checked.catch((err: unknown) => {
      root.unmount();
      showUnreachable(err);
    });
  } catch (err) {
    showUnreachable(err);
  }
}

void boot();
