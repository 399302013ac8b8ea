import type { z } from 'zod';
import * as s from '../schemas';
import { readIcebreakStream } from './ndjson';
import { CodedError, isErrorCode, type ErrorCode } from '../errors';
import { PORTAL_MESSAGES } from '../messages';

export interface ApiClientOptions {
  /** '' for same-origin (portal), or the server's origin (widget, tests). */
  baseUrl: string;
  /** The Firebase ID token of the signed-in user, or null when signed out. */
  getToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

/** A non-ok answer: message is '<status>: <body or status text>' (docs/product.md#client-behaviour). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** The server's `message` field when the body is our JSON error shape. */
  get serverMessage(): string | undefined {
    return this.errorBody()?.message;
  }

  /** What kind of failure the server says this is (shared/errors.ts); switch on this, not on the message. */
  get code(): ErrorCode | undefined {
    const code = this.errorBody()?.code;
    return isErrorCode(code) ? code : undefined;
  }

  private errorBody(): s.ErrorBody | undefined {
    try {
      const parsed = s.errorBodySchema.safeParse(JSON.parse(this.body));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = options.baseUrl.replace(/\/$/, '');

  async function send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await doFetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new ApiError(res.status, text || res.statusText);
    }
    return res;
  }

  async function json<T extends z.ZodType>(schema: T, method: Method, path: string, body?: unknown): Promise<z.infer<T>> {
    const res = await send(method, path, body);
    return schema.parse(await res.json());
  }

  const enc = encodeURIComponent;
  const qs = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();

  async function stream(res: Response) {
    if (!res.body) throw new CodedError('stream_unreadable', PORTAL_MESSAGES.streamNotReadable);
    return readIcebreakStream(res.body);
  }

  return {
    getConfig: () => json(s.publicConfigSchema, 'GET', '/api/config'),
    getHealth: () => json(s.healthResponseSchema, 'GET', '/api/health'),

    getUser: (uid: string) => json(s.userRecordSchema, 'GET', `/api/user/${enc(uid)}`),
    createUser: (body: s.CreateUserRequest) => json(s.userWriteResponseSchema, 'POST', '/api/user', body),
    registerUser: (body: s.RegisterUserRequest) => json(s.userWriteResponseSchema, 'POST', '/api/users', body),
    getCredits: (email: string) => json(s.creditsResponseSchema, 'GET', `/api/user-credits/${enc(email)}`),

    // The account (docs/product.md#settings-and-account): always the caller's own, so no e-mail or uid in the path.
    deleteAccount: (body: s.DeleteAccountRequest) => json(s.deleteAccountResponseSchema, 'DELETE', '/api/user', body),
    exportAccount: () => json(s.accountExportSchema, 'GET', '/api/user/export'),
    getCreditHistory: (page: { before?: number; limit?: number } = {}) =>
      json(s.creditHistoryResponseSchema, 'GET', `/api/credits/history?${qs({ before: page.before?.toString(), limit: page.limit?.toString() })}`),
    getCreditUsage: () => json(s.creditUsageSchema, 'GET', '/api/credits/usage'),

    getSettings: (email: string) => json(s.settingsDataResponseSchema, 'GET', `/api/settings-data?${qs({ email })}`),
    updateSettings: (email: string, body: s.EnrichmentSettings) =>
      json(s.updateSettingsResponseSchema, 'PUT', `/api/user/settings/${enc(email)}`, body),

    syncSubscription: (body: s.SyncSubscriptionRequest) => json(s.subscriptionStatusSchema, 'POST', '/api/subscription/sync', body),
    createCheckout: (body: s.CheckoutRequest) => json(s.checkoutResponseSchema, 'POST', '/api/subscription/checkout', body),

    getOutboundCalls: (page: { before?: string; limit?: number } = {}) =>
      json(s.outboundCallListSchema, 'GET', `/api/outbound-calls?${qs({ before: page.before, limit: page.limit?.toString() })}`),
    startOutboundCall: (body: s.OutboundCallRequest) => json(s.outboundCallResponseSchema, 'POST', '/api/outbound-call', body),
    getPhone: () => json(s.phoneResponseSchema, 'GET', '/api/user/phone'),
    savePhone: (body: s.SavePhoneRequest) => json(s.phoneResponseSchema, 'PUT', '/api/user/phone', body),
    getScenarios: () => json(s.scenarioListSchema, 'GET', '/api/calls/scenarios'),
    startPractice: (body: s.StartPracticeRequest) => json(s.startPracticeResponseSchema, 'POST', '/api/calls/practice', body),
    getCalls: (page: { before?: string; limit?: number } = {}) =>
      json(s.callListSchema, 'GET', `/api/calls?${qs({ before: page.before, limit: page.limit?.toString() })}`),
    getCall: (id: string) => json(s.callDetailSchema, 'GET', `/api/calls/${enc(id)}`),
    getReminderPreferences: () => json(s.reminderPreferencesResponseSchema, 'GET', '/api/user/reminders'),
    saveReminderPreferences: (body: s.ReminderPreferences) =>
      json(s.reminderPreferencesResponseSchema, 'PUT', '/api/user/reminders', body),
    getEmailEnabledUsers: () => json(s.reminderUserListSchema, 'GET', '/api/users/email-enabled'),
    sendInstantTestReminder: (body: s.InstantTestReminderRequest) =>
      json(s.messageResponseSchema, 'POST', '/api/reminders/instant-test', body),
    sendTestReminder: (userId: string) => json(s.messageResponseSchema, 'POST', `/api/reminders/test/${enc(userId)}`),

    getHistory: (email: string) => json(s.historyListSchema, 'GET', `/api/icebreak/history?${qs({ email })}`),
    getInsights: (id: string, email: string) =>
      json(s.insightsResponseSchema, 'GET', `/api/icebreak/insights/${enc(id)}?${qs({ email })}`),
    /** Icebreak analysis as a stream of lines (GET, as the first client called it: docs/product.md#api-routes). */
    search: async (req: s.SearchRequest, signal?: AbortSignal) =>
      stream(
        await send(
          'GET',
          `/api/search?${qs({ profileUrl: req.profileUrl, email: req.email, goal: req.goal, regenerate: req.regenerate ? 'true' : undefined })}`,
          undefined,
          signal,
        ),
      ),
    /** Same as search, with the description in a JSON body (long descriptions). */
    searchPost: async (req: s.SearchRequest, signal?: AbortSignal) => stream(await send('POST', '/api/search', req, signal)),

    enrich: (body: s.EnrichRequest) => json(s.enrichResponseSchema, 'POST', '/api/enrich', body),
    getEnrichment: (leadId: string) => json(s.enrichmentResultSchema, 'GET', `/api/enrich/${enc(leadId)}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
