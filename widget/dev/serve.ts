/**
 * `npm run widget:dev`: Vite serves the widget (widget.html) and the stand-in CRM page (/dev/) with hot
 * reload. The API server must allow this origin: CORS_ORIGINS=http://localhost:<port>.
 */
import path from 'node:path';
import { createServer } from 'vite';

const port = Number(process.env.WIDGET_DEV_PORT ?? 5174);
const server = await createServer({
  configFile: path.join(import.meta.dirname, '..', 'vite.config.ts'),
  server: { port, host: 'localhost', strictPort: false },
});
await server.listen();
const address = server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`;
const origin = new URL(address).origin;
const api = process.env.VITE_API_BASE_URL ?? 'http://localhost:8787';
console.log(`\nStand-in Zoho CRM with the widget: ${origin}/dev/index.html?api=${encodeURIComponent(api)}`);
console.log(`The widget alone (expects a ZOHO global): ${origin}/widget.html`);
console.log(`Start the server with CORS_ORIGINS=${origin} so it accepts the widget's calls.\n`);
