import { eq, sql } from 'drizzle-orm';
import type { SettingsDataResponse } from '@shared/schemas';
import type { AppContext } from '../../context';
import { enrichmentSettings, users } from '../../db/schema';
import type { UserRow } from '../users';

type SettingsColumns = { name: string | null; aboutMe: string | null; contentPreferences: string | null };
const orEmpty = (row: SettingsColumns | undefined): SettingsDataResponse => ({
  name: row?.name ?? '',
  aboutMe: row?.aboutMe ?? '',
  contentPreferences: row?.contentPreferences ?? '',
});

/** A user's enrichment settings (empty strings until saved); the writers read them too. */
export function createSettingsRepository(ctx: Pick<AppContext, 'db' | 'clock'>) {
  // The writers need the caller's row and settings before anything else: one round trip for both.
  const selectUserAndSettings = ctx.db
    .select({
      user: users,
      name: enrichmentSettings.name,
      aboutMe: enrichmentSettings.aboutMe,
      contentPreferences: enrichmentSettings.contentPreferences,
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
    async save(userId: string, s: SettingsDataResponse) {
      const values = { name: s.name, aboutMe: s.aboutMe, contentPreferences: s.contentPreferences, updatedAt: ctx.clock.now() };
      await ctx.db
        .insert(enrichmentSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: enrichmentSettings.userId, set: values });
    },
  };
}
