import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import { maskEmail } from '../../http/log-safety';

/** One e-mail: both parts always (clients without HTML read the text). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A stable Message-ID (`<id@host>`), so a receiving system can tell a repeat from a new message. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the message went to the outbox instead of an SMTP server. */
  file?: string;
}

/** SMTP when SMTP_URL is set; otherwise an outbox folder of .eml files (docs/architecture.md#mail). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** One attempt; throws MailSendError. */
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

/**
 * A failed attempt; `permanent` when retrying cannot help (the SMTP server answered 5xx);
 * `timedOut` when the server did not answer in time (a caller sending many stops for now).
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** Every wait on the SMTP server is bounded (README: SMTP_*_MS). */
export const SMTP_TIMEOUT_DEFAULTS = {
  SMTP_CONNECTION_TIMEOUT_MS: 10_000,
  SMTP_GREETING_TIMEOUT_MS: 10_000,
  SMTP_SOCKET_TIMEOUT_MS: 20_000,
  SMTP_SEND_DEADLINE_MS: 30_000,
} as const;

export interface MailerConfig {
  SMTP_URL?: string;
  MAIL_FROM: string;
  DATA_DIR: string;
  /** TCP connect; the server's 220 greeting; silence on an open connection; one whole send. */
  SMTP_CONNECTION_TIMEOUT_MS?: number;
  SMTP_GREETING_TIMEOUT_MS?: number;
  SMTP_SOCKET_TIMEOUT_MS?: number;
  SMTP_SEND_DEADLINE_MS?: number;
}

export function outboxDir(dataDir: string): string {
  return path.resolve(dataDir, 'outbox');
}

interface NodemailerError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

function toSendError(err: unknown): MailSendError {
  const e = (err ?? {}) as NodemailerError;
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  const text = e.response || e.message || String(err);
  return new MailSendError(text.replace(/\s+/g, ' ').trim().slice(0, 300), permanent, e.code === 'ETIMEDOUT');
}

export function createMailer(config: MailerConfig, logger: Logger): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config) : createOutboxMailer(outboxDir(config.DATA_DIR), config.MAIL_FROM, logger);
}

/** nodemailer's SMTP transport; TLS as the URL says (smtps:// implicit TLS, smtp:// STARTTLS when offered). */
function createSmtpMailer(config: MailerConfig): Mailer {
  const limits = { ...SMTP_TIMEOUT_DEFAULTS, ...definedOnly(config) };
  // The transport itself, not createTransport({ url, … }): that one drops every option beside a url.
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: config.SMTP_URL,
      connectionTimeout: limits.SMTP_CONNECTION_TIMEOUT_MS,
      greetingTimeout: limits.SMTP_GREETING_TIMEOUT_MS,
      socketTimeout: limits.SMTP_SOCKET_TIMEOUT_MS,
    }),
  );
  return {
    kind: 'smtp',
    async send(message) {
      // The per-step timeouts bound each wait; the deadline bounds a server that answers, slowly, forever.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new MailSendError(`no answer from the SMTP server within ${limits.SMTP_SEND_DEADLINE_MS} ms`, false, true)),
          limits.SMTP_SEND_DEADLINE_MS,
        );
      });
      try {
        const info = await Promise.race([transport.sendMail({ from: config.MAIL_FROM, ...message }), deadline]);
        return { messageId: info.messageId };
      } catch (err) {
        throw err instanceof MailSendError ? err : toSendError(err);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => transport.close(),
  };
}

function definedOnly(config: MailerConfig): Partial<typeof SMTP_TIMEOUT_DEFAULTS> {
  return Object.fromEntries(
    Object.keys(SMTP_TIMEOUT_DEFAULTS).flatMap((k) => {
      const v = config[k as keyof typeof SMTP_TIMEOUT_DEFAULTS];
      return v === undefined ? [] : [[k, v]];
    }),
  );
}

/** nodemailer builds the same RFC 5322 message it would send; it is written to `dir` as an .eml file. */
function createOutboxMailer(dir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        await mkdir(dir, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
        const file = path.join(dir, name);
        // Written under a temporary name first: a reader never sees half a message.
        await writeFile(`${file}.tmp`, info.message as Buffer);
        await rename(`${file}.tmp`, file);
        logger.info({ to: maskEmail(message.to), subject: message.subject, file }, 'e-mail written to the outbox (SMTP_URL is not set)');
        return { messageId: info.messageId, file };
      } catch (err) {
        throw toSendError(err);
      }
    },
    close: () => transport.close(),
  };
}

export interface RetryOptions {
  /** Attempts in all (default 3). */
  attempts?: number;
  /** Delay before the second attempt; doubled for each further one (default 500 ms). */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Send now, retrying transient failures with exponential backoff: for sends a person waits on. */
export async function sendWithRetry(mailer: Mailer, message: MailMessage, options: RetryOptions = {}): Promise<SentMail> {
  const attempts = options.attempts ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await mailer.send(message);
    } catch (err) {
      const failure = err instanceof MailSendError ? err : toSendError(err);
      if (failure.permanent || attempt >= attempts) throw failure;
      await sleep(baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
