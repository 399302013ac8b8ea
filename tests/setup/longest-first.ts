import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest files first in each group (each project is one, vitest.config.ts), so no slow file starts
 * last while the other core idles (docs/decisions/0022-test-suite-shape.md). A file's length is its
 * duration in Vitest's cache of the last run; a file never run (a clean clone) is estimated from its
 * size and kind: a browser file costs more per line than an integration file, which costs more than
 * a component or unit one.
 */
const MS_PER_BYTE: Record<string, number> = { e2e: 2, integration: 1.5, ui: 0.3, unit: 0.1 };
/**
 * A file that runs the writer over the evaluation sets (it imports tests/eval/lib/run-writer or the
 * writer-quality suite) costs by the development set's size, not its own: about 0.2 ms per byte of dev
 * JSON with the grammar gate (110 s for 500 KB on CI, now split in two files). Estimated from its own
 * 3 KB, it started last on a clean clone and ran alone.
 */
const WRITER_MS_PER_SET_BYTE = 0.2;
const runsWriterOverSets = (file: string) => /lib\/(?:run-writer|writer-quality)'/.test(readFileSync(file, 'utf8'));
const devSetBytes = (root: string) => {
  const dir = join(root, 'tests/eval/sets/dev');
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const estimate = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const last = this.ctx.cache.getFileTestResults(key);
      if (last) return last.failed ? Number.MAX_SAFE_INTEGER : last.duration;
      const own = statSync(spec.moduleId).size * (MS_PER_BYTE[spec.project.name] ?? 1);
      return runsWriterOverSets(spec.moduleId) ? own + devSetBytes(this.ctx.config.root) * WRITER_MS_PER_SET_BYTE : own;
    };
    const cost = new Map(files.map((f) => [f, estimate(f)]));
    const sorted = [...files].sort((a, b) => cost.get(b)! - cost.get(a)!);
    // Browser files spread out, one per `maxWorkers` files, should a group mix them with others: two
    // Chromiums and their servers at once would starve the other workers' timers on two cores.
    const browser = sorted.filter((f) => f.project.name === 'e2e');
    const rest = sorted.filter((f) => f.project.name !== 'e2e');
    const every = Math.max(1, (this.ctx.config.maxWorkers ?? 2) - 1);
    const order: TestSpecification[] = [];
    while (browser.length || rest.length) {
      if (browser.length) order.push(browser.shift()!);
      order.push(...rest.splice(0, every));
    }
    return order;
  }
}
