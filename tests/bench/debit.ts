/**
 * Benchmark: credit debits against the database's own rate for a single-row update, side by side.
 * Debit: `credits.debit(user, 1)` (the guarded UPDATE + its ledger row) from 50 concurrent callers.
 * Baseline (what `pgbench` would run, as pgbench is not installed): `UPDATE … SET c = c - 1 WHERE
 * id = 1 AND c > 0` over the same pool from 50 concurrent callers. Both hit one row, so both queue on
 * its row lock. Alternated BENCH_ROUNDS (3) times for BENCH_SECONDS (5) each; the ratio is the median.
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and PGlite. Target: ≥ 0.5× on PostgreSQL.
 * Prints one JSON line.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { systemClock } from '../../server/src/clock';
import { DEFAULT_POOL_MAX } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { createUsersRepository } from '../../server/src/features/users/users-repository';
import { loop, median } from './lib/load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 50;
const TARGET = 0.5;

async function measure(url: string | undefined) {
  const schemaName = url ? `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}` : undefined;
  const poolMax = Number(process.env.DATABASE_POOL_MAX ?? DEFAULT_POOL_MAX);
  const database = await openDatabase({ url, schemaName, poolMax });
  try {
    const users = createUsersRepository(database.db, systemClock);
    const created = await users.createIfMissing({ firebaseUid: 'bench-debit', email: 'bench-debit@example.com', name: null });
    if (!('user' in created)) throw new Error('no bench user');
    const userId = created.user.id;
    const credits = createCreditsService(database.db, systemClock);
    await database.db.transaction((tx) => credits.setAllowance(tx, userId, 1_000_000_000, 'adjustment', 'bench'));
    await database.raw.exec(
      'CREATE TABLE bench_counter (id integer PRIMARY KEY, c bigint NOT NULL); INSERT INTO bench_counter VALUES (1, 1000000000000)',
    );
    const update = () => database.db.execute(sql`UPDATE bench_counter SET c = c - 1 WHERE id = 1 AND c > 0`);
    const debit = async () => {
      const r = await credits.debit(userId, 1, 'bench');
      if (!r.ok) throw new Error('debit refused');
    };
    await loop(update, { concurrency: CONCURRENCY, seconds: 1 });
    await loop(debit, { concurrency: CONCURRENCY, seconds: 1 });
    const pairs: { update: number; debit: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const u = await loop(update, { concurrency: CONCURRENCY, seconds: SECONDS });
      const d = await loop(debit, { concurrency: CONCURRENCY, seconds: SECONDS });
      if (u.errors || d.errors) throw new Error(`errors: update ${u.errors}, debit ${d.errors}`);
      console.log(`${database.kind} round ${i + 1}: single-row update ${u.opsPerSecond}/s, debit ${d.opsPerSecond}/s`);
      pairs.push({ update: u.opsPerSecond, debit: d.opsPerSecond });
    }
    // The books still balance after all that.
    const balance = await credits.balance(userId);
    if (balance !== (await credits.ledgerSum(userId))) throw new Error('ledger and balance disagree');
    const ratio = median(pairs.map((p) => p.debit / p.update));
    return {
      ratio: Number(ratio.toFixed(3)),
      target: TARGET,
      meetsTarget: ratio >= TARGET,
      updatesPerSecond: median(pairs.map((p) => p.update)),
      debitsPerSecond: median(pairs.map((p) => p.debit)),
      poolMax: database.kind === 'postgres' ? poolMax : 1,
    };
  } finally {
    await database.close();
    if (url && schemaName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await admin.end();
    }
  }
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const result = {
    benchmark: 'debit',
    description: `credits.debit(user, 1) ÷ single-row UPDATE … WHERE c > 0 over the same pool, c=${CONCURRENCY}, ${ROUNDS}×${SECONDS}s alternated`,
    postgres: pgUrl ? await measure(pgUrl) : { skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' },
    pglite: await measure(undefined),
  };
  console.log(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
