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
