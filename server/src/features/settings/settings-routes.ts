import { Router } from 'express';
import { eq } from 'drizzle-orm';
import { emailQuerySchema, enrichmentSettingsSchema, type SettingsDataResponse, type UpdateSettingsResponse } from '@shared/schemas';
import type { AppContext } from '../../context';
import { enrichmentSettings } from '../../db/schema';
import { assertOwnEmail } from '../../http/auth';
import { parseInput, pathParam } from '../../http/validate';

export const SETTINGS_SAVED_MESSAGE = 'Your enrichment settings have been updated successfully.';

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

export function createSettingsRouter(ctx: AppContext) {
  const router = Router();
  const repo = createSettingsRepository(ctx);

  router.get('/settings-data', ctx.requireAuth(), async (req, res) => {
    const { email } = parseInput(emailQuerySchema, req.query);
    assertOwnEmail(req, email);
    const user = await ctx.currentUser(req);
    res.json(await repo.get(user.id));
  });

  router.put('/user/settings/:email', ctx.requireAuth(), async (req, res) => {
    assertOwnEmail(req, pathParam(req.params, 'email'));
    const settings = parseInput(enrichmentSettingsSchema, req.body);
    const user = await ctx.currentUser(req);
    await repo.save(user.id, settings);
    res.json({ message: SETTINGS_SAVED_MESSAGE, settings } satisfies UpdateSettingsResponse);
  });

  return router;
}
