import type * as z from 'zod/mini';
import * as account from '../../shared/schemas/account';
import * as calls from '../../shared/schemas/calls';
import * as enrich from '../../shared/schemas/enrich';
import * as icebreak from '../../shared/schemas/icebreak';
import * as reminders from '../../shared/schemas/reminders';
import * as settings from '../../shared/schemas/settings';
import * as subscription from '../../shared/schemas/subscription';
import * as system from '../../shared/schemas/system';
import * as teamBilling from '../../shared/schemas/team-billing';
import * as teamPool from '../../shared/schemas/team-pool';
import * as teams from '../../shared/schemas/teams';
import * as user from '../../shared/schemas/user';

/**
 * What the server answers on success, per route ('METHOD /path', `:name` for a path parameter): the
 * schemas of shared/schemas, as the typed client reads them (shared/api/client.ts). A test handler's
 * body is checked against these, so a handler that drifts from the contract fails its test.
 * 'ndjson' routes answer Icebreak stream lines (checked line by line with streamLineSchema).
 */
export const RESPONSE_CONTRACT: Record<string, z.ZodMiniType | 'ndjson'> = {
  'GET /api/config': system.publicConfigSchema,
  'GET /api/health': system.healthResponseSchema,
  'GET /api/user/:uid': user.userRecordSchema,
  'POST /api/user': user.userWriteResponseSchema,
  'POST /api/users': user.userWriteResponseSchema,
  'GET /api/user-credits/:email': user.creditsResponseSchema,
  'DELETE /api/user': account.deleteAccountResponseSchema,
  'GET /api/user/export': account.accountExportSchema,
  'GET /api/credits/history': account.creditHistoryResponseSchema,
  'GET /api/credits/usage': account.creditUsageSchema,
  'GET /api/settings-data': settings.settingsDataResponseSchema,
  'PUT /api/user/settings/:email': settings.updateSettingsResponseSchema,
  'POST /api/subscription/sync': subscription.subscriptionStatusSchema,
  'POST /api/subscription/checkout': subscription.checkoutResponseSchema,
  'GET /api/outbound-calls': calls.outboundCallListSchema,
  'POST /api/outbound-call': calls.outboundCallResponseSchema,
  'GET /api/user/phone': calls.phoneResponseSchema,
  'PUT /api/user/phone': calls.phoneResponseSchema,
  'GET /api/calls/scenarios': calls.scenarioListSchema,
  'POST /api/calls/practice': calls.startPracticeResponseSchema,
  'GET /api/calls': calls.callListSchema,
  'GET /api/calls/:id': calls.callDetailSchema,
  'GET /api/user/reminders': reminders.reminderPreferencesResponseSchema,
  'PUT /api/user/reminders': reminders.reminderPreferencesResponseSchema,
  'GET /api/users/email-enabled': calls.reminderUserListSchema,
  'POST /api/reminders/instant-test': calls.messageResponseSchema,
  'POST /api/reminders/test/:userId': calls.messageResponseSchema,
  'GET /api/icebreak/history': icebreak.historyListSchema,
  'GET /api/icebreak/insights/:id': icebreak.insightsResponseSchema,
  'GET /api/search': 'ndjson',
  'POST /api/search': 'ndjson',
  'POST /api/enrich': enrich.enrichResponseSchema,
  'POST /api/enrich/quote': enrich.enrichQuoteSchema,
  'GET /api/enrich/:leadId': enrich.enrichmentResultSchema,
  'POST /api/teams': teams.teamResponseSchema,
  'GET /api/team': teams.teamResponseSchema,
  'DELETE /api/team': calls.messageResponseSchema,
  'POST /api/team/leave': calls.messageResponseSchema,
  'DELETE /api/team/members/:userId': calls.messageResponseSchema,
  'PUT /api/team/members/:userId/role': teams.teamResponseSchema,
  'PUT /api/team/members/:userId/cap': teams.teamResponseSchema,
  'GET /api/team/pool': teamPool.teamPoolResponseSchema,
  'POST /api/team/transfer': teams.teamResponseSchema,
  'POST /api/team/invites': teams.teamInviteListSchema,
  'GET /api/team/invites': teams.teamInviteListSchema,
  'POST /api/team/invites/:id/resend': teams.teamInviteListSchema,
  'DELETE /api/team/invites/:id': calls.messageResponseSchema,
  'POST /api/team/invites/accept': teams.teamResponseSchema,
  'POST /api/team/assignments': teams.assignmentListSchema,
  'GET /api/team/assignments': teams.assignmentListSchema,
  'GET /api/team/report': teams.teamReportSchema,
  'GET /api/team/billing': teamBilling.teamBillingSchema,
  'POST /api/team/billing/checkout': subscription.checkoutResponseSchema,
  'PUT /api/team/billing/seats': teamBilling.teamSeatsResponseSchema,
  'POST /api/team/billing/portal': subscription.checkoutResponseSchema,
};

/** A stream line a handler sends, checked against the contract (throws on drift, naming the field). */
export function streamLine(line: object): string {
  return JSON.stringify(icebreak.streamLineSchema.parse(line));
}
