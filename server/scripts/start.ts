/**
 * `npm start` / `npm run dev`: the product on its embedded defaults. Starts the Auth emulator unless
 * a real Firebase project or another emulator is configured, builds the portal when its sources
 * changed, then serves API + portal. Ctrl-C stops everything, the emulator included.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator';
import { onStopSignal } from './stop-signals';
import { startServer, PORTAL_DIST } from '../src/main';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dev = process.argv.includes('--dev');

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildPortalIfStale() {
  const index = path.join(PORTAL_DIST, 'index.html');
  const sources = Math.max(newestMtime(path.join(ROOT, 'portal')), newestMtime(path.join(ROOT, 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the portal…');
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'portal/vite.config.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The portal build failed.');
}

/** A port from the environment (so `npm start` can run beside anything), or its default. */
function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number (1-65535), got '${raw}'.`);
  return port;
}

async function main() {
  const env = { ...process.env };
  let emulator: AuthEmulator | undefined;
  const wantsEmulator = env.NODE_ENV !== 'production' && !env.FIREBASE_AUTH_EMULATOR_HOST && !env.GOOGLE_APPLICATION_CREDENTIALS;
  if (wantsEmulator) {
    const port = portFrom(env, 'AUTH_EMULATOR_PORT', 9099);
    const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-icebreak';
    console.log(`Starting the Firebase Auth emulator on 127.0.0.1:${port}…`);
    emulator = await startAuthEmulator({
      projectId,
      port,
      hubPort: portFrom(env, 'AUTH_EMULATOR_HUB_PORT', 4400),
      loggingPort: portFrom(env, 'AUTH_EMULATOR_LOGGING_PORT', 4500),
      persistDir: path.resolve(env.DATA_DIR ?? '.data', 'auth-emulator'),
    });
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    // firebase-admin reads the emulator host from the process environment.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) {
    // The emulator sends no e-mail: its verification and password-reset links are listed here.
    const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-icebreak';
    console.log(
      `Verification and password-reset links: http://${env.FIREBASE_AUTH_EMULATOR_HOST.trim()}/emulator/v1/projects/${projectId}/oobCodes`,
    );
  }

  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const children: ReturnType<typeof spawn>[] = [];
  const shutdown = async (code: number) => {
    for (const child of children) child.kill('SIGTERM');
    await server?.close().catch(() => undefined);
    await emulator?.stop().catch(() => undefined);
    process.exit(code);
  };
  onStopSignal(() => shutdown(0));

  try {
    if (dev) {
      // Vite's dev server serves the portal with hot reload and proxies /api to this server.
      children.push(
        spawn(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', 'portal/vite.config.ts'], {
          cwd: ROOT,
          stdio: 'inherit',
        }),
      );
    } else if (existsSync(path.join(ROOT, 'portal', 'vite.config.ts'))) {
      buildPortalIfStale();
    }
    server = await startServer(env);
    console.log(`\nIcebreak & Enrich is running at ${server.url}${dev ? ' (portal with hot reload at http://localhost:5173)' : ''}\n`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown(1);
  }
}

void main();
