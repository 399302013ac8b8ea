import { createApiClient } from '@shared/api/client';
import type { PublicConfig, UserRecord } from '@shared/schemas';
import { json, serveApi, type Handler } from '../../../tests/msw/api-server';

const BASE_URL = 'http://portal.test';

// The API's answers go through msw and the shared contract (tests/msw/api-server.ts).
export { controlledStream, errorJson, json, ndjson, offContract, type Handler, type RecordedRequest } from '../../../tests/msw/api-server';

export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    firebaseUid: 'uid-1',
    email: 'pat@example.com',
    name: 'Pat',
    credits: 20,
    plan: 'free',
    subscriptionStatus: null,
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const TEST_CONFIG: PublicConfig = {
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
  authEmulatorHost: null,
  paymentsEnabled: true,
  planPrices: { starter: 'price_starter', professional: 'price_pro', enterprise: 'price_ent' },
  generator: 'offline',
  newsEnabled: true,
  portalUrl: 'http://localhost',
  practice: { phoneEnabled: false, phoneNumber: null, callsPerDay: 5, maxMinutes: 10 },
  supportEmail: 'help@example.com',
};

/**
 * The real typed client against msw handlers keyed 'METHOD /path' (path without the query; `:param`
 * segments match anything; unrouted requests answer 404 like the server's). Success bodies are checked
 * against the shared schemas: a handler that drifts from the contract fails its test.
 */
export function createFakeApi(routes: Record<string, Handler>, getToken: () => Promise<string | null> = async () => 'token') {
  const served = serveApi(BASE_URL, routes);
  const api = createApiClient({ baseUrl: BASE_URL, getToken });
  return { api, ...served };
}

/** What every signed-in screen needs: the user record and the credits (Settings: output language, phone, reminders). */
export function baseRoutes(overrides: { user?: Partial<UserRecord>; credits?: number } = {}): Record<string, Handler> {
  return {
    'GET /api/user/:uid': () => json(userRecord(overrides.user)),
    'GET /api/user-credits/:email': () => json({ credits: overrides.credits ?? 20 }),
    // Settings reads the output language (docs/product.md#output-language): Automatic, nothing else saved, by default.
    'GET /api/settings-data': () => json({ name: '', aboutMe: '', contentPreferences: '', outputLanguage: 'auto' }),
    // Settings reads the saved phone number (docs/product.md#practice-calls) and the reminder preferences (docs/product.md#practice-reminders): none by default.
    'GET /api/user/phone': () => json({ phoneNumber: null }),
    'GET /api/user/reminders': () =>
      json({
        enabled: false,
        callFrequency: 'daily',
        weekday: null,
        preferredCallTime: '09:00',
        userTimezone: 'UTC',
        nextReminderAt: null,
        saved: false,
      }),
  };
}
