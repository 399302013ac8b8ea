import { vi } from 'vitest';
import { ApiError } from '@shared/api/client';
import type { PublicConfig } from '@shared/schemas/system';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import type { EnrichmentResult, EnrichQuote, EnrichQuoteRequest, EnrichRequest } from '@shared/schemas/enrich';
import type { AuthService, AuthUser } from '../src/features/auth/auth-service';
import type { Services, WidgetApi } from '../src/app/services';

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

/** An AuthService in memory: signIn succeeds for the given password only. */
export function fakeAuth(initial: AuthUser | null, password = 'secret-pass-1'): AuthService & { signIn: ReturnType<typeof vi.fn> } {
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

/** A stubbed server: a balance that enrich debits, 404 for earlier results unless given. */
export function stubApi(
  options: {
    credits?: number;
    previous?: EnrichmentResult;
    enrichFails?: ApiError;
    /** Leads whose answers are already stored for their data: quoted and enriched free, as the server does. */
    storedLeads?: string[];
  } = {},
) {
  let credits = options.credits ?? 20;
  const api = {
    getConfig: vi.fn(async () => TEST_CONFIG),
    getUser: vi.fn(async (uid: string) => ({
      firebaseUid: uid,
      email: SIGNED_IN.email,
      name: 'Sam',
      credits,
      plan: 'free' as const,
      subscriptionStatus: null,
      isAdmin: false,
      createdAt: '2026-11-01T00:00:00.000Z',
    })),
    createUser: vi.fn(),
    getCredits: vi.fn(async () => ({ credits })),
    getSettings: vi.fn(async (): Promise<SettingsDataResponse> => ({
      name: 'Sam',
      aboutMe: 'We sell routes',
      contentPreferences: 'Short',
      outputLanguage: 'auto',
    })),
    quoteEnrich: vi.fn(async (req: EnrichQuoteRequest): Promise<EnrichQuote> => {
      const leads = req.leads.map((lead) => {
        const stored = options.storedLeads?.includes(lead.id) ?? false;
        return { leadId: lead.id, credits: stored ? 0 : req.outputs.length, storedOutputs: stored ? req.outputs : [], refusal: null };
      });
      return { leads, credits: leads.reduce((sum, l) => sum + l.credits, 0) };
    }),
    enrich: vi.fn(async (req: EnrichRequest) => {
      if (options.enrichFails) throw options.enrichFails;
      if (options.storedLeads?.includes(req.lead.id))
        return { result: fakeResult(req.lead.id, req.outputs), creditsCharged: 0, credits, storedOutputs: req.outputs };
      const cost = req.outputs.length;
      if (credits < cost)
        throw new ApiError(
          402,
          JSON.stringify({ message: `Not enough credits: this needs ${cost} and you have ${credits}. Upgrade your plan to continue.` }),
        );
      credits -= cost;
      return { result: fakeResult(req.lead.id, req.outputs), creditsCharged: cost, credits };
    }),
    getEnrichment: vi.fn(async (leadId: string) => {
      if (options.previous && options.previous.leadId === leadId) return options.previous;
      throw new ApiError(404, JSON.stringify({ message: 'Not found' }));
    }),
    searchPost: vi.fn(),
  };
  return { api: api as unknown as WidgetApi & typeof api, balance: () => credits };
}

export function services(api: WidgetApi, auth: AuthService = fakeAuth(SIGNED_IN)): Services {
  return { api, auth, config: TEST_CONFIG, apiBaseUrl: 'http://api.test' };
}
