import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { NOT_TESTS, TEST_KINDS, type TestKind } from './tests/test-kinds.js';
import LongestFirst from './tests/setup/longest-first.js';

const alias = { '@shared': path.resolve(import.meta.dirname, 'shared') };

/**
 * Test files at once. Most integration and browser files wait on sockets (the emulator, PostgreSQL,
 * a server process, Chromium), so one more than the cores keeps both cores busy; Vitest's default
 * (cores − 1) ran the whole suite one file at a time on two cores. TEST_WORKERS overrides it.
 * Within a project's group, files run longest first (docs/decisions/0022-test-suite-shape.md).
 */
const workers = Number(process.env.TEST_WORKERS) || availableParallelism() + 1;

/**
 * Files that start servers and open databases: new PGlite databases start from a migrated template
 * (tests/helpers/pglite-template.ts), and each file gets a fetch connection pool of its own.
 */
const SERVER_SETUP = ['tests/setup/pglite-template.ts', 'tests/setup/fresh-fetch-pool.ts'];

/**
 * Each project runs as a group of its own, one after another (Vitest's sequence.groupOrder), the quick
 * ones first. Files of all kinds interleaved in one group cost a third more CPU, most likely because a
 * worker kept for one project's environment and modules cannot take the next file of another kind, so
 * the server, Fluent UI under jsdom, Harper and the reader's model load more often. Measured on a quiet
 * 2-core machine: one group 497 s wall and 840 s of CPU; a group per kind 393 s and 628 s (ADR 0022).
 * Quality beside e2e was tried too (402 s, and browser tests timed out beside the writer's CPU), and
 * e2e beside integration (347 s against 335 s one after the other).
 */
const GROUP_ORDER: TestKind[] = ['unit', 'ui', 'quality', 'integration', 'e2e'];

function project(name: TestKind, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name,
      include: [...TEST_KINDS[name].include],
      exclude: [...NOT_TESTS, ...TEST_KINDS[name].exclude],
      maxWorkers: workers,
      isolate: false,
      sequence: { groupOrder: GROUP_ORDER.indexOf(name) },
      ...test,
    },
  };
}

/** Five projects, one per kind (tests/test-kinds.ts says which file goes where). Run through `npm test` or `npm run test:<kind>`. */
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    projects: [
      // Every project's files share their workers' modules (isolate: false): the server's modules, Fluent UI,
      // PGlite's and Harper's WebAssembly and the reader's model load once per worker instead of once per
      // file. Files leave no global state behind (fake timers are restored in afterEach, servers closed in
      // afterAll); integration and e2e files each get a fetch connection pool of their own, so no keep-alive
      // socket to a closed server outlives its file (ECONNRESET, ADR 0022).
      project('unit', { environment: 'node', testTimeout: 20_000 }),
      project('quality', { environment: 'node', testTimeout: 20_000 }),
      project('integration', { environment: 'node', setupFiles: SERVER_SETUP, testTimeout: 30_000, hookTimeout: 60_000 }),
      project('ui', { environment: 'jsdom', setupFiles: ['tests/setup/jsdom.ts'], testTimeout: 30_000 }),
      project('e2e', { environment: 'node', setupFiles: SERVER_SETUP, testTimeout: 120_000, hookTimeout: 180_000 }),
    ],
  },
});
