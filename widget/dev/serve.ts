/**
 * `npm run widget:dev`: Vite serves the widget (widget.html) and the stand-in CRM page (/dev/) with hot
 * reload. The API server must allow this origin: CORS_ORIGINS=http://localhost:<port>.
 *
 * `npm run widget:dev -- --zoho`: serves the widget for Zoho CRM's developer mode instead (docs/decisions/0015-zoho-widget-built-by-vite-packed-by-zet.md):
 * https://127.0.0.1:5000/app/widget.html with a self-signed certificate (made once with openssl in
 * .data/widget-dev-cert/; open the URL once in the browser and accept it). The real SDK is loaded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const zohoMode = process.argv.includes('--zoho');
const api = process.env.VITE_API_BASE_URL ?? 'http://localhost:8787';

function devCertificate(): { key: Buffer; cert: Buffer } {
  const dir = path.join(ROOT, '.data', 'widget-dev-cert');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  if (!existsSync(key) || !existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '825',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

const port = Number(process.env.WIDGET_DEV_PORT ?? (zohoMode ? 5000 : 5174));
const server = await createServer({
  configFile: path.join(import.meta.dirname, '..', 'vite.config.ts'),
  ...(zohoMode ? { base: '/app/' } : {}),
  server: zohoMode
    ? { port, host: '127.0.0.1', strictPort: true, https: devCertificate(), cors: true }
    : // strictPort: moving to another port would break CORS (the server allows this origin only).
      { port, host: 'localhost', strictPort: true },
});
try {
  await server.listen();
} catch (err) {
  const taken = (err as { code?: string }).code === 'EADDRINUSE' || /already in use/i.test(String((err as Error).message));
  console.error(
    taken
      ? `\nPort ${port} is already in use. Stop what runs there, or pick another port: WIDGET_DEV_PORT=<port> npm run widget:dev\n` +
          `(then start the server with CORS_ORIGINS=http://localhost:<port>).\n`
      : `\nThe widget's dev server could not start: ${(err as Error).message}\n`,
  );
  process.exit(1);
}
const origin = new URL(server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`).origin;
if (zohoMode) {
  console.log(`\nWidget for Zoho CRM developer mode: ${origin}/app/widget.html (API ${api})`);
  console.log(`In Zoho CRM: Setup → Developer Hub → Widgets → hosting "External", base URL ${origin}, page /app/widget.html.`);
  console.log(`Start the server with CORS_ORIGINS=${origin} so it accepts the widget's calls.\n`);
} else {
  console.log(`\nStand-in Zoho CRM with the widget: ${origin}/dev/index.html?api=${encodeURIComponent(api)}`);
  console.log(`The widget alone (expects a ZOHO global): ${origin}/widget.html`);
  console.log(`Start the server with CORS_ORIGINS=${origin} so it accepts the widget's calls.\n`);
}
