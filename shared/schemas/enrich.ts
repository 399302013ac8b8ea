import { z } from 'zod';
import { ENRICH_OUTPUTS, LIMITS } from '../constants';
import { safeText } from './common';

const field = (name: string) => safeText(`The lead's ${name}`).max(LIMITS.leadField).nullable().optional();

/** A Zoho CRM Lead (docs/architecture.md#zoho-sdk-facts): the standard fields, plus free-form custom fields in `extra`. */
export const leadSchema = z.object({
  id: safeText('The lead id', { error: 'The lead id is required' }).trim().min(1, { error: 'The lead id is required' }).max(64),
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
  No_of_Employees: z
    .union([z.number(), safeText("The lead's No_of_Employees").max(32)])
    .nullable()
    .optional(),
  Lead_Source: field('Lead_Source'),
  Lead_Status: field('Lead_Status'),
  extra: z
    .record(safeText('An extra field name').max(100), safeText('An extra field').max(LIMITS.leadField))
    .refine((r) => Object.keys(r).length <= LIMITS.leadExtraFields, {
      error: `At most ${LIMITS.leadExtraFields} extra fields`,
    })
    .optional(),
});
export type Lead = z.infer<typeof leadSchema>;

export const enrichOutputSchema = z.enum(ENRICH_OUTPUTS);

export const enrichRequestSchema = z.object({
  lead: leadSchema,
  outputs: z
    .array(enrichOutputSchema)
    .min(1, { error: 'Choose at least one output' })
    .refine((o) => new Set(o).size === o.length, { error: 'Each output may be asked for once' }),
  goal: safeText('The goal').trim().max(LIMITS.goal).optional(),
  /** Write new versions even when the same input was answered before (each output costs its credit). */
  regenerate: z.boolean().optional(),
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
  linkedin_dm: linkedinDmSchema.optional(),
  cold_call_script: coldCallScriptSchema.optional(),
});
export type EnrichmentResult = z.infer<typeof enrichmentResultSchema>;

export const enrichResponseSchema = z.object({
  result: enrichmentResultSchema,
  creditsCharged: z.number().int(),
  credits: z.number().int(),
  /** Outputs returned from storage (same input answered before): not charged. */
  storedOutputs: z.array(enrichOutputSchema).optional(),
});
export type EnrichResponse = z.infer<typeof enrichResponseSchema>;
