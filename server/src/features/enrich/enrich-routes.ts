import { LEDGER_LABELS, prospectText } from '@shared/credit-usage';
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { CREDIT_COSTS, resolveGoal, type EnrichOutput } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import {
  enrichQuoteRequestSchema,
  enrichRequestSchema,
  leadSchema,
  type EnrichmentResult,
  type EnrichQuote,
  type EnrichResponse,
} from '@shared/schemas/enrich';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { ServerShuttingDown } from '../../http/in-flight';
import { parseInput, pathParam } from '../../http/validate';
import { isIdentifiable, profileFromLead, userMessageOf } from '../generation';
import { enrichInputHash, writerIdentity } from '../generation';
import type { EnrichInput } from '../generation';
import { createEnrichmentRepository, type OutputInputs } from './enrichment-repository';
import { createEnrichPendingRepository, enrichReference } from './enrich-pending-repository';

export const ENRICH_FAILED_MESSAGE = 'The content could not be generated. No credits were charged. Please try again later.';
export const NO_ENRICHMENT_MESSAGE = 'No enrichment for this lead yet';

const leadIdParam = z.object({ leadId: leadSchema.shape.id });

/** A sweep refunded this request first (it outlived STALE_WORK_AFTER_MS): it must not deliver. */
class ClaimedBySweep extends Error {}

/** POST /api/enrich and GET /api/enrich/:leadId (docs/product.md#enrich-for-crm-leads): 1 credit per output per lead, all or nothing. */
export function createEnrichRouter(ctx: AppContext) {
  const router = Router();
  const results = createEnrichmentRepository(ctx.db, ctx.clock);
  const pending = createEnrichPendingRepository(ctx.db, ctx.clock, ctx.credits);

  /**
   * What POST /enrich would charge for each lead now (the widget's bulk estimate, so estimate ==
   * charge): the same look-up of stored answers, nothing charged or written.
   */
  router.post('/enrich/quote', ctx.requireAuth(), async (req, res) => {
    const body = parseInput(enrichQuoteRequestSchema, req.body);
    const { user, settings } = await ctx.currentUserWithSettings(req);
    const goal = resolveGoal(body.goal);
    const writer = writerIdentity(ctx.generator);
    const leads: EnrichQuote['leads'] = [];
    for (const lead of body.leads) {
      if (!isIdentifiable(profileFromLead(lead))) {
        leads.push({ leadId: lead.id, credits: 0, storedOutputs: [], refusal: MESSAGES.noLeadIdentified });
        continue;
      }
      const stored = await results.getWithInputs(user.id, lead.id);
      const storedOutputs = body.outputs.filter(
        (o) => stored?.inputs[o]?.inputHash === enrichInputHash({ lead, output: o, goal, settings, writer }) && stored.result[o],
      );
      const credits = body.outputs.filter((o) => !storedOutputs.includes(o)).reduce((sum, o) => sum + CREDIT_COSTS[o], 0);
      leads.push({ leadId: lead.id, credits, storedOutputs, refusal: null });
    }
    res.json({ leads, credits: leads.reduce((sum, l) => sum + l.credits, 0) } satisfies EnrichQuote);
  });

  router.post('/enrich', ctx.requireAuth(), async (req, res) => {
    const body = parseInput(enrichRequestSchema, req.body);
    const { user, settings } = await ctx.currentUserWithSettings(req);
    const profile = profileFromLead(body.lead);
    // Nobody to write about: say what to add, before anything is charged.
    if (!isIdentifiable(profile)) throw new HttpError(400, MESSAGES.noLeadIdentified);
    const goal = resolveGoal(body.goal);
    const writer = writerIdentity(ctx.generator);
    const hashOf = (output: EnrichOutput) => enrichInputHash({ lead: body.lead, output, goal, settings, writer });

    // Charged once per answer (docs/decisions/0012-charged-once-per-answer.md): an output already written for exactly this input is returned from storage, free;
    // Regenerate writes every asked output again (and charges for it).
    const stored = await results.getWithInputs(user.id, body.lead.id);
    const storedOutputs = body.regenerate ? [] : body.outputs.filter((o) => stored?.inputs[o]?.inputHash === hashOf(o) && stored.result[o]);
    const toWrite = body.outputs.filter((o) => !storedOutputs.includes(o));
    const fromStorage: EnrichmentResult = {
      leadId: body.lead.id,
      generator: stored?.result.generator ?? ctx.generator.kind,
      createdAt: stored?.result.createdAt ?? ctx.clock.now().toISOString(),
      ...Object.fromEntries(storedOutputs.map((o) => [o, stored!.result[o]])),
    };
    if (toWrite.length === 0) {
      const balance = (await ctx.credits.balance(user.id)) ?? 0;
      res.json({ result: fromStorage, creditsCharged: 0, credits: balance, storedOutputs } satisfies EnrichResponse);
      return;
    }
    const cost = toWrite.reduce((sum, o) => sum + CREDIT_COSTS[o], 0);
    const response = await ctx.inFlight.run(async (): Promise<EnrichResponse> => {
      // The pending row commits with the debit: a crash after it leaves something to refund.
      const pendingId = randomUUID();
      const debit = await ctx.credits.chargeFor(
        user.id,
        cost,
        enrichReference(pendingId),
        pending.asChargedWork({ id: pendingId, userId: user.id, leadId: body.lead.id }),
        LEDGER_LABELS.lead(toWrite, prospectText(profile, `lead ${body.lead.id}`)),
      );
      if (!debit.ok) throw new HttpError(402, MESSAGES.notEnoughCredits(cost, debit.balance));

      // One output failing stops the other (its upstream request is aborted): all or nothing.
      // The writer has its own deadline (LLM_DEADLINE_MS); a shutdown stops it too.
      const controller = new AbortController();
      const signal = AbortSignal.any([controller.signal, ctx.inFlight.signal]);
      try {
        const company = profile.company;
        const headlines = company ? await ctx.news.headlines({ company }, signal) : [];
        signal.throwIfAborted();
        const inputs: OutputInputs = {};
        for (const o of toWrite)
          inputs[o] = { inputHash: hashOf(o), variant: body.regenerate ? (stored?.inputs[o]?.variant ?? -1) + 1 : 0 };
        const inputFor = (o: EnrichOutput): EnrichInput => ({ lead: body.lead, goal, settings, headlines, variant: inputs[o]!.variant });
        const [dm, script] = await Promise.all([
          toWrite.includes('linkedin_dm') ? ctx.generator.linkedinDm(inputFor('linkedin_dm'), signal) : undefined,
          toWrite.includes('cold_call_script') ? ctx.generator.coldCallScript(inputFor('cold_call_script'), signal) : undefined,
        ]);
        // An empty answer (from any writer) is a failure: refunded below, never stored.
        if (dm && (!dm.connectionNote.trim() || !dm.message.trim())) throw new Error('the writer returned an empty LinkedIn DM');
        if (script && (!script.opener.trim() || !script.close.trim() || !script.discoveryQuestions.length))
          throw new Error('the writer returned an incomplete script');
        const generated: EnrichmentResult = {
          leadId: body.lead.id,
          generator: ctx.generator.kind,
          createdAt: ctx.clock.now().toISOString(),
          ...(dm ? { linkedin_dm: dm } : {}),
          ...(script ? { cold_call_script: script } : {}),
        };
        // Delivered = stored, in one transaction with the end of the pending row.
        await ctx.db.transaction(async (tx) => {
          if (!(await pending.complete(tx, pendingId))) throw new ClaimedBySweep();
          await results.save(user.id, generated, inputs, tx);
        });
        return {
          result: { ...fromStorage, ...generated },
          creditsCharged: cost,
          credits: debit.balance,
          ...(storedOutputs.length ? { storedOutputs } : {}),
        };
      } catch (err) {
        controller.abort(err);
        // All or nothing: a failed generation (or a failed save) gives the credits back.
        await ctx.credits.refund(debit.ledgerId, `enrich-failed:${pendingId}`);
        await pending
          .remove(pendingId)
          .catch((again: unknown) => req.log?.warn({ err: again, pendingId }, 'pending enrich row left for the sweep'));
        if (signal.reason instanceof ServerShuttingDown) {
          req.log?.info({ pendingId, leadIdLength: body.lead.id.length }, 'server shutting down during enrich; refunded');
          throw new HttpError(503, MESSAGES.serverRestarting);
        }
        req.log?.warn({ err, pendingId }, 'enrich generation failed; refunded');
        throw new HttpError(502, userMessageOf(err) ?? ENRICH_FAILED_MESSAGE);
      }
    });
    res.json(response);
  });

  router.get('/enrich/:leadId', ctx.requireAuth(), async (req, res) => {
    const { leadId } = parseInput(leadIdParam, { leadId: pathParam(req.params, 'leadId') });
    const user = await ctx.currentUser(req);
    const result = await results.get(user.id, leadId);
    // The same 404 whether nobody or a colleague enriched the lead: Zoho lead ids are shared in an
    // org, so a different answer would tell a user which leads others looked at (docs/architecture.md#security-model).
    if (!result) throw new HttpError(404, NO_ENRICHMENT_MESSAGE);
    res.json(result);
  });

  return router;
}
