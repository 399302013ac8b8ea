import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with its headers and MIME parts decoded. */
export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  /** Unfolded header value, case-insensitive name; the first occurrence. */
  header(name: string): string | undefined;
  subject: string | undefined;
  /** Decoded text/plain and text/html parts. */
  text: string | undefined;
  html: string | undefined;
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:<port> — for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Refuse the next `n` messages at the end of DATA with this SMTP reply code (e.g. 451 or 550). */
  refuseNext(n: number, code: number): void;
  /** Resolves when `n` messages have arrived in all. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  return at < 0 ? { head: raw, body: '' } : { head: raw.slice(0, at), body: raw.slice(at + 4) };
}

function parseHeaders(head: string): Map<string, string> {
  const map = new Map<string, string>();
  // Unfold (RFC 5322 §2.2.3): a line break followed by white space continues the header.
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!map.has(name)) map.set(name, line.slice(colon + 1).trim());
  }
  return map;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      // Soft line breaks go; each =XX is one byte; the bytes are UTF-8.
      const text = body.replace(/=\r\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const hex = text[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(text.slice(i + 1, i + 3)) : null;
        if (hex) {
          bytes.push(parseInt(hex[0], 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(text[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** The text parts of a (possibly nested) MIME entity. */
function collectParts(raw: string, out: { text?: string; html?: string }) {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\r\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (/^text\/html/i.test(type)) out.html ??= decoded;
  else if (/^text\/plain/i.test(type)) out.text ??= decoded;
}

/** A real SMTP server (the `smtp-server` package) on loopback that keeps what it receives. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  let refuse = { n: 0, code: 0 };

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to manage in tests.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse.n > 0) {
          refuse = { n: refuse.n - 1, code: refuse.code };
          const err = Object.assign(new Error(refuse.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: refuse.code,
          });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = parseHeaders(splitHead(raw).head);
        const parts: { text?: string; html?: string } = {};
        collectParts(raw, parts);
        messages.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          header: (name) => headers.get(name.toLowerCase()),
          subject: headers.get('subject'),
          text: parts.text,
          html: parts.html,
        });
        for (const w of waiters.filter((w) => messages.length >= w.n)) w.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(n, code) {
      refuse = { n, code };
    },
    waitFor(n, timeoutMs = 10_000) {
      if (messages.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${messages.length} of ${n} messages arrived`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
