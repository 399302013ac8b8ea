import { setupServer } from 'msw/node';
import { http } from 'msw';
import { RESPONSE_CONTRACT, streamLine } from './contract';

/**
 * The API as component tests see it: msw (msw/node) answers the real typed client's requests at a
 * base URL from a table of handlers keyed 'METHOD /path' (`:name` matches one path segment; a literal
 * path wins over a pattern, as on the server). Unrouted requests answer 404 like the server's. Every
 * 2xx JSON body is checked against the shared schemas (./contract.ts): a handler that drifts from the
 * contract is reported by checkApiContract(), which the ui setup runs after each test.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
export type Handler = (req: RecordedRequest) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const errorJson = (status: number, message: string) => json({ message }, status);

/** An NDJSON answer of these lines, each checked against the stream contract. */
export const ndjson = (lines: object[]) =>
  new Response(lines.map((l) => streamLine(l)).join('\n') + '\n', { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });

/** An NDJSON answer whose lines the test pushes one by one (to see the UI render as they arrive). */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    push: (line: object) => controller.enqueue(enc.encode(`${streamLine(line)}\n`)),
    close: () => controller.close(),
  };
}

interface Route<T> {
  method: string;
  re: RegExp;
  params: number;
  value: T;
}
function compile<T>(table: Record<string, T>): Route<T>[] {
  return Object.entries(table)
    .map(([key, value]) => {
      const [method, path] = key.split(' ') as [string, string];
      return { method, re: new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`), params: (path.match(/:[^/]+/g) ?? []).length, value };
    })
    .sort((a, b) => a.params - b.params);
}
const find = <T>(routes: Route<T>[], method: string, pathname: string) => routes.find((r) => r.method === method && r.re.test(pathname));

const contract = compile(RESPONSE_CONTRACT);
const violations: string[] = [];
const deliberate = new WeakSet<Response>();

/** An answer that breaks the contract on purpose (how the client copes with a broken server): not reported. */
export function offContract(res: Response): Response {
  deliberate.add(res);
  return res;
}

async function checkContract(method: string, pathname: string, res: Response): Promise<void> {
  const schema = find(contract, method, pathname)?.value;
  if (!res.ok || !schema || schema === 'ndjson' || deliberate.has(res)) return;
  const where = `${method} ${pathname}`;
  try {
    const parsed = schema.safeParse(await res.clone().json());
    if (!parsed.success) violations.push(`${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  } catch (err) {
    violations.push(`${where}: the body is not JSON (${String(err)})`);
  }
}

const server = setupServer();
let listening = false;

/**
 * Serves these handlers at baseUrl until the next call or the end of the test; returns what was asked.
 * The table is read at each request, so a test may replace a route's handler as it goes.
 */
export function serveApi(baseUrl: string, routes: Record<string, Handler>) {
  if (!listening) {
    // Once per worker (component files share their workers' modules); handlers are reset after each test.
    server.listen({ onUnhandledRequest: 'bypass' });
    listening = true;
  }
  const requests: RecordedRequest[] = [];
  server.resetHandlers(
    http.all(`${baseUrl.replace(/\/$/, '')}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.clone().text();
      const req: RecordedRequest = {
        method: request.method,
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
        headers: request.headers,
      };
      requests.push(req);
      const route = find(compile(routes), req.method, url.pathname);
      const res = route ? await route.value(req) : errorJson(404, 'Not found');
      await checkContract(req.method, url.pathname, res);
      return res;
    }),
  );
  return {
    requests,
    count: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path).length,
    /** The requests a route ('METHOD /path', `:name` patterns allowed) received, oldest first. */
    calls: (route: string) => {
      const [pattern] = compile({ [route]: true });
      return requests.filter((r) => r.method === pattern!.method && pattern!.re.test(r.path));
    },
  };
}

/** After each test: no handlers left, and every body a handler sent kept to the contract. */
export function checkApiContract(): string[] {
  server.resetHandlers();
  return violations.splice(0);
}
