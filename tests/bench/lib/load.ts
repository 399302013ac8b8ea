/**
 * A small bounded load generator (autocannon is not a dependency): `concurrency` keep-alive
 * connections to a loopback server, each sending its next request as soon as the last answered,
 * for `seconds`. Loopback only.
 */
import http from 'node:http';

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  concurrency?: number;
  seconds?: number;
  /** Answers with another status count as errors. */
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`load only runs against loopback, not ${url.hostname}`);
  const concurrency = options.concurrency ?? 50;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const expectStatus = options.expectStatus ?? 200;
  const latencies: number[] = [];
  let errors = 0;
  const started = process.hrtime.bigint();
  const until = started + BigInt(Math.round((options.seconds ?? 5) * 1e9));

  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = process.hrtime.bigint();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: options.method ?? 'GET',
          headers: options.headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === expectStatus) latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            else errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(options.body);
    });

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (process.hrtime.bigint() < until) await once();
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: Number(seconds.toFixed(2)),
    rps: Math.round(latencies.length / seconds),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Call `fn` from `concurrency` loops at once for `seconds`; operations per second. */
export async function loop(
  fn: () => Promise<unknown>,
  options: { concurrency?: number; seconds?: number },
): Promise<{ ops: number; opsPerSecond: number; errors: number }> {
  const until = process.hrtime.bigint() + BigInt(Math.round((options.seconds ?? 5) * 1e9));
  const started = process.hrtime.bigint();
  let ops = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: options.concurrency ?? 50 }, async () => {
      while (process.hrtime.bigint() < until) {
        try {
          await fn();
          ops += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { ops, opsPerSecond: Math.round(ops / seconds), errors };
}
