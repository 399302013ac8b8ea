import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from '@shared/api/client';
import { App } from './core/App';
import { createFirebaseAuthService } from './auth/firebase-auth-service';
import { errorText } from './lib/errors';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  // The server tells the browser which Firebase project (or emulator) to use.
  let authService: ReturnType<typeof createFirebaseAuthService> | undefined;
  const api = createApiClient({ baseUrl: '', getToken: async () => (authService ? authService.getToken() : null) });
  try {
    const config = await api.getConfig();
    authService = createFirebaseAuthService(config);
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
