import type { Config } from '../../config';
import type { MailMessage } from '../mail';
import { practiceFocusFor } from './practice-focus';
import { buildReminderEmail, type ReminderEmailInput } from './reminder-email';
import type { ReminderRecipient } from './reminders-repository';
import { createUnsubscribeToken } from './unsubscribe-token';

type MessageConfig = Pick<Config, 'PUBLIC_URL' | 'REMINDER_TOKEN_SECRET'>;

/** The reminder a user gets, for a scheduled slot or an admin's test (slot = now). */
export function reminderMessageFor(
  config: MessageConfig,
  recipient: Omit<ReminderRecipient, 'nextReminderAt'>,
  slot: Date,
  messageKey?: string,
  assigned: ReminderEmailInput['assigned'] = [],
): MailMessage {
  return buildReminderEmail(
    {
      assigned,
      timeZone: recipient.schedule.userTimezone,
      to: recipient.email,
      name: recipient.name,
      focus: practiceFocusFor(slot),
      publicUrl: config.PUBLIC_URL,
      unsubscribeToken: createUnsubscribeToken(config.REMINDER_TOKEN_SECRET, { userId: recipient.userId }),
      schedule: recipient.enabled ? recipient.schedule : undefined,
      ...(messageKey ? { messageId: `<${messageKey}@${new URL(config.PUBLIC_URL).hostname}>` } : {}),
    },
    slot,
  );
}

/** The instant test to a bare address: its unsubscribe token names the address, not an account. */
export function testMessageTo(config: MessageConfig, email: string, now: Date): MailMessage {
  return buildReminderEmail({
    to: email,
    name: null,
    focus: practiceFocusFor(now),
    publicUrl: config.PUBLIC_URL,
    unsubscribeToken: createUnsubscribeToken(config.REMINDER_TOKEN_SECRET, { email }),
  });
}
