import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const ROOT = path.resolve(import.meta.dirname, '..');

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
      },
    },
  },
});
