import { TEAM_LIMITS, TEAM_ROLE_LABELS, type AssignableRole } from '@shared/teams';
import type { MailMessage } from '../mail';

/** The portal page that accepts an invitation (and sends a new person to register first). */
export const JOIN_PATH = '/join';

export const inviteSubject = (team: string) => `You're invited to join ${team} on Icebreak & Enrich`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface InviteEmailInput {
  to: string;
  team: string;
  inviter: string;
  role: AssignableRole;
  token: string;
  expiresAt: Date;
  /** PUBLIC_URL. */
  publicUrl: string;
}

export function joinUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${JOIN_PATH}?token=${encodeURIComponent(token)}`;
}

/** The invitation: who invites, to which team and role, the link, and until when it works. */
export function buildInviteEmail(input: InviteEmailInput): MailMessage {
  const url = joinUrl(input.publicUrl, input.token);
  const role = TEAM_ROLE_LABELS[input.role].toLowerCase();
  const until = input.expiresAt.toUTCString();
  const lead = `${input.inviter} invited you to join the team "${input.team}" on Icebreak & Enrich as ${role === 'admin' ? 'an' : 'a'} ${role}.`;
  const how = `Open the link below to accept. If you have no account yet, register with this e-mail address (${input.to}) first: you will come back to the invitation afterwards.`;
  const expiry = `The link works once and expires in ${TEAM_LIMITS.inviteDays} days (${until}).`;
  const text = [
    'Hi,',
    '',
    lead,
    '',
    how,
    '',
    `Accept the invitation: ${url}`,
    '',
    expiry,
    '',
    'If you did not expect this, ignore this e-mail.',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Hi,</p>',
    `<p>${escapeHtml(lead)}</p>`,
    `<p>${escapeHtml(how)}</p>`,
    `<p><a href="${escapeHtml(url)}" style="display: inline-block; padding: 8px 16px; background: #0f6cbd; color: #fff; text-decoration: none; border-radius: 4px">Accept the invitation</a></p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    '<p style="color: #666">If you did not expect this, ignore this e-mail.</p>',
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: inviteSubject(input.team), text, html };
}
