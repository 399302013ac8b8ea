import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** What an Express router keeps of each of its entries (its `stack`, readable since Express 3). */
interface StackEntry {
  route?: { path?: unknown };
}

/** Routers whose routes may match a path whatever its first segment (a `use`, a parameter, a pattern). */
const ANY = Symbol('any first segment');

function firstSegmentOf(routePath: unknown): string | typeof ANY {
  if (typeof routePath !== 'string') return ANY;
  const segment = (routePath.split('/')[1] ?? '').toLowerCase();
  return segment === '' || /[:*?(){}\\]/.test(segment) ? ANY : segment;
}

/**
 * Runs the given routers in order, as `router.use(a, b, …)` would, but only those that have a
 * route for the request's first path segment (`/user-credits/…` → only the router with
 * `/user-credits/:email`). Express tries every route of every router in turn, and with a dozen
 * feature routers under /api that walk cost more than the rest of a small request; this keeps the
 * order (so earlier routers still win) and skips the routers that cannot answer. The routes are
 * read once, here: a router gets all its routes before it is passed in (as createXRouter does).
 */
export function routersByFirstSegment(routers: Router[]): RequestHandler {
  const segmentsOf = routers.map((router) => new Set((router.stack as StackEntry[]).map((entry) => firstSegmentOf(entry.route?.path))));
  const known = new Set(segmentsOf.flatMap((segments) => [...segments].filter((s): s is string => s !== ANY)));
  const forSegment = new Map<string, Router[]>();
  for (const segment of known)
    forSegment.set(
      segment,
      routers.filter((_r, i) => segmentsOf[i]!.has(segment) || segmentsOf[i]!.has(ANY)),
    );
  const forAnyOther = routers.filter((_r, i) => segmentsOf[i]!.has(ANY));

  const dispatch = (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    // Express matches paths without regard to case (its default), so the index does too.
    const candidates = forSegment.get((end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase()) ?? forAnyOther;
    let i = 0;
    const step = (err?: unknown) => {
      const router = candidates[i++];
      if (err || !router) return next(err);
      router(req, res, step);
    };
    step();
  };
  // Tools that list an app's routes walk `stack`s: the routers' routes stay visible to them.
  return Object.assign(dispatch, { stack: routers.flatMap((router) => router.stack) });
}
