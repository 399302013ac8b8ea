import { createApiClient } from '@shared/api/client';
import type { PublicConfig, UserRecord } from '@shared/schemas';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
export type Handler = (req: RecordedRequest) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const errorJson = (status: number, message: string) => json({ message }, status);

/** An NDJSON response whose lines the test pushes one by one (to see the UI render as they arrive). */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    push: (line: object) => controller.enqueue(enc.encode(`${JSON.stringify(line)}\n`)),
    close: () => controller.close(),
  };
}
export const ndjson = (lines: object[]) => new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { status: 200 });

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
 * The real typed client over a routing fake fetch: handlers are keyed 'METHOD /path' (path without
 * the query; `:param` segments match anything). Unrouted requests answer 404 like the server's.
 */
export function createFakeApi(routes: Record<string, Handler>, getToken: () => Promise<string | null> = async () => 'token') {
  const requests: RecordedRequest[] = [];
  const patterns = Object.entries(routes)
    .map(([key, handler]) => {
      const [method, path] = key.split(' ') as [string, string];
      const re = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
      return { method, re, handler, params: (path.match(/:[^/]+/g) ?? []).length };
    })
    // A literal path wins over a pattern that also matches it (/api/user/reminders vs /api/user/:uid), as on the server.
    .sort((a, b) => a.params - b.params);
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const req: RecordedRequest = {
      method: init.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(req);
    const route = patterns.find((p) => p.method === req.method && p.re.test(url.pathname));
    if (!route) return errorJson(404, 'Not found');
    return route.handler(req);
  };
  const api = createApiClient({ baseUrl: 'http://portal.test', getToken, fetch: fakeFetch as typeof fetch });
  return {
    api,
    requests,
    count: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path).length,
  };
}

/** What every signed-in screen needs: the user record and the credits (Settings: phone, reminders). */
export function baseRoutes(overrides: { user?: Partial<UserRecord>; credits?: number } = {}): Record<string, Handler> {
  return {
    'GET /api/user/:uid': () => json(userRecord(overrides.user)),
    'GET /api/user-credits/:email': () => json({ credits: overrides.credits ?? 20 }),
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
