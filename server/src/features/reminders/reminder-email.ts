import { WEEKDAY_NAMES } from '@shared/schemas/reminders';
import type { MailMessage } from '../mail';
import type { ReminderSchedule } from './slots';

export const REMINDER_SUBJECT = 'Time for your practice call';
export const UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';
export const ASSIGNED_HEADING = 'Assigned by your team, not done yet:';

export interface ReminderEmailInput {
  to: string;
  name: string | null;
  /** What to practise: a scenario line or a tip. */
  focus: string;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  unsubscribeToken: string;
  /** The user's schedule, to say why they get this; absent for a test sent to a bare address. */
  schedule?: ReminderSchedule;
  /** A stable Message-ID for the reminder of one slot. */
  messageId?: string;
  /** Practice the user's team assigned and no call has completed yet (docs/product.md#assigned-practice). */
  assigned?: { scenarioTitle: string; dueAt: Date; minScore: number; bestScore: number | null }[];
  /** Dates are written in this zone (the user's schedule's), else UTC. */
  timeZone?: string;
}

/** 'Discovery call with a CFO: due 31 Mar 2027, score 70 to reach (best so far 64)'; overdue ones say so. */
export function assignmentLine(a: NonNullable<ReminderEmailInput['assigned']>[number], now: Date, timeZone = 'UTC'): string {
  const day = a.dueAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const when = a.dueAt <= now ? `overdue since ${day}` : `due ${day}`;
  const best = a.bestScore === null ? '' : ` (best so far ${a.bestScore})`;
  return `${a.scenarioTitle}: ${when}, score ${a.minScore} to reach${best}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function describeSchedule(s: ReminderSchedule): string {
  const when =
    s.callFrequency === 'daily' ? 'every day' : s.callFrequency === 'weekdays' ? 'every weekday' : `every ${WEEKDAY_NAMES[s.weekday ?? 0]}`;
  return `${when} at ${s.preferredCallTime} (${s.userTimezone})`;
}

/** The reminder: text and HTML parts, a button to /call, and RFC 8058 one-click unsubscribe headers. */
export function buildReminderEmail(input: ReminderEmailInput, now = new Date()): MailMessage {
  const base = input.publicUrl.replace(/\/+$/, '');
  const callUrl = `${base}/call`;
  const settingsUrl = `${base}/settings`;
  const unsubscribeUrl = `${base}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(input.unsubscribeToken)}`;
  const greeting = `Hi ${input.name?.trim() || 'there'},`;
  const why = input.schedule
    ? `You get this e-mail because you asked for practice reminders ${describeSchedule(input.schedule)}.`
    : 'This is a test of the practice reminder e-mail.';

  const assigned = (input.assigned ?? []).map((a) => assignmentLine(a, now, input.timeZone));
  const text = [
    greeting,
    '',
    'A few minutes of practice keeps your calls sharp. Today, practise this:',
    '',
    `  ${input.focus}`,
    '',
    ...(assigned.length ? [ASSIGNED_HEADING, '', ...assigned.map((line) => `  - ${line}`), ''] : []),
    `Start a practice call: ${callUrl}`,
    '',
    '--',
    why,
    `Change when you get reminders: ${settingsUrl}`,
    `Turn reminders off: ${unsubscribeUrl}`,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(REMINDER_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#242424">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 8px">A few minutes of practice keeps your calls sharp. Today, practise this:</p>
<p style="margin:0 0 24px;padding:12px 16px;background:#f0f6ff;border-left:4px solid #0f6cbd">${escapeHtml(input.focus)}</p>
${assigned.length ? `<p style="margin:0 0 8px">${escapeHtml(ASSIGNED_HEADING)}</p>\n<ul style="margin:0 0 24px">${assigned.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>\n` : ''}<p style="margin:0 0 24px"><a href="${escapeHtml(callUrl)}" style="display:inline-block;padding:12px 20px;background:#0f6cbd;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:600">Start Practice Call</a></p>
<p style="margin:0;font-size:12px;color:#616161">${escapeHtml(why)}
<a href="${escapeHtml(settingsUrl)}" style="color:#616161">Change when you get reminders</a> ·
<a href="${escapeHtml(unsubscribeUrl)}" style="color:#616161">Turn reminders off</a></p>
</td></tr>
</table>
</body>
</html>
`;

  return {
    to: input.to,
    subject: REMINDER_SUBJECT,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(input.messageId ? { messageId: input.messageId } : {}),
  };
}
