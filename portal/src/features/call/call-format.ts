import type { BadgeProps } from '@fluentui/react-components';
import type { CallMode, CallStatus } from '@shared/schemas';

/** 'queued' → 'Queued', 'no-answer' → 'No answer' (statuses are Twilio's words). */
export function statusLabel(status: string): string {
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STATUS_COLOR: Record<CallStatus, BadgeProps['color']> = {
  queued: 'informative',
  ringing: 'informative',
  'in-progress': 'brand',
  completed: 'success',
  busy: 'warning',
  'no-answer': 'warning',
  failed: 'danger',
  canceled: 'subtle',
  abandoned: 'subtle',
};
export const statusColor = (status: CallStatus): BadgeProps['color'] => STATUS_COLOR[status];

export const MODE_LABEL: Record<CallMode, string> = { phone: 'Phone', browser: 'Browser' };

/** Seconds as 'm:ss' (a call is minutes long); null → an em dash. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const formatScore = (score: number | null): string => (score === null ? '—' : `${score}/100`);
