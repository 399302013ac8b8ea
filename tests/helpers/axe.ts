import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AXE_SOURCE = readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Every axe-core violation on the current page, as readable lines, with its impact. */
async function audit(page: Page): Promise<{ impact: string | null; line: string }[]> {
  // What a person sees once it has settled: mid-animation (a dialog fading in, under load) the
  // colours are semi-transparent and axe measures a contrast nobody reads. Fluent animates with the
  // Web Animations API; endless animations (a spinner) are not waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  // The CSP allows same-origin scripts only: serve axe-core from the page's own origin.
  await page.route('**/__axe-core.js', (route) => route.fulfill({ contentType: 'text/javascript', body: AXE_SOURCE }));
  await page.addScriptTag({ url: '/__axe-core.js' });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // Fluent's focus manager (Tabster) brackets arrow-key groups with aria-hidden sentinel <i> elements
    // that hand focus straight on; focus never rests on them, so they are left out of the audit.
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target) + (n as unknown as { html: string }).html),
    }));
  });
  return violations.map((v) => ({ impact: v.impact, line: `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}` }));
}

/** Serious or critical axe-core violations on the current page. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await audit(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.line);
}

/** Every axe-core violation, whatever its impact. */
export async function allViolations(page: Page): Promise<string[]> {
  return (await audit(page)).map((v) => v.line);
}

/** PORTAL_SCREENSHOTS=<dir> keeps a screenshot of each screen (for looking at the layout). */
export async function shot(page: Page, name: string) {
  const dir = process.env.PORTAL_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
