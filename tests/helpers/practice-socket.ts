import WebSocket from 'ws';
import { practiceServerMessageSchema, type PracticeServerMessage } from '@shared/schemas/calls';

/** A browser-practice client over a real WebSocket, checking every server message against the shared schema. */
export interface PracticeSocket {
  received: PracticeServerMessage[];
  send(msg: object): void;
  /** The next message of this type (from the cursor on). */
  next<T extends PracticeServerMessage['type']>(type: T, timeoutMs?: number): Promise<Extract<PracticeServerMessage, { type: T }>>;
  /** The next full prospect turn: text tokens up to the one with `last: true`. */
  nextTurn(timeoutMs?: number): Promise<{ tokens: string[]; text: string }>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function openPracticeSocket(appUrl: string, socketPath: string): Promise<PracticeSocket> {
  const ws = new WebSocket(`${appUrl.replace(/^http/, 'ws')}${socketPath}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const received: PracticeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    received.push(practiceServerMessageSchema.parse(JSON.parse(String(data))));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const w of waiters.splice(0)) w();
    });
  });
  let cursor = 0;
  const waitFor = <T>(pick: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`practice socket: no ${what}; received ${JSON.stringify(received.slice(cursor))}`)),
        timeoutMs,
      );
      const check = () => {
        const found = pick();
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  return {
    received,
    send: (msg) => ws.send(JSON.stringify(msg)),
    next: (type, timeoutMs = 10_000) =>
      waitFor(
        () => {
          const i = received.slice(cursor).findIndex((m) => m.type === type);
          if (i < 0) return undefined;
          const msg = received[cursor + i]!;
          cursor += i + 1;
          return msg as Extract<PracticeServerMessage, { type: typeof type }>;
        },
        type,
        timeoutMs,
      ),
    nextTurn: (timeoutMs = 10_000) =>
      waitFor(
        () => {
          const rest = received.slice(cursor);
          const end = rest.findIndex((m) => m.type === 'text' && m.last);
          if (end < 0) return undefined;
          const tokens = rest.slice(0, end + 1).flatMap((m) => (m.type === 'text' ? [m.token] : []));
          cursor += end + 1;
          return { tokens, text: tokens.join('') };
        },
        'turn',
        timeoutMs,
      ),
    closed,
    close: () => ws.close(1000),
  };
}
