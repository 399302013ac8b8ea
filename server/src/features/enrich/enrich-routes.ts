import { Router } from 'express';
import { z } from 'zod';
import { CREDIT_COSTS, resolveGoal } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { enrichRequestSchema, leadSchema, type EnrichmentResult, type EnrichResponse } from '@shared/schemas/enrich';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import { createSettingsRepository } from '../settings/settings-repository';
import { profileFromLead } from '../generation/extract-profile';
import type { EnrichInput } from '../generation/text-generator';
import { createEnrichmentRepository } from './enrichment-repository';

export const ENRICH_FAILED_MESSAGE = 'The content could not be generated. No credits were charged. Please try again later.';
export const NO_ENRICHMENT_MESSAGE = 'No enrichment for this lead yet';

const leadIdParam = z.object({ leadId: leadSchema.shape.id });

/** POST /api/enrich and GET /api/enrich/:leadId (issue 4 §5): 1 credit per output per lead, all or nothing. */
export function createEnrichRouter(ctx: AppContext) {
  const router = Router();
  const settingsRepo = createSettingsRepository(ctx);
  const results = createEnrichmentRepository(ctx.db, ctx.clock);

  router.post('/enrich', ctx.requireAuth(), async (req, res) => {
    const body = parseInput(enrichRequestSchema, req.body);
    const user = await ctx.currentUser(req);
    const cost = body.outputs.reduce((sum, o) => sum + CREDIT_COSTS[o], 0);
    const debit = await ctx.credits.debit(user.id, cost, `enrich:${body.lead.id}`);
    if (!debit.ok) {
      throw new HttpError(402, MESSAGES.notEnoughCredits(cost, debit.balance));
    }

    let result: EnrichmentResult;
    // One output failing stops the other (its upstream request is aborted): all or nothing.
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(Math.max(ctx.config.LLM_TIMEOUT_MS * 2, 10_000))]);
    try {
      const settings = await settingsRepo.get(user.id);
      const company = profileFromLead(body.lead).company;
      const headlines = company ? await ctx.news.headlines({ company }, signal) : [];
      const input: EnrichInput = { lead: body.lead, goal: resolveGoal(body.goal), settings, headlines };
      const [dm, script] = await Promise.all([
        body.outputs.includes('linkedin_dm') ? ctx.generator.linkedinDm(input, signal) : undefined,
        body.outputs.includes('cold_call_script') ? ctx.generator.coldCallScript(input, signal) : undefined,
      ]);
      const generated: EnrichmentResult = {
        leadId: body.lead.id,
        generator: ctx.generator.kind,
        createdAt: ctx.clock.now().toISOString(),
        ...(dm ? { linkedin_dm: dm } : {}),
        ...(script ? { cold_call_script: script } : {}),
      };
      await results.save(user.id, generated);
      result = generated;
    } catch (err) {
      controller.abort(err);
      // All or nothing: a failed generation (or a failed save) gives the credits back.
      await ctx.credits.refund(debit.ledgerId, `enrich-failed:${body.lead.id}`);
      req.log?.warn({ err }, 'enrich generation failed; refunded');
      throw new HttpError(502, ENRICH_FAILED_MESSAGE);
    }
    res.json({ result, creditsCharged: cost, credits: debit.balance } satisfies EnrichResponse);
  });

  router.get('/enrich/:leadId', ctx.requireAuth(), async (req, res) => {
    const { leadId } = parseInput(leadIdParam, { leadId: pathParam(req.params, 'leadId') });
    const user = await ctx.currentUser(req);
    const result = await results.get(user.id, leadId);
    if (result) {
      res.json(result);
      return;
    }
    if (await results.heldByOther(user.id, leadId)) throw new HttpError(403, MESSAGES.forbiddenOther);
    throw new HttpError(404, NO_ENRICHMENT_MESSAGE);
  });

  return router;
}
