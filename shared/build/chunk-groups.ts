import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

/**
 * For the portal's and the widget's Vite builds (`output.codeSplitting.groups`): whether a module is
 * one of the app's own modules (not node_modules: a package's barrel would reach every component)
 * that the `roots` (paths relative to `dir`) import statically, transitively. A group of them also
 * takes the package modules they use (includeDependenciesRecursively).
 */
export function staticallyReachable(dir: string, roots: string[]) {
  // Once per chunking pass (a watch build's next pass sees the changed graph).
  const passes = new WeakMap<ChunkingContext, Set<string>>();
  return (id: string, ctx: ChunkingContext) => {
    let reached = passes.get(ctx);
    if (!reached) {
      reached = new Set();
      passes.set(ctx, reached);
      const queue = roots.map((r) => path.resolve(dir, r));
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (reached.has(next) || next.includes('node_modules')) continue;
        reached.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return reached.has(id);
  };
}
