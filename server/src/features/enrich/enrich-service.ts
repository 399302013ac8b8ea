import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type * as z from 'zod/mini';
import { LEDGER_LABELS, prospectText } from '@shared/credit-usage';
import { CREDIT_COSTS, resolveGoal, type EnrichOutput } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { enrichQuoteRequestSchema, enrichRequestSchema, EnrichmentResult, EnrichQuote, EnrichResponse } from '@shared/schemas/enrich';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { enrichInputHash, isIdentifiable, profileFromLead, userMessageOf, writerIdentity } from '../generation';
import type { EnrichInput, TextGenerator } from '../generation';
import type { NewsSource } from '../news';
import type { PaidWorkService } from '../paid-work';
import type { EnrichmentRepository, OutputInputs } from './enrichment-repository';
import { enrichReference, type EnrichPendingRepository } from './enrich-pending-repository';

export const ENRICH_FAILED_MESSAGE = 'The content could not be generated. No credits were charged. Please try again later.';

export interface EnrichDeps {
  paidWork: PaidWorkService;
  credits: { balance(userId: string): Promise<number | null> };
  results: EnrichmentRepository;
  pending: EnrichPendingRepository;
  generator: TextGenerator;
  news: NewsSource;
  clock: Clock;
  /** For the one transaction that stores a result and ends its pending row. */
  db: Pick<Db, 'transaction'>;
}

type Caller = { user: { id: string }; settings: SettingsDataResponse };

/**
 * Enrich (docs/product.md#enrich-for-crm-leads): 1 credit per output per lead, all or nothing; an
 * output already written for exactly this input is returned from storage, free
 * (docs/decisions/0012-charged-once-per-answer.md); Regenerate writes every asked output again.
 */
export function createEnrichService(deps: EnrichDeps) {
  const { results, pending, generator } = deps;

  /**
   * What enrich() would charge for each lead now (the widget's bulk estimate, so estimate ==
   * charge): the same look-up of stored answers, nothing charged or written.
   */
  async function quote({ user, settings }: Caller, body: z.output<typeof enrichQuoteRequestSchema>): Promise<EnrichQuote> {
    const goal = resolveGoal(body.goal);
    const writer = writerIdentity(generator);
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
    return { leads, credits: leads.reduce((sum, l) => sum + l.credits, 0) };
  }

  async function enrich({ user, settings }: Caller, body: z.output<typeof enrichRequestSchema>, log?: Logger): Promise<EnrichResponse> {
    const profile = profileFromLead(body.lead);
    // Nobody to write about: say what to add, before anything is charged.
    if (!isIdentifiable(profile)) throw new HttpError(400, MESSAGES.noLeadIdentified);
    const goal = resolveGoal(body.goal);
    const writer = writerIdentity(generator);
    const hashOf = (output: EnrichOutput) => enrichInputHash({ lead: body.lead, output, goal, settings, writer });

    const stored = await results.getWithInputs(user.id, body.lead.id);
    const storedOutputs = body.regenerate ? [] : body.outputs.filter((o) => stored?.inputs[o]?.inputHash === hashOf(o) && stored.result[o]);
    const toWrite = body.outputs.filter((o) => !storedOutputs.includes(o));
    const fromStorage: EnrichmentResult = {
      leadId: body.lead.id,
      generator: stored?.result.generator ?? generator.kind,
      createdAt: stored?.result.createdAt ?? deps.clock.now().toISOString(),
      ...Object.fromEntries(storedOutputs.map((o) => [o, stored!.result[o]])),
    };
    if (toWrite.length === 0) {
      const balance = (await deps.credits.balance(user.id)) ?? 0;
      return { result: fromStorage, creditsCharged: 0, credits: balance, storedOutputs };
    }

    const cost = toWrite.reduce((sum, o) => sum + CREDIT_COSTS[o], 0);
    const pendingId = randomUUID();
    const inputs: OutputInputs = {};
    for (const o of toWrite) inputs[o] = { inputHash: hashOf(o), variant: body.regenerate ? (stored?.inputs[o]?.variant ?? -1) + 1 : 0 };

    const outcome = await deps.paidWork.perform({
      userId: user.id,
      cost,
      reference: enrichReference(pendingId),
      refundReference: `enrich-failed:${pendingId}`,
      label: LEDGER_LABELS.lead(toWrite, prospectText(profile, `lead ${body.lead.id}`)),
      // The pending row commits with the debit: a crash after it leaves something to refund.
      record: pending.asChargedWork({ id: pendingId, userId: user.id, leadId: body.lead.id }),
      log,
      // One output failing stops the other (the service aborts the signal): all or nothing. The
      // writer has its own deadline (LLM_DEADLINE_MS); a shutdown stops it too.
      run: async ({ signal }) => {
        const company = profile.company;
        const headlines = company ? await deps.news.headlines({ company }, signal) : [];
        signal.throwIfAborted();
        const inputFor = (o: EnrichOutput): EnrichInput => ({ lead: body.lead, goal, settings, headlines, variant: inputs[o]!.variant });
        const [dm, script] = await Promise.all([
          toWrite.includes('linkedin_dm') ? generator.linkedinDm(inputFor('linkedin_dm'), signal) : undefined,
          toWrite.includes('cold_call_script') ? generator.coldCallScript(inputFor('cold_call_script'), signal) : undefined,
        ]);
        // An empty answer (from any writer) is a failure: refunded, never stored.
        if (dm && (!dm.connectionNote.trim() || !dm.message.trim())) throw new Error('the writer returned an empty LinkedIn DM');
        if (script && (!script.opener.trim() || !script.close.trim() || !script.discoveryQuestions.length))
          throw new Error('the writer returned an incomplete script');
        return {
          leadId: body.lead.id,
          generator: generator.kind,
          createdAt: deps.clock.now().toISOString(),
          ...(dm ? { linkedin_dm: dm } : {}),
          ...(script ? { cold_call_script: script } : {}),
        } satisfies EnrichmentResult;
      },
      // Delivered = stored, in one transaction with the end of the pending row; false when a sweep claimed it first.
      deliver: (generated) =>
        deps.db.transaction(async (tx) => {
          if (!(await pending.complete(tx, pendingId))) return false;
          await results.save(user.id, generated, inputs, tx);
          return true;
        }),
      abandon: () => pending.remove(pendingId),
    });

    if (outcome.status === 'refused') throw new HttpError(402, MESSAGES.notEnoughCredits(cost, outcome.balance));
    if (outcome.status === 'delivered') {
      return {
        result: { ...fromStorage, ...outcome.result },
        creditsCharged: cost,
        credits: outcome.balance,
        ...(storedOutputs.length ? { storedOutputs } : {}),
      };
    }
    if (outcome.reason === 'shutting-down') {
      log?.info({ pendingId, leadIdLength: body.lead.id.length }, 'server shutting down during enrich; refunded');
      throw new HttpError(503, MESSAGES.serverRestarting);
    }
    log?.warn({ err: outcome.error, pendingId }, 'enrich generation failed; refunded');
    throw new HttpError(502, userMessageOf(outcome.error) ?? ENRICH_FAILED_MESSAGE);
  }

  return {
    quote,
    enrich,
    /** The latest result for a lead of this user (undefined: none, or only a colleague's). */
    latest: (userId: string, leadId: string) => results.get(userId, leadId),
  };
}

export type EnrichService = ReturnType<typeof createEnrichService>;
