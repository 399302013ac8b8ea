/**
 * The widget's initial JavaScript, gzip: the entry script widget.html loads plus the chunks it
 * imports statically (what must arrive before the first paint inside the CRM). Lazy chunks (sign-in,
 * Firebase, the tools) are reported apart. Builds app/ first unless `--no-build` and app/ exists.
 * Targets: initial ≤ 150 KB gzip; the lead view (with the Firebase SDK) ≤ 185 KB (issue 27). Prints one JSON line.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWidget, closure, gz, kb, pageScripts, WIDGET_APP as APP } from './lib/chunks';

const TARGET_KB = 150;
const LEAD_VIEW_TARGET_KB = 185;

export interface WidgetSize {
  name: 'widget-initial-js-gzip';
  initialGzipKB: number;
  initialFiles: string[];
  lazyGzipKB: number;
  totalGzipKB: number;
  /** Everything showing one lead needs: the initial JS, the app, Firebase sign-in, the single-lead view. */
  leadViewGzipKB: number;
  targetKB: number;
  withinTarget: boolean;
  leadViewTargetKB: number;
  leadViewWithinTarget: boolean;
}

export function measureWidgetSize(options: { build?: boolean } = {}): WidgetSize {
  buildWidget(options);
  const initial = closure(pageScripts(path.join(APP, 'widget.html'), APP, './'));
  const all = readdirSync(path.join(APP, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(APP, 'assets', f));
  const initialBytes = [...initial].reduce((s, f) => s + gz(f), 0);
  const leadView = closure(
    all.filter((f) => /^(WidgetApp|SignedIn|SingleLead)-/.test(path.basename(f))),
    new Set(initial),
  );
  const leadViewBytes = [...leadView].reduce((s, f) => s + gz(f), 0);
  const totalBytes = all.reduce((s, f) => s + gz(f), 0);
  return {
    name: 'widget-initial-js-gzip',
    initialGzipKB: kb(initialBytes),
    initialFiles: [...initial].map((f) => path.relative(APP, f)),
    lazyGzipKB: kb(totalBytes - initialBytes),
    totalGzipKB: kb(totalBytes),
    leadViewGzipKB: kb(leadViewBytes),
    targetKB: TARGET_KB,
    withinTarget: initialBytes <= TARGET_KB * 1024,
    leadViewTargetKB: LEAD_VIEW_TARGET_KB,
    leadViewWithinTarget: leadViewBytes <= LEAD_VIEW_TARGET_KB * 1024,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = measureWidgetSize({ build: !process.argv.includes('--no-build') });
  console.log(
    `widget initial JS ${result.initialGzipKB} KB gzip (target ≤ ${TARGET_KB} KB); lead view ${result.leadViewGzipKB} KB (target ≤ ${LEAD_VIEW_TARGET_KB} KB); lazy ${result.lazyGzipKB} KB; total ${result.totalGzipKB} KB`,
  );
  console.log(JSON.stringify(result));
  process.exit(result.withinTarget ? 0 : 1);
}
