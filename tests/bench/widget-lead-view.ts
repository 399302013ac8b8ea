/**
 * The widget's lead view as a browser loads it: the built widget framed by the stand-in CRM page,
 * the real server and the Auth emulator. A user signs in once; then the page is loaded again (a
 * returning user, session kept by Firebase) and every script the widget's frame requested before
 * the lead showed (the widget sets a User Timing mark then) is counted, gzip. Unlike the static count in widget-size.ts this includes
 * chunks loaded on demand (the API client's schemas with the first answer, for example).
 * Target: ≤ 185 KB gzip with the Firebase SDK (issue 27). Prints one JSON line. Builds app/ first unless `--no-build` and app/ exists.
 */
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { startTestEmulator } from '../helpers/test-emulator';
import { SAMPLE_LEADS } from '../../widget/dev/sample-leads';
import { LEAD_SHOWN_MARK } from '../../widget/src/components/LeadSummary';
import { launchBrowser } from '../helpers/browser';
import { startWidgetHost } from '../e2e/widget-host';
import { buildWidget, kb } from './lib/chunks';

const TARGET_KB = 185;
const T = { timeout: 30_000 };

async function main() {
  buildWidget({ build: !process.argv.includes('--no-build') });
  const emulator = await startTestEmulator();
  Object.assign(process.env, emulator.env);
  // Imported after the emulator's address is in the environment: the test app reads it.
  const { startTestApp } = await import('../helpers/test-app');
  const host = await startWidgetHost();
  const app = await startTestApp({ env: { CORS_ORIGINS: host.origin } });
  const browser = await launchBrowser({ viewport: { width: 1300, height: 1000 } });
  try {
    const user = await app.signUp('Bench Seller');
    const lead = SAMPLE_LEADS[0]!;
    const url = host.standInUrl({ api: app.url, position: 'related', lead: lead.id, width: '400' });
    const page = await browser.context.newPage();
    const widget = page.frameLocator('#widget-frame');
    const summary = widget.getByTestId('lead-summary');

    await page.goto(url);
    await widget.getByLabel('Email').fill(user.email, T);
    await widget.getByLabel('Password').fill(user.password);
    await widget.getByRole('button', { name: 'Sign in' }).click();
    await summary.waitFor(T);

    const bodies = new Map<string, Response>();
    const onResponse = (r: Response) => {
      if (r.request().resourceType() === 'script' && r.url().startsWith(`${host.origin}/app/`)) bodies.set(r.url(), r);
    };
    page.on('response', onResponse);
    await page.reload();
    await summary.waitFor(T);
    // The scripts whose request started before the lead showed (the widget marks that moment).
    const frame = page.frames().find((f) => f.url().includes('/app/widget.html'));
    if (!frame) throw new Error('the widget frame is missing');
    await frame.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, LEAD_SHOWN_MARK, T);
    const before = await frame.evaluate((mark) => {
      const shown = performance.getEntriesByName(mark)[0]!.startTime;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= shown && e.name.endsWith('.js'))
        .map((e) => e.name);
    }, LEAD_SHOWN_MARK);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    // The entry script is the frame's own document's first request: the Resource Timing list has it too.
    const scripts = before.map((u) => bodies.get(u)).filter((r): r is Response => r !== undefined);
    if (scripts.length !== before.length) throw new Error(`no response recorded for ${before.filter((u) => !bodies.has(u)).join(', ')}`);

    const files = await Promise.all(
      scripts.map(async (r) => ({
        file: new URL(r.url()).pathname.replace('/app/', ''),
        gzip: gzipSync(await r.body(), { level: 9 }).length,
      })),
    );
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const result = {
      name: 'widget-lead-view-in-browser',
      description: 'scripts the widget frame loads until a returning user sees the lead (gzip -9), Chromium on the stand-in CRM',
      leadViewGzipKB: kb(total),
      targetKB: TARGET_KB,
      withinTarget: total <= TARGET_KB * 1024,
      files: files.sort((a, b) => b.gzip - a.gzip).map((f) => `${f.file} ${kb(f.gzip)} KB`),
    };
    console.log(`widget lead view in the browser: ${result.leadViewGzipKB} KB gzip (target ≤ ${TARGET_KB} KB)`);
    console.log(JSON.stringify(result));
    return result.withinTarget;
  } finally {
    await browser.close();
    await app.close();
    await host.close();
    await emulator.stop();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
