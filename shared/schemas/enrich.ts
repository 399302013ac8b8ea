import * as z from 'zod/mini';
import { ENRICH_OUTPUTS, LIMITS } from '../constants';
import { safeText, wholeNumber } from './common';

const field = (name: string) => z.optional(z.nullable(safeText(`The lead's ${name}`).check(z.maxLength(LIMITS.leadField))));

/** A Zoho CRM Lead (docs/architecture.md#zoho-sdk-facts): the standard fields, plus free-form custom fields in `extra`. */
export const leadSchema = z.object({
  id: safeText('The lead id', { error: 'The lead id is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'The lead id is required' }),
    z.maxLength(64),
  ),
  First_Name: field('First_Name'),
  Last_Name: field('Last_Name'),
  Full_Name: field('Full_Name'),
  Company: field('Company'),
  Designation: field('Designation'),
  Email: field('Email'),
  Phone: field('Phone'),
  Website: field('Website'),
  Industry: field('Industry'),
  Description: field('Description'),
  City: field('City'),
  State: field('State'),
  Country: field('Country'),
  No_of_Employees: z.optional(z.nullable(z.union([z.number(), safeText("The lead's No_of_Employees").check(z.maxLength(32))]))),
  Lead_Source: field('Lead_Source'),
  Lead_Status: field('Lead_Status'),
  extra: z.optional(
    z
      .record(safeText('An extra field name').check(z.maxLength(100)), safeText('An extra field').check(z.maxLength(LIMITS.leadField)))
      .check(
        z.refine((r) => Object.keys(r).length <= LIMITS.leadExtraFields, {
          error: `At most ${LIMITS.leadExtraFields} extra fields`,
        }),
      ),
  ),
});
export type Lead = z.infer<typeof leadSchema>;

export const enrichOutputSchema = z.enum(ENRICH_OUTPUTS);

export const enrichRequestSchema = z.object({
  lead: leadSchema,
  outputs: z.array(enrichOutputSchema).check(
    z.minLength(1, { error: 'Choose at least one output' }),
    z.refine((o) => new Set(o).size === o.length, { error: 'Each output may be asked for once' }),
  ),
  goal: z.optional(safeText('The goal').check(z.trim(), z.maxLength(LIMITS.goal))),
  /** Write new versions even when the same input was answered before (each output costs its credit). */
  regenerate: z.optional(z.boolean()),
});
export type EnrichRequest = z.infer<typeof enrichRequestSchema>;

export const linkedinDmSchema = z.object({
  connectionNote: z.string(),
  message: z.string(),
});
export type LinkedinDm = z.infer<typeof linkedinDmSchema>;

export const coldCallScriptSchema = z.object({
  opener: z.string(),
  reason: z.string(),
  value: z.string(),
  discoveryQuestions: z.array(z.string()),
  objectionHandling: z.array(z.object({ objection: z.string(), response: z.string() })),
  close: z.string(),
});
export type ColdCallScript = z.infer<typeof coldCallScriptSchema>;

export const enrichmentResultSchema = z.object({
  leadId: z.string(),
  generator: z.enum(['offline', 'openai']),
  createdAt: z.string(),
  linkedin_dm: z.optional(linkedinDmSchema),
  cold_call_script: z.optional(coldCallScriptSchema),
});
export type EnrichmentResult = z.infer<typeof enrichmentResultSchema>;

/** POST /api/enrich/quote: what enriching these leads would charge now, before anything is charged. */
export const enrichQuoteRequestSchema = z.object({
  leads: z
    .array(leadSchema)
    .check(
      z.minLength(1, { error: 'Send at least one lead' }),
      z.maxLength(LIMITS.bulkLeads, { error: `At most ${LIMITS.bulkLeads} leads at a time` }),
    ),
  outputs: enrichRequestSchema.shape.outputs,
  goal: enrichRequestSchema.shape.goal,
});
export type EnrichQuoteRequest = z.infer<typeof enrichQuoteRequestSchema>;

export const enrichQuoteSchema = z.object({
  leads: z.array(
    z.object({
      leadId: z.string(),
      /** What enriching it would charge: the outputs not already written for exactly this input. */
      credits: wholeNumber(),
      /** Outputs already written for this input: returned free. */
      storedOutputs: z.array(enrichOutputSchema),
      /** Why it would be refused, before any charge (nobody to write about); null when it can be enriched. */
      refusal: z.nullable(z.string()),
    }),
  ),
  credits: wholeNumber(),
});
export type EnrichQuote = z.infer<typeof enrichQuoteSchema>;

export const enrichResponseSchema = z.object({
  result: enrichmentResultSchema,
  creditsCharged: wholeNumber(),
  credits: wholeNumber(),
  /** Outputs returned from storage (same input answered before): not charged. */
  storedOutputs: z.optional(z.array(enrichOutputSchema)),
});
export type EnrichResponse = z.infer<typeof enrichResponseSchema>;
