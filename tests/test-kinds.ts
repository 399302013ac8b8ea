/**
 * Which Vitest project a test file belongs to, by where it sits and how it is named
 * (docs/decisions/0022-test-suite-shape.md). One place: vitest.config.ts builds its projects from
 * this, and tests/lint/test-kinds.test.ts checks that every test file lands in exactly one of them.
 *
 * - unit: pure logic in shared/, server/, tests/eval/sets/, tests/lint/ — no database, no Auth
 *   emulator, no browser, no server process. Runs without `npm test`'s emulator.
 * - quality: the writer's quality gate, tests/eval/*.test.ts — the offline writer run on the dev set
 *   (at most 882 + 438 inputs in `npm test`, all in `npm run test:quality`) and linted (Harper): pure logic
 *   too, but minutes of CPU, so a kind of its own that `test:unit` does not wait for.
 * - integration: tests/integration/, and any `*.integration.test.ts` beside the code it tests
 *   (a server module's test that opens PGlite, PostgreSQL or the emulator).
 * - ui: components under jsdom — portal/, widget/, and shared/'s `.test.tsx`.
 * - e2e: tests/e2e/ — the real server and the built portal/widget in Chromium.
 */
import { globSync } from 'tinyglobby';

export const TEST_KINDS = {
  unit: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'tests/eval/sets/**/*.test.ts', 'tests/lint/**/*.test.ts'],
    exclude: ['**/*.integration.test.ts'],
  },
  quality: {
    include: ['tests/eval/*.test.ts'],
    exclude: [],
  },
  integration: {
    include: ['tests/integration/**/*.test.ts', '{shared,server,tests/eval}/**/*.integration.test.ts'],
    exclude: [],
  },
  ui: {
    include: ['portal/**/*.test.{ts,tsx}', 'widget/**/*.test.{ts,tsx}', 'shared/**/*.test.tsx'],
    exclude: [],
  },
  e2e: {
    include: ['tests/e2e/**/*.test.ts'],
    exclude: [],
  },
} as const;

export type TestKind = keyof typeof TEST_KINDS;

/** Kinds that need `npm test`'s Auth emulator (and, for e2e, the built portal and widget). */
export const NEEDS_EMULATOR: readonly TestKind[] = ['integration', 'e2e'];

/** Folders never searched for tests. */
export const NOT_TESTS = ['**/node_modules/**', '**/dist/**', 'app/**', '.data/**', '.test-data/**', 'coverage/**'];

/** The test files of one kind, relative to `root` (what its Vitest project runs). */
export const filesOfKind = (kind: TestKind, root: string): string[] =>
  globSync([...TEST_KINDS[kind].include], { cwd: root, ignore: [...NOT_TESTS, ...TEST_KINDS[kind].exclude] });
