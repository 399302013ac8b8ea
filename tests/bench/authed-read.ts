/**
 * Benchmark: an authenticated read (`GET /api/user-credits/{email}`: token check, per-IP and
 * per-user rate limits, the user's row, the JSON) against a bare Express 5 app answering
 * `res.json({credits: 20})`, side by side: bare, app, bare, app, bare, app, each for
 * BENCH_SECONDS (default 5) at 50 concurrent keep-alive connections; the ratio is the median of the
 * three rounds. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 * Targets: ≥ 0.3× bare on PGlite, ≥ 0.6× on PostgreSQL. For reference, in the same rounds: bare
 * Express answering with the user's balance read through the app's database layer (`bare-read`,
 * no token, no middleware), the least any server for this route does. Prints one JSON line.
 *
 *   npx tsx tests/bench/authed-read.ts
 */
import { load, median, type LoadResult } from './lib/load';
import { spawnApp, spawnServer, type BenchServer } from './lib/spawn-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 50;
const TARGETS = { pglite: 0.3, postgres: 0.6 } as const;
const IDENTITY = { uid: 'bench-reader', email: 'bench-reader@example.com' };

async function measure(kind: 'pglite' | 'postgres', url: string | undefined) {
  const path = `/api/user-credits/${encodeURIComponent(IDENTITY.email)}`;
  const bare = await spawnServer({ BENCH_MODE: 'bare' });
  const app = await spawnApp({ identity: IDENTITY, databaseUrl: url });
  const bareRead = await spawnApp({ identity: IDENTITY, databaseUrl: url, env: { BENCH_MODE: 'bare-read' } });
  const headers = { Authorization: `Bearer ${app.token}` };
  const run = (server: BenchServer, seconds: number) => load({ url: server.url + path, headers, seconds, concurrency: CONCURRENCY });
  try {
    // Warm each (JIT, connections) before measuring.
    await run(bare, 1);
    const check = await fetch(app.url + path, { headers });
    if (!check.ok) throw new Error(`authed read failed: ${check.status} ${await check.text()}`);
    await run(app, 1);
    await run(bareRead, 1);
    const rounds: { bare: LoadResult; app: LoadResult; bareRead: LoadResult }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const b = await run(bare, SECONDS);
      const a = await run(app, SECONDS);
      const r = await run(bareRead, SECONDS);
      console.log(
        `${kind} round ${i + 1}: bare ${b.rps} req/s (p50 ${b.p50Ms} ms), app ${a.rps} req/s (p50 ${a.p50Ms} ms, errors ${a.errors}), bare + the read ${r.rps} req/s`,
      );
      rounds.push({ bare: b, app: a, bareRead: r });
    }
    const ratio = median(rounds.map((p) => p.app.rps / p.bare.rps));
    return {
      ratio: Number(ratio.toFixed(3)),
      target: TARGETS[kind],
      meetsTarget: ratio >= TARGETS[kind],
      bareRps: median(rounds.map((p) => p.bare.rps)),
      appRps: median(rounds.map((p) => p.app.rps)),
      appP50Ms: median(rounds.map((p) => p.app.p50Ms)),
      appP99Ms: median(rounds.map((p) => p.app.p99Ms)),
      appErrors: rounds.reduce((s, p) => s + p.app.errors, 0),
      bareWithReadRps: median(rounds.map((p) => p.bareRead.rps)),
      bareWithReadRatio: Number(median(rounds.map((p) => p.bareRead.rps / p.bare.rps)).toFixed(3)),
    };
  } finally {
    await Promise.all([bare.stop(), app.stop(), bareRead.stop()]);
  }
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const result: Record<string, unknown> = {
    benchmark: 'authed-read',
    description: `GET /api/user-credits/{email} ÷ bare Express res.json, c=${CONCURRENCY}, ${ROUNDS}×${SECONDS}s alternated, RS256 token (its signature checked once per process, as in production)`,
    pglite: await measure('pglite', undefined),
    postgres: pgUrl ? await measure('postgres', pgUrl) : { skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' },
  };
  console.log(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
