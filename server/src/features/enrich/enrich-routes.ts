import { Router } from 'express';
import { z } from 'zod';
import { enrichQuoteRequestSchema, enrichRequestSchema, leadSchema } from '@shared/schemas/enrich';
import type { RequireAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import type { CurrentUser } from '../users';
import type { CurrentUserWithSettings } from '../settings';
import type { EnrichService } from './enrich-service';

export { ENRICH_FAILED_MESSAGE } from './enrich-service';
export const NO_ENRICHMENT_MESSAGE = 'No enrichment for this lead yet';

const leadIdParam = z.object({ leadId: leadSchema.shape.id });

/** What the Enrich routes use. */
export interface EnrichRouterDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
  currentUserWithSettings: CurrentUserWithSettings;
  enrich: EnrichService;
}

/** POST /api/enrich, /api/enrich/quote and GET /api/enrich/:leadId (docs/product.md#enrich-for-crm-leads). */
export function createEnrichRouter(deps: EnrichRouterDeps) {
  const router = Router();
  const { requireAuth, enrich } = deps;

  router.post('/enrich/quote', requireAuth(), async (req, res) => {
    const body = parseInput(enrichQuoteRequestSchema, req.body);
    res.json(await enrich.quote(await deps.currentUserWithSettings(req), body));
  });

  router.post('/enrich', requireAuth(), async (req, res) => {
    const body = parseInput(enrichRequestSchema, req.body);
    res.json(await enrich.enrich(await deps.currentUserWithSettings(req), body, req.log));
  });

  router.get('/enrich/:leadId', requireAuth(), async (req, res) => {
    const { leadId } = parseInput(leadIdParam, { leadId: pathParam(req.params, 'leadId') });
    const user = await deps.currentUser(req);
    const result = await enrich.latest(user.id, leadId);
    // The same 404 whether nobody or a colleague enriched the lead: Zoho lead ids are shared in an
    // org, so a different answer would tell a user which leads others looked at (docs/architecture.md#security-model).
    if (!result) throw new HttpError(404, NO_ENRICHMENT_MESSAGE);
    res.json(result);
  });

  return router;
}
