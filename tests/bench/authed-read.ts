/**
 * Benchmark: an authenticated read (`GET /api/user-credits/{email}`: token check, per-IP and
 * per-user rate limits, the user's row, the JSON) against a **reference server built from the
 * same libraries** (Express, helmet, compression, pino-http, express-rate-limit on the shared
 * database store, a cached token check, one `SELECT`; no app logic: `reference` in
 * lib/server-child.ts) and against bare Express answering `res.json({credits: 20})`. Rounds
 * alternate: bare, reference, app, …, each for BENCH_SECONDS (default 5) at 50 concurrent
 * keep-alive connections, BENCH_ROUNDS (default 3) times; ratios are medians of the rounds. On
 * PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 * Target (issue 27): app ≥ 0.8× the reference. Beside it: app ÷ bare (the earlier targets, ≥ 0.3×
 * on PGlite and ≥ 0.6× on PostgreSQL); `bare-read`, bare Express answering with the user's row (the
 * least any server for this route does); and the reference with an unbatched store (one upsert
 * per hit and limit), the figure behind the batched store (docs/decisions/0023). Each run also
 * takes the server's CPU time per request (`cpuRatio`: reference's ÷ app's), which holds on a
 * machine shared with other work where the rates do not. Prints one JSON line.
 *
 *   npx tsx tests/bench/authed-read.ts
 */
import { load, median, type LoadResult } from './lib/load';
import { spawnApp, spawnServer, type BenchServer } from './lib/spawn-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 50;
const TARGET_OF_REFERENCE = 0.8;
const BARE_TARGETS = { pglite: 0.3, postgres: 0.6 } as const;
const IDENTITY = { uid: 'bench-reader', email: 'bench-reader@example.com' };

type Name = 'bare' | 'reference' | 'app' | 'bareRead' | 'referenceUnbatched';
type Measured = LoadResult & { cpuUsPerRequest: number };

async function measure(kind: 'pglite' | 'postgres', url: string | undefined) {
  const path = `/api/user-credits/${encodeURIComponent(IDENTITY.email)}`;
  const app = await spawnApp({ identity: IDENTITY, databaseUrl: url });
  // Each server with its own database, signing key and token for the same identity.
  const withApp = (env: Record<string, string>) => spawnApp({ identity: IDENTITY, databaseUrl: url, env });
  const servers: Record<Name, BenchServer & { token?: string }> = {
    bare: await spawnServer({ BENCH_MODE: 'bare' }),
    reference: await withApp({ BENCH_MODE: 'reference' }),
    app,
    bareRead: await withApp({ BENCH_MODE: 'bare-read' }),
    referenceUnbatched: await withApp({ BENCH_MODE: 'reference', BENCH_REFERENCE_STORE: 'unbatched' }),
  };
  const names = Object.keys(servers) as Name[];
  /** One load run, with the server's CPU time per request (µs) over it. */
  const run = async (name: Name, seconds: number) => {
    const cpuBefore = await servers[name].cpuMicros();
    const result = await load({
      url: servers[name].url + path,
      headers: { Authorization: `Bearer ${servers[name].token ?? app.token}` },
      seconds,
      concurrency: CONCURRENCY,
    });
    return { ...result, cpuUsPerRequest: ((await servers[name].cpuMicros()) - cpuBefore) / Math.max(1, result.requests) };
  };
  try {
    for (const name of ['app', 'reference', 'referenceUnbatched'] as const) {
      const check = await fetch(servers[name].url + path, { headers: { Authorization: `Bearer ${servers[name].token}` } });
      if (!check.ok) throw new Error(`${name}: authed read failed: ${check.status} ${await check.text()}`);
    }
    // Warm each (JIT, connections) before measuring.
    for (const name of names) await run(name, 1);
    const rounds: Record<Name, Measured>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const round = {} as Record<Name, Measured>;
      for (const name of names) round[name] = await run(name, SECONDS);
      console.log(
        `${kind} round ${i + 1}: ${names.map((n) => `${n} ${round[n].rps} req/s, ${Math.round(round[n].cpuUsPerRequest)} µs CPU/req (errors ${round[n].errors})`).join('; ')}`,
      );
      rounds.push(round);
    }
    const rps = (name: Name) => median(rounds.map((r) => r[name].rps));
    const ratio = (a: Name, b: Name) => Number(median(rounds.map((r) => r[a].rps / r[b].rps)).toFixed(3));
    const ofReference = ratio('app', 'reference');
    const ofBare = ratio('app', 'bare');
    return {
      ratio: ofReference,
      target: TARGET_OF_REFERENCE,
      meetsTarget: ofReference >= TARGET_OF_REFERENCE,
      bareRatio: ofBare,
      bareTarget: BARE_TARGETS[kind],
      meetsBareTarget: ofBare >= BARE_TARGETS[kind],
      referenceOfBare: ratio('reference', 'bare'),
      appRps: rps('app'),
      referenceRps: rps('reference'),
      bareRps: rps('bare'),
      appP50Ms: median(rounds.map((r) => r.app.p50Ms)),
      appP99Ms: median(rounds.map((r) => r.app.p99Ms)),
      errors: Object.fromEntries(names.map((n) => [n, rounds.reduce((sum, r) => sum + r[n].errors, 0)])),
      bareWithReadRps: rps('bareRead'),
      bareWithReadRatio: ratio('bareRead', 'bare'),
      // The server's CPU per request, and the reference's ÷ the app's: what the rate would be if the
      // server had the cores to itself (robust where the rates move with other load).
      cpuUsPerRequest: Object.fromEntries(names.map((n) => [n, Math.round(median(rounds.map((r) => r[n].cpuUsPerRequest)))])),
      cpuRatio: Number(median(rounds.map((r) => r.reference.cpuUsPerRequest / r.app.cpuUsPerRequest)).toFixed(3)),
      cpuRatioOfBare: Number(median(rounds.map((r) => r.bare.cpuUsPerRequest / r.app.cpuUsPerRequest)).toFixed(3)),
      referenceUnbatchedRps: rps('referenceUnbatched'),
      unbatchedOfReference: ratio('referenceUnbatched', 'reference'),
    };
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const result: Record<string, unknown> = {
    benchmark: 'authed-read',
    description: `GET /api/user-credits/{email} ÷ a reference server of the same libraries (and ÷ bare Express res.json), c=${CONCURRENCY}, ${ROUNDS}×${SECONDS}s alternated, RS256 token (its signature checked once per process, as in production)`,
    pglite: await measure('pglite', undefined),
    postgres: pgUrl ? await measure('postgres', pgUrl) : { skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' },
  };
  console.log(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
