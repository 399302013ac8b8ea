import { vi } from 'vitest';
import { HttpResponse } from 'msw';
import { createApiClient } from '@shared/api/client';
import type { PublicConfig } from '@shared/schemas/system';
import type { UserRecord } from '@shared/schemas/user';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import type { EnrichmentResult, EnrichQuote, EnrichQuoteRequest, EnrichRequest } from '@shared/schemas/enrich';
import { errorJson, json, ndjson, serveApi, type Handler, type RecordedRequest } from '../../tests/msw/api-server';
import type { AuthService, AuthUser } from '../src/features/auth/auth-service';
import type { Services, WidgetApi } from '../src/app/services';

export { errorJson, json, ndjson, type RecordedRequest } from '../../tests/msw/api-server';

export const API_BASE = 'http://api.test';

export const TEST_CONFIG: PublicConfig = {
  firebase: { apiKey: 'k', authDomain: 'demo.firebaseapp.com', projectId: 'demo' },
  authEmulatorHost: null,
  paymentsEnabled: false,
  planPrices: { starter: null, professional: null, enterprise: null },
  generator: 'offline',
  newsEnabled: false,
  portalUrl: 'https://portal.example',
  practice: { phoneEnabled: false, phoneNumber: null, callsPerDay: 5, maxMinutes: 10 },
  supportEmail: 'help@example.com',
};

export const SIGNED_IN: AuthUser = { uid: 'uid-1', email: 'seller@example.com', emailVerified: true };

export const SETTINGS: SettingsDataResponse = {
  name: 'Sam',
  aboutMe: 'We sell routes',
  contentPreferences: 'Short',
  outputLanguage: 'auto',
};

/** An AuthService in memory: signIn succeeds for the given password only; a provider sign-in signs in `providerUser`. */
export function fakeAuth(
  initial: AuthUser | null,
  password = 'secret-pass-1',
): AuthService & { signIn: ReturnType<typeof vi.fn>; signInWithProvider: ReturnType<typeof vi.fn> } {
  let user = initial;
  const listeners = new Set<(u: AuthUser | null) => void>();
  const emit = () => listeners.forEach((l) => l(user));
  return {
    subscribe(listener) {
      listeners.add(listener);
      setTimeout(() => listener(user), 0);
      return () => listeners.delete(listener);
    },
    signIn: vi.fn(async (email: string, pw: string) => {
      if (pw !== password)
        throw Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' });
      user = { uid: 'uid-1', email, emailVerified: true };
      emit();
    }),
    signInWithProvider: vi.fn(async () => {
      user = { uid: 'uid-google', email: 'seller@gmail.example', emailVerified: true };
      emit();
      return user;
    }),
    pendingLink: () => null,
    cancelPendingLink: () => undefined,
    redirectResult: async () => null,
    async signOut() {
      user = null;
      emit();
    },
    getToken: async () => (user ? 'token' : null),
    reload: async () => user,
    sendPasswordReset: async () => undefined,
    sendVerification: async () => undefined,
  };
}

export function fakeResult(leadId: string, outputs: EnrichRequest['outputs']): EnrichmentResult {
  return {
    leadId,
    generator: 'offline',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...(outputs.includes('linkedin_dm')
      ? { linkedin_dm: { connectionNote: `Hi from the note for ${leadId}`, message: `A longer message for ${leadId}` } }
      : {}),
    ...(outputs.includes('cold_call_script')
      ? {
          cold_call_script: {
            opener: `Opener for ${leadId}`,
            reason: 'Reason',
            value: 'Value',
            discoveryQuestions: ['Q1?'],
            objectionHandling: [{ objection: 'No time', response: 'Two minutes' }],
            close: 'Close',
          },
        }
      : {}),
  };
}

/** A request the client could not send at all (the browser's 'Failed to fetch'). */
export const unreachable = () => HttpResponse.error() as Response;

/**
 * The widget's server in miniature, answered through msw to the real typed client (bodies checked
 * against the shared schemas): a balance that Enrich debits, 404 for earlier results unless given.
 * `answer` replaces a route's handler, `answerOnce` for one request (it gets the usual handler too).
 */
export function fakeApi(
  options: {
    credits?: number;
    previous?: EnrichmentResult;
    /** Leads whose answers are already stored for their data: quoted and enriched free, as the server does. */
    storedLeads?: string[];
    /** The team pool that pays first, as GET /api/team/pool answers it (none: in no team). */
    pool?: { teamName: string; credits: number };
  } = {},
) {
  let credits = options.credits ?? 20;
  const pool = options.pool ? { ...options.pool } : null;
  const record = (uid: string): UserRecord => ({
    firebaseUid: uid,
    email: SIGNED_IN.email,
    name: 'Sam',
    credits,
    plan: 'free',
    subscriptionStatus: null,
    isAdmin: false,
    createdAt: '2026-11-01T00:00:00.000Z',
  });
  const lastSegment = (req: RecordedRequest) => req.path.split('/').at(-1)!;
  const routes: Record<string, Handler> = {
    'GET /api/config': () => json(TEST_CONFIG),
    'GET /api/user/:uid': (req) => json(record(lastSegment(req))),
    'POST /api/user': (req) => json({ message: 'User created', user: record((req.body as { firebaseUid: string }).firebaseUid) }),
    'GET /api/user-credits/:email': () => json({ credits }),
    'GET /api/team/pool': () => json({ pool: pool && { ...pool, capLeft: null } }),
    'GET /api/settings-data': () => json(SETTINGS),
    'POST /api/enrich/quote': (req) => {
      const { leads: asked, outputs } = req.body as EnrichQuoteRequest;
      const leads = asked.map((lead) => {
        const stored = options.storedLeads?.includes(lead.id) ?? false;
        return { leadId: lead.id, credits: stored ? 0 : outputs.length, storedOutputs: stored ? outputs : [], refusal: null };
      });
      return json({ leads, credits: leads.reduce((sum, l) => sum + l.credits, 0) } satisfies EnrichQuote);
    },
    'POST /api/enrich': (req) => {
      const { lead, outputs } = req.body as EnrichRequest;
      if (options.storedLeads?.includes(lead.id))
        return json({ result: fakeResult(lead.id, outputs), creditsCharged: 0, credits, storedOutputs: outputs });
      const cost = outputs.length;
      // The team's pool pays first, as the server's payer has it; the answer carries the own balance.
      if (pool && pool.credits >= cost) {
        pool.credits -= cost;
        return json({ result: fakeResult(lead.id, outputs), creditsCharged: cost, credits });
      }
      if (credits < cost)
        return errorJson(402, `Not enough credits: this needs ${cost} and you have ${credits}. Upgrade your plan to continue.`);
      credits -= cost;
      return json({ result: fakeResult(lead.id, outputs), creditsCharged: cost, credits });
    },
    'GET /api/enrich/:leadId': (req) =>
      options.previous && options.previous.leadId === lastSegment(req) ? json(options.previous) : errorJson(404, 'Not found'),
    'POST /api/search': () =>
      ndjson([
        { content: '', section: 0, generator: 'offline', historyId: 'h0' },
        { content: '- Ask about the hubs', section: 0 },
        { content: '', section: 1, done: true },
      ]),
  };
  const served = serveApi(API_BASE, routes);
  const api: WidgetApi = createApiClient({ baseUrl: API_BASE, getToken: async () => 'token' });
  return {
    api,
    ...served,
    balance: () => credits,
    /** The JSON bodies a route received, oldest first. */
    bodies: <T = unknown>(route: string) => served.calls(route).map((r) => r.body as T),
    answer(route: string, handler: Handler) {
      routes[route] = handler;
    },
    answerOnce(route: string, handler: (req: RecordedRequest, usual: Handler) => Response | Promise<Response>) {
      const usual = routes[route]!;
      routes[route] = (req) => {
        routes[route] = usual;
        return handler(req, usual);
      };
    },
  };
}

export function services(api: WidgetApi, auth: AuthService = fakeAuth(SIGNED_IN)): Services {
  return { api, auth, config: TEST_CONFIG, apiBaseUrl: API_BASE };
}
