import { eq, sql } from 'drizzle-orm';
import { AUTO_LANGUAGE, type OutputLanguageSetting } from '@shared/constants';
import type { EnrichmentSettings, SettingsDataResponse } from '@shared/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { enrichmentSettings, users } from '../../db/schema';
import type { UserRow } from '../users';

type SettingsColumns = { name: string | null; aboutMe: string | null; contentPreferences: string | null; outputLanguage: string | null };
const orEmpty = (row: SettingsColumns | undefined): SettingsDataResponse => ({
  name: row?.name ?? '',
  aboutMe: row?.aboutMe ?? '',
  contentPreferences: row?.contentPreferences ?? '',
  // The column's CHECK admits only OUTPUT_LANGUAGE_SETTINGS.
  outputLanguage: (row?.outputLanguage ?? AUTO_LANGUAGE) as OutputLanguageSetting,
});

/** A user's enrichment settings (empty strings until saved); the writers read them too. */
export function createSettingsRepository(ctx: { db: Db; clock: Clock }) {
  // The writers need the caller's row and settings before anything else: one round trip for both.
  const selectUserAndSettings = ctx.db
    .select({
      user: users,
      name: enrichmentSettings.name,
      aboutMe: enrichmentSettings.aboutMe,
      contentPreferences: enrichmentSettings.contentPreferences,
      outputLanguage: enrichmentSettings.outputLanguage,
    })
    .from(users)
    .leftJoin(enrichmentSettings, eq(enrichmentSettings.userId, users.id))
    .where(eq(users.firebaseUid, sql.placeholder('uid')))
    .prepare('user_and_settings_by_uid');

  return {
    async get(userId: string): Promise<SettingsDataResponse> {
      const [row] = await ctx.db.select().from(enrichmentSettings).where(eq(enrichmentSettings.userId, userId));
      return orEmpty(row);
    },
    /** The user record of a sign-in account with its settings; undefined when there is no record. */
    async userWithSettings(firebaseUid: string): Promise<{ user: UserRow; settings: SettingsDataResponse } | undefined> {
      const [row] = await selectUserAndSettings.execute({ uid: firebaseUid });
      return row && { user: row.user, settings: orEmpty(row) };
    },
    /** Without `outputLanguage` the stored one is kept (`auto` for a first save). */
    async save(userId: string, s: EnrichmentSettings): Promise<SettingsDataResponse> {
      const values = {
        name: s.name,
        aboutMe: s.aboutMe,
        contentPreferences: s.contentPreferences,
        ...(s.outputLanguage ? { outputLanguage: s.outputLanguage } : {}),
        updatedAt: ctx.clock.now(),
      };
      const [row] = await ctx.db
        .insert(enrichmentSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: enrichmentSettings.userId, set: values })
        .returning();
      return orEmpty(row);
    },
    /** The output language alone (the Settings page): the other fields are kept, or stay empty (= not saved yet). */
    async saveOutputLanguage(userId: string, outputLanguage: OutputLanguageSetting): Promise<SettingsDataResponse> {
      const now = ctx.clock.now();
      const [row] = await ctx.db
        .insert(enrichmentSettings)
        .values({ userId, name: '', aboutMe: '', contentPreferences: '', outputLanguage, updatedAt: now })
        .onConflictDoUpdate({ target: enrichmentSettings.userId, set: { outputLanguage, updatedAt: now } })
        .returning();
      return orEmpty(row);
    },
  };
}
