import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { TEST_CACHE_DIR } from '../helpers/build-cache';

/** Where the reporter writes each file's time; `tests/run-tests.ts` prints the totals from it. */
export const FILE_TIMES = path.join(TEST_CACHE_DIR, 'file-times.json');

export interface FileTime {
  file: string;
  project: string;
  /** Seconds: the environment's start, the setup files, the import, and every test and hook (beforeAll too). */
  seconds: number;
}

/**
 * Each test file's whole time, from Vitest's own diagnostic of the module. The JSON report's start
 * and end times leave out the file's import and its beforeAll hooks: a file that writes the whole dev
 * set in beforeAll showed as 2 s there.
 */
export default class FileTimes implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    this.times.push({ file: path.relative(process.cwd(), module.moduleId), project: module.project.name, seconds: ms / 1000 });
  }

  onTestRunEnd(): void {
    mkdirSync(TEST_CACHE_DIR, { recursive: true });
    writeFileSync(FILE_TIMES, JSON.stringify(this.times, null, 2));
  }
}
