/**
 * Serves what the widget's browser test loads, from its own origin (not the API's): the built widget
 * (`app/`, as zet packs it) at /app/ and the stand-in CRM page (widget/dev/, built here to a temp
 * folder so it never lands in app/ or the zip) at /dev/.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export interface WidgetHost {
  origin: string;
  /** The stand-in CRM page URL with these query parameters. */
  standInUrl(params: Record<string, string>): string;
  close(): Promise<void>;
}

async function buildStandIn(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: path.join(ROOT, 'widget', 'dev'),
    base: './',
    logLevel: 'warn',
    resolve: { alias: { '@shared': path.join(ROOT, 'shared') } },
    define: { 'import.meta.env.VITE_STANDIN_WIDGET_URL': JSON.stringify('../app/widget.html') },
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

export async function startWidgetHost(): Promise<WidgetHost> {
  const appDir = path.join(ROOT, 'app');
  if (!existsSync(path.join(appDir, 'widget.html'))) {
    throw new Error('app/widget.html is missing: `npm test` builds it (vite build --config widget/vite.config.ts)');
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'icebreak-standin-'));
  const devDir = path.join(tmp, 'dev');
  await buildStandIn(devDir);
  const roots: Record<string, string> = { app: appDir, dev: devDir };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const [, top, ...rest] = decodeURIComponent(url.pathname).split('/');
    const base = top ? roots[top] : undefined;
    const file = base ? path.resolve(base, rest.join('/') || 'index.html') : null;
    if (!base || !file || !file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    standInUrl: (params) => `${origin}/dev/index.html?${new URLSearchParams(params).toString()}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
