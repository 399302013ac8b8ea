import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from '@shared/api/client';
import { App } from './core/App';
import type { AuthService } from './auth/auth-service';
import { createLazyAuthService } from './auth/lazy-auth-service';
import { errorText } from './lib/errors';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  // The server tells the browser which Firebase project (or emulator) to use.
  let authService: AuthService | undefined;
  const api = createApiClient({ baseUrl: '', getToken: async () => (authService ? authService.getToken() : null) });
  try {
    const config = await api.getConfig();
    // Firebase arrives in its own chunk, after the first screen (see lazy-auth-service).
    authService = createLazyAuthService(() => import('./auth/firebase-auth-service').then((m) => m.createFirebaseAuthService(config)));
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App authService={authService} services={{ api, config }} />
        </BrowserRouter>
      </StrictMode>,
    );
  } catch (err) {
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.style.cssText = 'font-family: system-ui, sans-serif; padding: 2rem;';
    p.textContent = `The service could not be reached (${errorText(err)}). Please reload the page in a moment.`;
    document.getElementById('root')!.replaceChildren(p);
  }
}

void boot();
