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
 * Every project gets the same number: projects with one number run as one group, files of all
 * kinds interleaved, longest first (docs/decisions/0022-test-suite-shape.md).
 */
const workers = Number(process.env.TEST_WORKERS) || availableParallelism() + 1;

/** New PGlite databases start from a migrated template (tests/helpers/pglite-template.ts). */
const PGLITE_TEMPLATE = 'tests/setup/pglite-template.ts';

function project(name: TestKind, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name,
      include: [...TEST_KINDS[name].include],
      exclude: [...NOT_TESTS, ...TEST_KINDS[name].exclude],
      maxWorkers: workers,
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
      // Unit and component files share their workers' modules (isolate: false): importing the
      // server's modules or Fluent UI once per worker instead of once per file halves their CPU
      // time. Their files leave no global state behind (fake timers are restored in afterEach).
      // Integration and e2e files stay isolated: fetch's shared connection pool kept a socket to a
      // closed server whose port the next file's server reused (ECONNRESET, ADR 0022).
      project('unit', { environment: 'node', isolate: false, testTimeout: 20_000 }),
      project('quality', { environment: 'node', isolate: false, testTimeout: 20_000 }),
      project('integration', { environment: 'node', setupFiles: [PGLITE_TEMPLATE], testTimeout: 30_000, hookTimeout: 60_000 }),
      project('ui', { environment: 'jsdom', isolate: false, setupFiles: ['tests/setup/jsdom.ts'], testTimeout: 30_000 }),
      project('e2e', { environment: 'node', setupFiles: [PGLITE_TEMPLATE], testTimeout: 120_000, hookTimeout: 180_000 }),
    ],
  },
});
