import type * as z from 'zod/mini';
import type * as s from '../schemas';
import { CodedError, isErrorCode, type ErrorCode } from '../errors';
import { PORTAL_MESSAGES } from '../messages';

// A schema module (and zod) loads with the first answer it checks, in parallel with the request:
// a screen that shows before any answer (the portal's sign-in form) does not wait for them, and a
// screen loads only the modules of the answers it reads (the widget's lead view: config and user).
const schemaModules = {
  system: () => import('../schemas/system'),
  user: () => import('../schemas/user'),
  account: () => import('../schemas/account'),
  settings: () => import('../schemas/settings'),
  subscription: () => import('../schemas/subscription'),
  calls: () => import('../schemas/calls'),
  reminders: () => import('../schemas/reminders'),
  icebreak: () => import('../schemas/icebreak'),
  enrich: () => import('../schemas/enrich'),
  teams: () => import('../schemas/teams'),
  teamPool: () => import('../schemas/team-pool'),
  teamBilling: () => import('../schemas/team-billing'),
};
type SchemaModules = typeof schemaModules;
type ModuleOf<K extends keyof SchemaModules> = Awaited<ReturnType<SchemaModules[K]>>;

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
    const message = this.errorBody()?.message;
    return typeof message === 'string' ? message : undefined;
  }

  /** What kind of failure the server says this is (shared/errors.ts); switch on this, not on the message. */
  get code(): ErrorCode | undefined {
    const code = this.errorBody()?.code;
    return isErrorCode(code) ? code : undefined;
  }

  private errorBody(): { message?: unknown; code?: unknown } | undefined {
    try {
      // A plain check, not the schema: errors are read synchronously, before the schemas may have loaded.
      const parsed: unknown = JSON.parse(this.body);
      return typeof parsed === 'object' && parsed !== null ? (parsed as { message?: unknown; code?: unknown }) : undefined;
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

  async function json<K extends keyof SchemaModules, T extends z.ZodMiniType>(
    module: K,
    schemaOf: (schemas: ModuleOf<K>) => T,
    method: Method,
    path: string,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const [res, schemas] = await Promise.all([send(method, path, body), schemaModules[module]() as Promise<ModuleOf<K>>]);
    return schemaOf(schemas).parse(await res.json());
  }

  const enc = encodeURIComponent;
  const qs = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();

  async function stream(res: Response) {
    if (!res.body) throw new CodedError('stream_unreadable', PORTAL_MESSAGES.streamNotReadable);
    // The line reader checks each line with the stream schema: loaded with it, like json()'s schemas.
    const { readIcebreakStream } = await import('./ndjson');
    return readIcebreakStream(res.body);
  }

  return {
    getConfig: () => json('system', (m) => m.publicConfigSchema, 'GET', '/api/config'),
    getHealth: () => json('system', (m) => m.healthResponseSchema, 'GET', '/api/health'),

    getUser: (uid: string) => json('user', (m) => m.userRecordSchema, 'GET', `/api/user/${enc(uid)}`),
    createUser: (body: s.CreateUserRequest) => json('user', (m) => m.userWriteResponseSchema, 'POST', '/api/user', body),
    registerUser: (body: s.RegisterUserRequest) => json('user', (m) => m.userWriteResponseSchema, 'POST', '/api/users', body),
    getCredits: (email: string) => json('user', (m) => m.creditsResponseSchema, 'GET', `/api/user-credits/${enc(email)}`),

    // The account (docs/product.md#settings-and-account): always the caller's own, so no e-mail or uid in the path.
    deleteAccount: (body: s.DeleteAccountRequest) => json('account', (m) => m.deleteAccountResponseSchema, 'DELETE', '/api/user', body),
    exportAccount: () => json('account', (m) => m.accountExportSchema, 'GET', '/api/user/export'),
    getCreditHistory: (page: { before?: number; limit?: number } = {}) =>
      json(
        'account',
        (m) => m.creditHistoryResponseSchema,
        'GET',
        `/api/credits/history?${qs({ before: page.before?.toString(), limit: page.limit?.toString() })}`,
      ),
    getCreditUsage: () => json('account', (m) => m.creditUsageSchema, 'GET', '/api/credits/usage'),

    getSettings: (email: string) => json('settings', (m) => m.settingsDataResponseSchema, 'GET', `/api/settings-data?${qs({ email })}`),
    updateSettings: (email: string, body: s.EnrichmentSettings | s.OutputLanguageUpdate) =>
      json('settings', (m) => m.updateSettingsResponseSchema, 'PUT', `/api/user/settings/${enc(email)}`, body),

    syncSubscription: (body: s.SyncSubscriptionRequest) =>
      json('subscription', (m) => m.subscriptionStatusSchema, 'POST', '/api/subscription/sync', body),
    createCheckout: (body: s.CheckoutRequest) =>
      json('subscription', (m) => m.checkoutResponseSchema, 'POST', '/api/subscription/checkout', body),

    getOutboundCalls: (page: { before?: string; limit?: number } = {}) =>
      json(
        'calls',
        (m) => m.outboundCallListSchema,
        'GET',
        `/api/outbound-calls?${qs({ before: page.before, limit: page.limit?.toString() })}`,
      ),
    startOutboundCall: (body: s.OutboundCallRequest) =>
      json('calls', (m) => m.outboundCallResponseSchema, 'POST', '/api/outbound-call', body),
    getPhone: () => json('calls', (m) => m.phoneResponseSchema, 'GET', '/api/user/phone'),
    savePhone: (body: s.SavePhoneRequest) => json('calls', (m) => m.phoneResponseSchema, 'PUT', '/api/user/phone', body),
    getScenarios: () => json('calls', (m) => m.scenarioListSchema, 'GET', '/api/calls/scenarios'),
    startPractice: (body: s.StartPracticeRequest) =>
      json('calls', (m) => m.startPracticeResponseSchema, 'POST', '/api/calls/practice', body),
    getCalls: (page: { before?: string; limit?: number } = {}) =>
      json('calls', (m) => m.callListSchema, 'GET', `/api/calls?${qs({ before: page.before, limit: page.limit?.toString() })}`),
    getCall: (id: string) => json('calls', (m) => m.callDetailSchema, 'GET', `/api/calls/${enc(id)}`),
    getReminderPreferences: () => json('reminders', (m) => m.reminderPreferencesResponseSchema, 'GET', '/api/user/reminders'),
    saveReminderPreferences: (body: s.ReminderPreferences) =>
      json('reminders', (m) => m.reminderPreferencesResponseSchema, 'PUT', '/api/user/reminders', body),
    getEmailEnabledUsers: () => json('calls', (m) => m.reminderUserListSchema, 'GET', '/api/users/email-enabled'),
    sendInstantTestReminder: (body: s.InstantTestReminderRequest) =>
      json('calls', (m) => m.messageResponseSchema, 'POST', '/api/reminders/instant-test', body),
    sendTestReminder: (userId: string) => json('calls', (m) => m.messageResponseSchema, 'POST', `/api/reminders/test/${enc(userId)}`),

    getHistory: (email: string) => json('icebreak', (m) => m.historyListSchema, 'GET', `/api/icebreak/history?${qs({ email })}`),
    getInsights: (id: string, email: string) =>
      json('icebreak', (m) => m.insightsResponseSchema, 'GET', `/api/icebreak/insights/${enc(id)}?${qs({ email })}`),
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

    enrich: (body: s.EnrichRequest) => json('enrich', (m) => m.enrichResponseSchema, 'POST', '/api/enrich', body),
    quoteEnrich: (body: s.EnrichQuoteRequest) => json('enrich', (m) => m.enrichQuoteSchema, 'POST', '/api/enrich/quote', body),
    getEnrichment: (leadId: string) => json('enrich', (m) => m.enrichmentResultSchema, 'GET', `/api/enrich/${enc(leadId)}`),

    // Teams (docs/product.md#teams): always the caller's own team, so no team id in the path.
    createTeam: (body: s.CreateTeamRequest) => json('teams', (m) => m.teamResponseSchema, 'POST', '/api/teams', body),
    getTeam: () => json('teams', (m) => m.teamResponseSchema, 'GET', '/api/team'),
    deleteTeam: () => json('calls', (m) => m.messageResponseSchema, 'DELETE', '/api/team'),
    leaveTeam: () => json('calls', (m) => m.messageResponseSchema, 'POST', '/api/team/leave'),
    removeTeamMember: (userId: string) => json('calls', (m) => m.messageResponseSchema, 'DELETE', `/api/team/members/${enc(userId)}`),
    setTeamRole: (userId: string, body: s.SetRoleRequest) =>
      json('teams', (m) => m.teamResponseSchema, 'PUT', `/api/team/members/${enc(userId)}/role`, body),
    transferTeam: (body: s.TransferOwnershipRequest) => json('teams', (m) => m.teamResponseSchema, 'POST', '/api/team/transfer', body),
    inviteToTeam: (body: s.CreateInviteRequest) => json('teams', (m) => m.teamInviteListSchema, 'POST', '/api/team/invites', body),
    getTeamInvites: () => json('teams', (m) => m.teamInviteListSchema, 'GET', '/api/team/invites'),
    resendTeamInvite: (id: string) => json('teams', (m) => m.teamInviteListSchema, 'POST', `/api/team/invites/${enc(id)}/resend`),
    revokeTeamInvite: (id: string) => json('calls', (m) => m.messageResponseSchema, 'DELETE', `/api/team/invites/${enc(id)}`),
    assignPractice: (body: s.CreateAssignmentRequest) =>
      json('teams', (m) => m.assignmentListSchema, 'POST', '/api/team/assignments', body),
    getAssignments: () => json('teams', (m) => m.assignmentListSchema, 'GET', '/api/team/assignments'),
    getTeamPool: () => json('teamPool', (m) => m.teamPoolResponseSchema, 'GET', '/api/team/pool'),
    setTeamCap: (userId: string, body: s.SetCapRequest) =>
      json('teams', (m) => m.teamResponseSchema, 'PUT', `/api/team/members/${enc(userId)}/cap`, body),
    // The team plan (docs/product.md#team-plan-and-seats): the owner's alone.
    getTeamBilling: () => json('teamBilling', (m) => m.teamBillingSchema, 'GET', '/api/team/billing'),
    startTeamCheckout: (body: s.TeamCheckoutRequest) =>
      json('subscription', (m) => m.checkoutResponseSchema, 'POST', '/api/team/billing/checkout', body),
    setTeamSeats: (body: s.TeamSeatsRequest) =>
      json('teamBilling', (m) => m.teamSeatsResponseSchema, 'PUT', '/api/team/billing/seats', body),
    openTeamBillingPortal: () => json('subscription', (m) => m.checkoutResponseSchema, 'POST', '/api/team/billing/portal'),
    getTeamReport: (month: string) => json('teams', (m) => m.teamReportSchema, 'GET', `/api/team/report?${qs({ month })}`),
    acceptTeamInvite: (body: s.AcceptInviteRequest) => json('teams', (m) => m.teamResponseSchema, 'POST', '/api/team/invites/accept', body),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
