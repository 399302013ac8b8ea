import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import { FakeAuthService, VERIFIED } from '../test/fake-auth';
import { errorJson, json, userRecord } from '../test/fake-api';
import { findToast, renderApp } from '../test/render-app';

const UNVERIFIED = { uid: 'uid-2', email: 'new@example.com', emailVerified: false };

describe('gate and routes', () => {
  it('shows the centred spinner while the auth state is being resolved', () => {
    renderApp({ auth: new FakeAuthService(null, { resolved: false }), path: '/icebreak' });
    expect(screen.getByRole('progressbar')).toHaveAccessibleName('Loading...');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sends a signed-out visitor to /auth', async () => {
    const { location } = renderApp({ user: null, path: '/settings' });
    await screen.findByRole('tab', { name: 'Login' });
    expect(location()).toBe('/auth');
  });

  it('sends a signed-out visitor on an unknown path to /auth, like every gated route', async () => {
    const { location } = renderApp({ user: null, path: '/no/such/page' });
    await screen.findByRole('tab', { name: 'Login' });
    expect(location()).toBe('/auth');
    expect(screen.queryByRole('heading', { name: ACCOUNT_MESSAGES.notFoundTitle })).toBeNull();
  });

  it('shows the verification card to an unverified user; resend and Start Over work', async () => {
    const auth = new FakeAuthService(UNVERIFIED);
    const { location } = renderApp({ auth, path: '/icebreak' });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await findToast('Verification email sent');
    expect(screen.getAllByText('Please check your email to verify your account.').length).toBeGreaterThan(0);
    expect(auth.calls).toContain('sendVerification');

    await userEvent.click(screen.getByRole('button', { name: 'Start Over' }));
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(auth.calls).toContain('signOut');
  });

  it('opens the app when the user comes back verified (window focus re-reads the user)', async () => {
    const auth = new FakeAuthService(UNVERIFIED);
    renderApp({ auth, path: '/icebreak' });
    await screen.findByRole('heading', { name: 'Verify your email' });
    auth.user = { ...UNVERIFIED, emailVerified: true };
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('heading', { name: 'Icebreak' })).toBeInTheDocument();
    expect(auth.calls).toContain('reload');
  });

  it('reports a failed verification e-mail', async () => {
    const auth = new FakeAuthService(UNVERIFIED);
    auth.verificationResult = async () => {
      throw Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), { code: 'auth/too-many-requests' });
    };
    renderApp({ auth, path: '/icebreak' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await findToast('Failed to send verification email');
  });

  it('redirects / to /icebreak and sends a signed-in user away from /auth', async () => {
    const first = renderApp({ path: '/' });
    await screen.findByRole('heading', { name: 'Icebreak' });
    expect(first.location()).toBe('/icebreak');
    first.unmount();
    const second = renderApp({ path: '/auth' });
    await screen.findByRole('heading', { name: 'Icebreak' });
    expect(second.location()).toBe('/icebreak');
  });

  it('creates a missing backend record (404) with POST /api/user, then fetches it again', async () => {
    let exists = false;
    const { fake } = renderApp({
      path: '/settings',
      routes: {
        'GET /api/user/:uid': () => (exists ? json(userRecord()) : errorJson(404, 'User not found')),
        'POST /api/user': () => {
          exists = true;
          return json({ message: 'User created', user: userRecord() }, 201);
        },
      },
    });
    expect(await screen.findByText('Account Information')).toBeInTheDocument();
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/user');
    expect(post?.body).toEqual({ firebaseUid: 'uid-1', email: 'pat@example.com' });
    expect(fake.count('GET', '/api/user/uid-1')).toBe(2);
    expect(post?.headers.get('Authorization')).toBe('Bearer token-uid-1');
  });

  it("shows 'Failed to fetch user' when the record cannot be loaded", async () => {
    renderApp({ path: '/settings', routes: { 'GET /api/user/:uid': () => errorJson(500, 'database down') } });
    expect(await screen.findByText('Failed to fetch user', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('database down')).toBeInTheDocument();
  });

  describe('a token the server refuses (401/403 from the user fetch)', () => {
    const onlyFresh = (status: number) => (req: { headers: Headers }) =>
      /-r\d+$/.test(req.headers.get('Authorization') ?? '') ? json(userRecord()) : errorJson(status, 'Sign in to continue');

    it('is refreshed from the provider (forced) and the read asked again: the app opens', async () => {
      const { auth, fake } = renderApp({ path: '/settings', routes: { 'GET /api/user/:uid': onlyFresh(401) } });
      expect(await screen.findByText('Account Information')).toBeInTheDocument();
      expect(auth.calls).toContain('refreshToken');
      expect(fake.requests.filter((r) => r.path === '/api/user/uid-1').map((r) => r.headers.get('Authorization'))).toEqual([
        'Bearer token-uid-1',
        'Bearer token-uid-1-r1',
      ]);
    });

    it('Try again refreshes the token too: a refresh that failed for the network recovers on the next try', async () => {
      const auth = new FakeAuthService(VERIFIED);
      let offline = true;
      auth.refreshResult = async () => {
        if (offline)
          throw Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), { code: 'auth/network-request-failed' });
      };
      renderApp({ auth, path: '/settings', routes: { 'GET /api/user/:uid': onlyFresh(403) } });
      expect(await screen.findByText('Failed to fetch user', {}, { timeout: 5000 })).toBeInTheDocument();
      offline = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Account Information')).toBeInTheDocument();
      expect(auth.calls).not.toContain('signOut');
    });

    it('refused again with a fresh token: signed out, on /auth, with a clear message (not stuck on Try again)', async () => {
      const { auth, location } = renderApp({
        path: '/settings',
        routes: { 'GET /api/user/:uid': () => errorJson(401, 'Sign in to continue') },
      });
      await waitFor(() => expect(location()).toBe('/auth'));
      expect(await screen.findByText(PORTAL_MESSAGES.sessionRefused)).toBeInTheDocument();
      expect(auth.calls).toEqual(expect.arrayContaining(['refreshToken', 'signOut']));
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    });

    it('the provider says the session is over (deleted or revoked account): signed out with the message', async () => {
      const auth = new FakeAuthService(VERIFIED);
      auth.refreshResult = async () => {
        throw Object.assign(new Error('Firebase: Error (auth/user-token-expired).'), { code: 'auth/user-token-expired' });
      };
      const { location } = renderApp({
        auth,
        path: '/icebreak',
        routes: { 'GET /api/user/:uid': () => errorJson(401, 'Sign in to continue') },
      });
      await waitFor(() => expect(location()).toBe('/auth'));
      expect(await screen.findByText(PORTAL_MESSAGES.sessionRefused)).toBeInTheDocument();
      expect(auth.calls).toContain('signOut');
    });
  });

  it("shows the 404 screen titled '404 Page Not Found' for an unknown path", async () => {
    renderApp({ path: '/nowhere' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Did you forget to add the page to the router?')).toBeNull();
    expect(screen.getByText(ACCOUNT_MESSAGES.notFoundBody)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('redirects /subscription/success to / (then /icebreak) and /subscription/cancel to /subscription', async () => {
    const a = renderApp({ path: '/subscription/success' });
    await waitFor(() => expect(a.location()).toBe('/icebreak'));
    a.unmount();
    const b = renderApp({
      path: '/subscription/cancel',
      routes: {
        'POST /api/subscription/sync': () => json({ status: null, priceId: null, credit_renewal_date: null, cancellationDate: null }),
      },
    });
    await waitFor(() => expect(b.location()).toBe('/subscription'));
  });

  it('navigation bar: brand and every link reach their screens; Logout lands on /auth', async () => {
    const { location, auth } = renderApp({
      path: '/settings',
      routes: {
        'GET /api/settings-data': () => json({ name: '', aboutMe: '', contentPreferences: '' }),
        'POST /api/subscription/sync': () => json({ status: null, priceId: null, credit_renewal_date: null, cancellationDate: null }),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const cases: [string, string, string][] = [
      ['Icebreak', '/icebreak', 'Icebreak'],
      ['Enrich settings', '/enrich', 'Enrich'],
      ['Premium', '/subscription', 'Choose Your Plan'],
      ['FAQ', '/faq', 'Frequently Asked Questions'],
      ['Settings', '/settings', 'Settings'],
    ];
    for (const [label, path, title] of cases) {
      await userEvent.click(within(nav).getByRole('link', { name: label }));
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      expect(location()).toBe(path);
    }
    await userEvent.click(screen.getByRole('link', { name: 'Icebreak & Enrich' }));
    expect(location()).toBe('/icebreak');
    expect(within(nav).queryByRole('link', { name: 'Call Log' })).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(auth.calls).toContain('signOut');
  });

  it("shows 'Logout failed' when signing out fails", async () => {
    const auth = new FakeAuthService(VERIFIED);
    auth.signOutResult = async () => {
      throw new Error('network down');
    };
    renderApp({ auth, path: '/settings' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!);
    await findToast('Logout failed');
  });

  it('settings screen shows the signed-in e-mail', async () => {
    renderApp({ path: '/settings' });
    expect(await screen.findByText('Account Information')).toBeInTheDocument();
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as pat@example.com');
  });
});

describe('admin outbound-call log', () => {
  it('redirects a non-admin to /', async () => {
    const { location } = renderApp({ path: '/admin/outbound-calls' });
    await waitFor(() => expect(location()).toBe('/icebreak'));
  });

  it('lists calls for an admin, with status, dates and errors, and a nav link', async () => {
    renderApp({
      path: '/admin/outbound-calls',
      routes: {
        'GET /api/user/:uid': () => json(userRecord({ isAdmin: true })),
        'GET /api/outbound-calls': () =>
          json([
            {
              id: 'c1',
              user: { email: 'a@example.com' },
              quest: { title: 'Cold open' },
              status: 'completed',
              scheduledFor: '2026-03-01T10:00:00Z',
              completedAt: '2026-03-01T10:05:00Z',
            },
            {
              id: 'c2',
              user: { email: 'b@example.com' },
              quest: { title: 'Gatekeeper' },
              status: 'failed',
              scheduledFor: '2026-03-02T10:00:00Z',
              errorMessage: 'No answer',
            },
          ]),
      },
    });
    expect(await screen.findByText('a@example.com')).toBeInTheDocument();
    expect(screen.getByText('Status: Completed')).toBeInTheDocument();
    expect(screen.getByText('Status: Failed')).toBeInTheDocument();
    expect(screen.getAllByText(/^Scheduled For:/)).toHaveLength(2);
    expect(screen.getAllByText(/^Completed At:/)).toHaveLength(1);
    expect(screen.getByText('Error: No answer')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Call Log' })).toBeInTheDocument();
  });

  it('shows the error when the server has no call log yet', async () => {
    renderApp({ path: '/admin/outbound-calls', routes: { 'GET /api/user/:uid': () => json(userRecord({ isAdmin: true })) } });
    expect(await screen.findByText(/Failed to load outbound calls: Not found/)).toBeInTheDocument();
  });
});
