import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { landingPage } from './build/landing-page.js';

const here = import.meta.dirname;

/**
 * The app's own modules (not node_modules: a package's barrel would reach every component) that
 * the lazy route `roots` import statically, transitively. A group of them also takes the package
 * modules they use (includeDependenciesRecursively).
 */
function staticallyReachable(roots: string[]) {
  // Once per chunking pass (a watch build's next pass sees the changed graph).
  const passes = new WeakMap<ChunkingContext, Set<string>>();
  return (id: string, ctx: ChunkingContext) => {
    let reached = passes.get(ctx);
    if (!reached) {
      reached = new Set();
      passes.set(ctx, reached);
      const queue = roots.map((r) => path.resolve(here, r));
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (reached.has(next) || next.includes('node_modules')) continue;
        reached.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return reached.has(id);
  };
}
const forSignIn = staticallyReachable(['src/features/auth/AuthScreen.tsx']);
const forLanding = staticallyReachable(['src/core/ProtectedLayout.tsx', 'src/features/icebreak/IcebreakScreen.tsx']);

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
            { name: (id, ctx) => (forSignIn(id, ctx) ? 'sign-in' : null), priority: 2 },
            { name: (id, ctx) => (forLanding(id, ctx) ? 'signed-in' : null), priority: 1 },
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
