/** What the mail feature offers the server's other features (the layering lint rule lets them import only this). */
export { MailSendError, SMTP_TIMEOUT_DEFAULTS, sendWithRetry } from './mailer';
export type { MailMessage, Mailer } from './mailer';
