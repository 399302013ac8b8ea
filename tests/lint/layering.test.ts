/**
 * The layering rules in eslint.layering.js, run through ESLint itself on imports written into
 * files that would sit in the named places: each forbidden import is reported, each allowed one is not.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

const LAYERING_RULES = new Set(['boundaries/dependencies', 'import-x/no-restricted-paths', 'import-x/no-cycle']);

/** The layering messages ESLint gives `code` as if it were the file at `file`. */
async function layeringErrors(file: string, importFrom: string): Promise<string[]> {
  const code = `import { thing } from '${importFrom}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId && LAYERING_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layering lint rules', () => {
  it.each([
    [
      'a portal feature importing another portal feature',
      'portal/src/features/call/Probe.tsx',
      '../icebreak/markdown',
      /portal-feature.*feature="icebreak"/,
    ],
    [
      'a widget feature importing another widget feature',
      'widget/src/features/single/Probe.tsx',
      '../bulk/bulk-run',
      /widget-feature.*feature="bulk"/,
    ],
    [
      'a server feature importing past another feature’s index.ts',
      'server/src/features/icebreak/probe.ts',
      '../credits/credits-service',
      /server-feature.*feature="credits"/,
    ],
    ['a server feature importing the app context', 'server/src/features/icebreak/probe.ts', '../../context', /never imports the app shell/],
    ['a server feature importing the app', 'server/src/features/enrich/probe.ts', '../../app', /never imports the app shell/],
    // credits/index.ts is imported by icebreak's history repository: importing icebreak back closes a loop.
    ['an import cycle between two features', 'server/src/features/credits/index.ts', '../icebreak', /no-cycle/],
    ['the portal importing the widget', 'portal/src/components/Probe.tsx', '../../../widget/src/app/problems', /type "widget"/],
    ['the widget importing the server', 'widget/src/app/probe.ts', '../../../server/src/config', /type "server"/],
    ['the server importing the portal', 'server/src/http/probe.ts', '../../../portal/src/lib/dates', /type "portal"/],
    ['shared importing an app', 'shared/probe.ts', '../server/src/config', /type "server"/],
  ])('reports %s', async (_name, file, from, message) => {
    const errors = await layeringErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['a portal feature importing its own module', 'portal/src/features/call/Probe.tsx', './CallScreen'],
    ['a portal feature importing a shared component', 'portal/src/features/call/Probe.tsx', '../../components/ErrorBar'],
    ['an app importing shared/', 'widget/src/features/single/Probe.tsx', '@shared/constants'],
    ['a server feature importing another through its index.ts', 'server/src/features/icebreak/probe.ts', '../credits'],
    ['the server composing features', 'server/src/app.ts', './features/icebreak/icebreak-routes'],
  ])('allows %s', async (_name, file, from) => {
    expect(await layeringErrors(file, from)).toEqual([]);
  });
});
