/**
 * Benchmark: time from the fake upstream writing its first token to the client reading the first
 * Icebreak line that carries text (the whole server path: SSE parse, section split, NDJSON flush).
 * 200 measured runs after 20 warm-up runs, one at a time. Target: p50 ≤ 5 ms.
 * Also request → first line with text, against a client reading the same fake upstream directly
 * (request → first content delta): target ≤ 3× (the server adds auth, the reads, the debit and the
 * history row); and, to see where that goes, request → the fake upstream has the writer's request
 * (both processes stamp with the machine's monotonic clock). For reference, the same request → first
 * line through two servers that do none of the app's own work (server-child's `proxy-fetch`: a plain
 * fetch; `proxy-writer`: the app's writer, i.e. the OpenAI SDK): what any server adds on this
 * machine. The server runs in its own process, as in production (its database work must not
 * hold up the client's or the upstream's event loop), with an RS256 token as in production;
 * on PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *
 *   npx tsx tests/bench/icebreak-first-line.ts
 *
 * Prints one JSON line with the results.
 */
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { spawnApp, spawnServer } from './lib/spawn-server';
import { contentDeltas } from './lib/upstream-client';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const TARGET_P50_MS = 5;
const TARGET_RATIO = 3;
const IDENTITY = { uid: 'bench-uid', email: 'bench@example.com' };

const CHUNKS = [
  '[[section:0]]\n- **Acme news:** Ask Jane about the Berlin expansion.\n',
  '- **Robotics:** "What surprised you most this year?"\n',
  '[[section:1]]\n- **Be brief:** keep it short.\n',
  '[[section:2]]\n- **Role:** CTO at Acme Robotics\n',
];

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** A client of the fake upstream itself: request → its first content delta (read to the end). */
async function firstDirectDelta(baseUrl: string): Promise<bigint> {
  let at: bigint | undefined;
  for await (const _content of contentDeltas(baseUrl, 'Jane Smith is the CTO at Acme Robotics in Berlin.')) at ??= process.hrtime.bigint();
  if (at === undefined) throw new Error('no content from the upstream');
  return at;
}

/** One request through a server's `/api/search`: when the first line with text arrived, and what the upstream saw. */
async function runOnce(url: string, token: string | undefined, query: URLSearchParams, fake: FakeOpenAi) {
  const startedAt = process.hrtime.bigint();
  const res = await fetch(`${url}/api/search?${query}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!res.ok || !res.body) throw new Error(`search failed: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let firstLineAt: bigint | undefined;
  let done = false;
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    buffer += decoder.decode(r.value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, nl)) as { content: string; errorMessage?: string | null; done?: boolean };
      buffer = buffer.slice(nl + 1);
      if (line.content && firstLineAt === undefined) firstLineAt = process.hrtime.bigint();
      if (line.errorMessage) throw new Error(`stream error: ${line.errorMessage}`);
      if (line.done) done = true;
    }
  }
  const upstream = fake.requests.at(-1)!;
  fake.requests.length = 0;
  if (!done || firstLineAt === undefined || upstream.firstTokenAt === undefined) throw new Error('incomplete run');
  // hrtime is the machine's monotonic clock, so the fake's stamps compare with ours.
  return {
    tokenToLine: Number(firstLineAt - upstream.firstTokenAt) / 1e6,
    requestToLine: Number(firstLineAt - startedAt) / 1e6,
    requestToUpstream: Number(upstream.receivedAt - startedAt) / 1e6,
  };
}

/** WARMUP then RUNS requests, one at a time; each gets a new goal (the same input would be answered from storage). */
async function runs(url: string, token: string | undefined, fake: FakeOpenAi) {
  const tokenToLine: number[] = [];
  const requestToLine: number[] = [];
  const requestToUpstream: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const query = new URLSearchParams({
      profileUrl: 'Jane Smith is the CTO at Acme Robotics in Berlin.',
      email: IDENTITY.email,
      goal: `build rapport, run ${i}`,
    });
    const run = await runOnce(url, token, query, fake);
    if (i < WARMUP) continue;
    tokenToLine.push(run.tokenToLine);
    requestToLine.push(run.requestToLine);
    requestToUpstream.push(run.requestToUpstream);
  }
  for (const samples of [tokenToLine, requestToLine, requestToUpstream]) samples.sort((a, b) => a - b);
  return { tokenToLine, requestToLine, requestToUpstream };
}

/** A reference server (server-child's proxy modes) on the same fake upstream: its request → first line. */
async function referenceP50(mode: 'proxy-fetch' | 'proxy-writer', fake: FakeOpenAi): Promise<number> {
  const server = await spawnServer({ BENCH_MODE: mode, BENCH_LLM_BASE_URL: fake.url });
  try {
    return percentile((await runs(server.url, undefined, fake)).requestToLine, 50);
  } finally {
    await server.stop();
  }
}

const ms = (v: number) => Number(v.toFixed(3));

async function measure(database: 'pglite' | 'postgres', url: string | undefined) {
  const fake = await startFakeOpenAi({ default: { chunks: CHUNKS } });
  const app = await spawnApp({
    identity: IDENTITY,
    databaseUrl: url,
    env: { BENCH_CREDITS: String(RUNS + WARMUP + 10), BENCH_LLM_BASE_URL: fake.url },
  });
  let measured: Awaited<ReturnType<typeof runs>>;
  try {
    measured = await runs(app.url, app.token, fake);
  } finally {
    await app.stop();
  }
  try {
    const directSamples: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const startedAt = process.hrtime.bigint();
      const at = await firstDirectDelta(fake.url);
      if (i >= WARMUP) directSamples.push(Number(at - startedAt) / 1e6);
      fake.requests.length = 0;
    }
    directSamples.sort((a, b) => a - b);
    const direct = percentile(directSamples, 50);
    const fetchProxy = await referenceP50('proxy-fetch', fake);
    const writerProxy = await referenceP50('proxy-writer', fake);
    const ratio = percentile(measured.requestToLine, 50) / direct;
    const p50 = percentile(measured.tokenToLine, 50);
    return {
      runs: measured.tokenToLine.length,
      p50Ms: ms(p50),
      p99Ms: ms(percentile(measured.tokenToLine, 99)),
      meanMs: ms(measured.tokenToLine.reduce((s, v) => s + v, 0) / measured.tokenToLine.length),
      maxMs: ms(measured.tokenToLine.at(-1)!),
      targetP50Ms: TARGET_P50_MS,
      requestToFirstLineP50Ms: ms(percentile(measured.requestToLine, 50)),
      // Where the time goes: request → the upstream has the writer's request (auth, reads, stored-answer check, SDK).
      requestToUpstreamP50Ms: ms(percentile(measured.requestToUpstream, 50)),
      directClientFirstDeltaP50Ms: ms(direct),
      ratioToDirect: Number(ratio.toFixed(2)),
      targetRatio: TARGET_RATIO,
      meetsTarget: p50 <= TARGET_P50_MS && ratio <= TARGET_RATIO,
      // What a server costs before any of the app's own work: no token, no database, no charge.
      references: {
        fetchProxyFirstLineP50Ms: ms(fetchProxy),
        fetchProxyRatioToDirect: Number((fetchProxy / direct).toFixed(2)),
        writerProxyFirstLineP50Ms: ms(writerProxy),
        writerProxyRatioToDirect: Number((writerProxy / direct).toFixed(2)),
      },
      database,
    };
  } finally {
    await fake.close();
  }
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const pglite = await measure('pglite', undefined);
  const postgres = pgUrl ? await measure('postgres', pgUrl) : { skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' };
  console.log(
    JSON.stringify({
      benchmark: 'icebreak-first-line',
      description: 'fake upstream first token → client first Icebreak line (ms); request → first line ÷ a client of the upstream',
      pglite,
      postgres,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
