import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { staticallyReachable } from '../shared/build/chunk-groups.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const here = import.meta.dirname;

// The lead view in few files (each one a request inside the CRM before the lead shows): what the
// signed-in app needs (WidgetApp: services, API client, account bar, the buttons and message bars);
// what one lead adds (SingleLead: summary, tabs, the Enrich panel), and apart from it what the lead
// views share with the bulk view ('leads': reading a lead, its data, the output picker), so the bulk
// view does not load the single-lead screen.
const forWidgetApp = staticallyReachable(here, ['src/app/WidgetApp.tsx']);
const forSingleLead = staticallyReachable(here, ['src/features/single/SingleLead.tsx']);
const forBulk = staticallyReachable(here, ['src/features/bulk/BulkLeads.tsx']);
const forLeads = (id: string, ctx: ChunkingContext) => forSingleLead(id, ctx) && forBulk(id, ctx);

/**
 * The Zoho CRM widget: `widget/widget.html` → `<repo>/app/widget.html` + `app/assets/*`, the folder
 * `zet validate` / `zet pack` read (docs/decisions/0015-zoho-widget-built-by-vite-packed-by-zet.md). Relative URLs (`base: './'`) because Zoho serves the
 * zip from its own host; no source maps (zet drops `.map`); only js/css/html/svg assets.
 * `npm run widget:dev` serves this root with the stand-in CRM at /dev/ (widget/dev/serve.ts).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  publicDir: false,
  envDir: ROOT,
  plugins: [react()],
  resolve: { alias: { '@shared': path.join(ROOT, 'shared') } },
  build: {
    outDir: path.join(ROOT, 'app'),
    emptyOutDir: true,
    sourcemap: false,
    // Inline small images/fonts as data: URLs: fewer files, and no file type zet would drop.
    assetsInlineLimit: 16_384,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: { widget: path.join(import.meta.dirname, 'widget.html') },
      output: {
        // zet accepts names of [A-Za-z0-9_.$-] only.
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        sanitizeFileName: (name: string) => name.replace(/[^A-Za-z0-9_.$-]/g, '_'),
        // Everything the entry imports statically in one file (the first paint), then the groups above.
        codeSplitting: {
          groups: [
            { name: 'widget', tags: ['$initial'], priority: 3 },
            { name: (id, ctx) => (forWidgetApp(id, ctx) ? 'WidgetApp' : null), debugName: 'WidgetApp', priority: 2 },
            { name: (id, ctx) => (forLeads(id, ctx) ? 'leads' : null), debugName: 'leads', priority: 1.5 },
            { name: (id, ctx) => (forSingleLead(id, ctx) ? 'SingleLead' : null), debugName: 'SingleLead', priority: 1 },
          ],
        },
      },
    },
  },
});
