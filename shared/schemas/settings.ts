import * as z from 'zod/mini';
import { LIMITS, OUTPUT_LANGUAGE_SETTINGS } from '../constants';
import { MESSAGES } from '../messages';
import { nameSchema } from './user';
import { safeText } from './common';

const requiredText = (field: string, message: string) =>
  safeText(field, { error: message }).check(
    z.trim(),
    z.minLength(1, { error: message }),
    z.maxLength(LIMITS.settingsText, { error: `Must be at most ${LIMITS.settingsText} characters` }),
  );

/** Enrichment settings (docs/product.md#validation-messages): the form, PUT /api/user/settings/{email} and its validation messages. */
export const enrichmentSettingsSchema = z.object({
  name: nameSchema,
  aboutMe: requiredText('About me', MESSAGES.aboutMeRequired),
  contentPreferences: requiredText('Content preferences', MESSAGES.contentPreferencesRequired),
  /** The writers' output language (docs/product.md#output-language); absent → unchanged (`auto` for a new user). */
  outputLanguage: z.optional(z.enum(OUTPUT_LANGUAGE_SETTINGS, { error: MESSAGES.outputLanguageInvalid })),
});
export type EnrichmentSettings = z.infer<typeof enrichmentSettingsSchema>;

/**
 * The Settings page's output-language card (docs/product.md#output-language): the same PUT with the
 * language alone, so it can be chosen before the rest is filled in; the other fields are kept.
 */
export const outputLanguageUpdateSchema = z.object({
  outputLanguage: z.enum(OUTPUT_LANGUAGE_SETTINGS, { error: MESSAGES.outputLanguageInvalid }),
});
export type OutputLanguageUpdate = z.infer<typeof outputLanguageUpdateSchema>;

/** A PUT body with `outputLanguage` as its only key is a language-only update; anything else is the whole form. */
export function isOutputLanguageUpdate(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).join() === 'outputLanguage';
}

/** GET /api/settings-data: empty strings until the user saves. */
export const settingsDataResponseSchema = z.object({
  name: z.string(),
  aboutMe: z.string(),
  contentPreferences: z.string(),
  /** Always sent by this server; optional so writers and tools may build settings without it (= auto). */
  outputLanguage: z.optional(z.enum(OUTPUT_LANGUAGE_SETTINGS)),
});
export type SettingsDataResponse = z.infer<typeof settingsDataResponseSchema>;

export const updateSettingsResponseSchema = z.object({
  message: z.string(),
  settings: settingsDataResponseSchema,
});
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponseSchema>;
