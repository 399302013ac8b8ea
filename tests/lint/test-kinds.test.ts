/**
 * The split of the suite (tests/test-kinds.ts, docs/decisions/0022-test-suite-shape.md): every test
 * file runs in exactly one project, and a unit test imports nothing that opens a database, the Auth
 * emulator, a browser or a server process (such a test is named `*.integration.test.ts`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { filesOfKind, NOT_TESTS, TEST_KINDS, type TestKind } from '../test-kinds';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const filesOf = (kind: TestKind) => filesOfKind(kind, ROOT);

/** What a unit test may not import: each opens something outside the process or needs `npm test`'s emulator. */
const NOT_IN_UNIT = [
  /^@electric-sql\/pglite/,
  /^pg$/,
  /^playwright-core/,
  /^firebase-admin/,
  /\/db\/database$/,
  /\/helpers\/(databases|emulator|test-emulator|test-app|server-process|browser|portal-browser|billing-app)$/,
];

describe('test kinds', () => {
  it('every test file runs in exactly one project', () => {
    const kindsOf = new Map<string, TestKind[]>();
    for (const kind of Object.keys(TEST_KINDS) as TestKind[]) {
      for (const file of filesOf(kind)) kindsOf.set(file, [...(kindsOf.get(file) ?? []), kind]);
    }
    const all = globSync(['**/*.{test,spec}.{ts,tsx,js,mjs,cjs,jsx,mts,cts}'], { cwd: ROOT, ignore: NOT_TESTS });
    expect(all.length).toBeGreaterThan(50);
    const misplaced = all.filter((f) => kindsOf.get(f)?.length !== 1).map((f) => `${f}: ${kindsOf.get(f)?.join(' + ') || 'no project'}`);
    expect(misplaced).toEqual([]);
  });

  it('unit tests import no database, emulator, browser or server process', () => {
    const offending: string[] = [];
    for (const file of filesOf('unit')) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      // Value imports, side-effect imports and dynamic imports; `import type` opens nothing.
      const specs = [
        ...[...source.matchAll(/^import\s+(type\s)?[^;]*?from\s+'([^']+)'/gms)].filter((m) => !m[1]).map((m) => m[2]!),
        ...[...source.matchAll(/^import\s+'([^']+)'|\bimport\(\s*'([^']+)'/gm)].map((m) => (m[1] ?? m[2])!),
      ];
      for (const spec of specs) {
        if (NOT_IN_UNIT.some((re) => re.test(spec))) offending.push(`${file} imports ${spec} (name it *.integration.test.ts)`);
      }
    }
    expect(offending).toEqual([]);
  });
});
