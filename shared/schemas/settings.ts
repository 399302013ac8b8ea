import * as z from 'zod/mini';
import { LIMITS } from '../constants';
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
});
export type EnrichmentSettings = z.infer<typeof enrichmentSettingsSchema>;

/** GET /api/settings-data: empty strings until the user saves. */
export const settingsDataResponseSchema = z.object({
  name: z.string(),
  aboutMe: z.string(),
  contentPreferences: z.string(),
});
export type SettingsDataResponse = z.infer<typeof settingsDataResponseSchema>;

export const updateSettingsResponseSchema = z.object({
  message: z.string(),
  settings: settingsDataResponseSchema,
});
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponseSchema>;
