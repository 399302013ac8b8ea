import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { staticallyReachable } from '../shared/build/chunk-groups.js';
import { landingPage } from './build/landing-page.js';

const here = import.meta.dirname;

const forSignIn = staticallyReachable(here, ['src/features/auth/AuthScreen.tsx']);
const forLanding = staticallyReachable(here, ['src/core/ProtectedLayout.tsx', 'src/features/icebreak/IcebreakScreen.tsx']);

/** The web portal: root portal/, built into portal/dist (served by the server with an SPA fallback). */
export default defineConfig({
  root: here,
  plugins: [react(), landingPage(['sign-in', 'signed-in'])],
  resolve: { alias: { '@shared': path.resolve(here, '../shared') } },
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Left to itself the bundler splits what the lazy routes share into dozens of small files,
        // each a request before a screen shows. So: everything the entry imports statically in one
        // chunk; what the sign-in page adds in one (with what it shares with the landing page); what
        // the signed-in landing page (layout and Icebreak) adds beyond that in another.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: (id, ctx) => (forSignIn(id, ctx) ? 'sign-in' : null), debugName: 'sign-in', priority: 2 },
            { name: (id, ctx) => (forLanding(id, ctx) ? 'signed-in' : null), debugName: 'signed-in', priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8787', changeOrigin: true, ws: true } },
  },
});
