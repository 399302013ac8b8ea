import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * Set by `npm test` (tests/run-tests.ts) when browser tests run: the address of one Chromium
 * started for the whole run. Each launchBrowser() then opens a context in it (its own cookies and
 * storage, as a fresh profile has) instead of starting a Chromium of its own.
 */
export const SHARED_BROWSER_ENV = 'TEST_BROWSER_WS';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Debian's Chromium quiet on a machine without a network (docs/architecture.md#toolchain-facts). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  browser: Browser | null;
  context: BrowserContext;
  close(): Promise<void>;
}

/** One Chromium for a whole test run, reached over playwright's WebSocket protocol (see SHARED_BROWSER_ENV). */
export async function startSharedBrowser(): Promise<{ wsEndpoint: string; close(): Promise<void> }> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}

/** This test file's connection to the shared Chromium (one per process; dropped when its last context closes). */
let connection: Promise<Browser> | undefined;

async function sharedContext(wsEndpoint: string, viewport: { width: number; height: number }): Promise<TestBrowser> {
  connection ??= chromium.connect(wsEndpoint);
  const browser = await connection;
  const context = await browser.newContext({ viewport });
  return {
    browser,
    context,
    async close() {
      await context.close();
      if (browser.contexts().length === 0 && connection) {
        connection = undefined;
        // On a connected browser this only disconnects: the shared Chromium keeps serving other files.
        await browser.close();
      }
    },
  };
}

/**
 * A fresh browser profile for a test: a context in the run's shared Chromium under `npm test`,
 * else Debian's Chromium launched through playwright-core with a new profile folder.
 */
export async function launchBrowser(options: { viewport?: { width: number; height: number } } = {}): Promise<TestBrowser> {
  const viewport = options.viewport ?? { width: 1280, height: 900 };
  const wsEndpoint = process.env[SHARED_BROWSER_ENV];
  if (wsEndpoint) return sharedContext(wsEndpoint, viewport);
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'icebreak-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport,
  });
  return {
    browser: context.browser(),
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
