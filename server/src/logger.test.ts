import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOGGER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'logger.ts');

describe('createLogger', () => {
  it('writes every line, in order, even when the process exits right after logging', () => {
    const script = `
      import { createLogger } from ${JSON.stringify(LOGGER)};
      const logger = createLogger('info');
      for (let i = 0; i < 2000; i++) logger.info({ i }, 'line');
      logger.debug('below the level');
      process.exit(0);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number; msg: string; level: number });
    expect(lines).toHaveLength(2000);
    expect(lines.map((l) => l.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(lines[0]).toMatchObject({ msg: 'line', level: 30 });
  });
});
