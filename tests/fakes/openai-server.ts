/**
 * A loopback fake of an OpenAI-compatible Chat Completions server: POST {base}/chat/completions with
 * `stream: true` answers real SSE chunks (`data: {…chat.completion.chunk…}` … `data: [DONE]`).
 * Each request follows a script (queued, or the default one), so tests can make it fail, stall,
 * rate-limit, or hold part of the answer until they release it.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAiScript {
  /** Non-200: a JSON error body with this status (no stream). */
  status?: number;
  retryAfter?: string;
  /** Content deltas, one SSE chunk each. */
  chunks?: string[];
  /** Wait between chunks. */
  chunkDelayMs?: number;
  /** After this many chunks, wait until release() before sending the rest. */
  holdAfter?: number;
  /** After this many chunks, destroy the connection (an upstream failure mid-stream). */
  failAfter?: number;
  /** After this many chunks, send an in-stream `data: {"error": …}` event and end. */
  errorEventAfter?: number;
  /** Delay before the response headers (to trigger the client's idle timeout). */
  headerDelayMs?: number;
  /** After the chunks, never finish: send an SSE comment (`: keep-alive`) this often until the client leaves. */
  keepAliveEveryMs?: number;
}

export interface FakeOpenAiRequest {
  n: number;
  body: { model?: string; messages?: { role: string; content: string }[]; stream?: boolean; [k: string]: unknown };
  headers: IncomingHttpHeaders;
  /** process.hrtime.bigint() when the whole request had arrived. */
  receivedAt: bigint;
  /** process.hrtime.bigint() just before the first content chunk was written. */
  firstTokenAt?: bigint;
  /** The whole answer was written. */
  finished: boolean;
  /** The client went away before the answer was complete. */
  closedEarly: boolean;
  /** Resolves when the connection of this request closes (either way). */
  closed: Promise<void>;
}

export interface FakeOpenAi {
  /** Base URL for LLM_BASE_URL (ends in /v1). */
  url: string;
  requests: FakeOpenAiRequest[];
  enqueue(...scripts: FakeOpenAiScript[]): void;
  setDefault(script: FakeOpenAiScript): void;
  /** Choose the script from the request body (after the queue, before the default); undefined → default. */
  setRouter(route: ((body: FakeOpenAiRequest['body']) => FakeOpenAiScript | undefined) | null): void;
  /** Let every held request continue. */
  release(): void;
  /** Resolves when `n` requests have arrived. */
  waitForRequests(n: number): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_CHUNKS = [
  '[[section:0]]\n',
  '- **Acme news:** Ask Jane about the Berlin expansion.\n',
  '- **Robotics:** "What surprised you most this year?"\n',
  '[[section:1]]\n',
  '- **Be brief:** Jane is busy; keep it short.\n',
  '[[section:2]]\n',
  '- **Role:** CTO at Acme Robotics\n',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export async function startFakeOpenAi(options: { default?: FakeOpenAiScript } = {}): Promise<FakeOpenAi> {
  let fallback: FakeOpenAiScript = options.default ?? { chunks: DEFAULT_CHUNKS };
  let router: ((body: FakeOpenAiRequest['body']) => FakeOpenAiScript | undefined) | null = null;
  const queue: FakeOpenAiScript[] = [];
  const requests: FakeOpenAiRequest[] = [];
  let gate = deferred();
  const waiters: { n: number; resolve: () => void }[] = [];

  function chunkLine(delta: Record<string, unknown>, finish: string | null) {
    const body = {
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'fake-model',
      choices: [{ index: 0, delta, finish_reason: finish }],
    };
    return `data: ${JSON.stringify(body)}\n\n`;
  }

  async function answer(res: ServerResponse, record: FakeOpenAiRequest, script: FakeOpenAiScript) {
    if (script.headerDelayMs) await sleep(script.headerDelayMs);
    if (record.closedEarly) return;
    if (script.status && script.status !== 200) {
      res.writeHead(script.status, {
        'Content-Type': 'application/json',
        ...(script.retryAfter ? { 'Retry-After': script.retryAfter } : {}),
      });
      res.end(JSON.stringify({ error: { message: `fake upstream status ${script.status}`, type: 'server_error' } }));
      record.finished = true;
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.socket?.setNoDelay(true);
    res.write(chunkLine({ role: 'assistant', content: '' }, null));
    const chunks = script.chunks ?? DEFAULT_CHUNKS;
    for (const [i, content] of chunks.entries()) {
      if (script.holdAfter === i) await gate.promise;
      if (i > 0 && script.chunkDelayMs) await sleep(script.chunkDelayMs);
      if (script.failAfter === i) {
        res.destroy();
        return;
      }
      if (script.errorEventAfter === i) {
        res.end(`data: ${JSON.stringify({ error: { message: 'fake upstream overloaded' } })}\n\n`);
        record.finished = true;
        return;
      }
      if (record.closedEarly) return;
      if (i === 0) record.firstTokenAt = process.hrtime.bigint();
      res.write(chunkLine({ content }, null));
    }
    if (script.holdAfter !== undefined && script.holdAfter >= chunks.length) await gate.promise;
    if (script.failAfter !== undefined && script.failAfter >= chunks.length) {
      res.destroy();
      return;
    }
    if (script.keepAliveEveryMs) {
      while (!record.closedEarly && !res.destroyed) {
        res.write(': keep-alive\n\n');
        await sleep(script.keepAliveEveryMs);
      }
      return;
    }
    res.write(chunkLine({}, 'stop'));
    res.end('data: [DONE]\n\n');
    record.finished = true;
  }

  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      const closed = deferred();
      const record: FakeOpenAiRequest = {
        n: requests.length + 1,
        receivedAt: process.hrtime.bigint(),
        body: JSON.parse(raw || '{}') as FakeOpenAiRequest['body'],
        headers: req.headers,
        finished: false,
        closedEarly: false,
        closed: closed.promise,
      };
      requests.push(record);
      res.on('close', () => {
        if (!record.finished) record.closedEarly = true;
        closed.resolve();
      });
      for (const w of waiters.filter((w) => requests.length >= w.n)) w.resolve();
      const script = queue.shift() ?? router?.(record.body) ?? fallback;
      answer(res, record, script).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...scripts) => queue.push(...scripts),
    setDefault: (script) => {
      fallback = script;
    },
    setRouter: (route) => {
      router = route;
    },
    release() {
      gate.resolve();
      gate = deferred();
    },
    waitForRequests(n) {
      if (requests.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    async close() {
      gate.resolve();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
