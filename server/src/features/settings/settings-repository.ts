import { eq } from 'drizzle-orm';
import type { SettingsDataResponse } from '@shared/schemas';
import type { AppContext } from '../../context';
import { enrichmentSettings } from '../../db/schema';

/** A user's enrichment settings (empty strings until saved); the writers read them too. */
export function createSettingsRepository(ctx: Pick<AppContext, 'db' | 'clock'>) {
  return {
    async get(userId: string): Promise<SettingsDataResponse> {
      const [row] = await ctx.db.select().from(enrichmentSettings).where(eq(enrichmentSettings.userId, userId));
      return { name: row?.name ?? '', aboutMe: row?.aboutMe ?? '', contentPreferences: row?.contentPreferences ?? '' };
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
