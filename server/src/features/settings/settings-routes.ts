import { Router } from 'express';
import { PORTAL_MESSAGES } from '@shared/messages';
import { z } from 'zod';
import { emailQuerySchema, emailSchema, enrichmentSettingsSchema, type UpdateSettingsResponse } from '@shared/schemas';
import type { AppContext } from '../../context';
import { assertOwnEmail } from '../../http/auth';
import { parseInput, pathParam } from '../../http/validate';
import { createSettingsRepository } from './settings-repository';

const emailParam = z.object({ email: emailSchema });

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
    assertOwnEmail(req, parseInput(emailParam, { email: pathParam(req.params, 'email') }).email);
    const settings = parseInput(enrichmentSettingsSchema, req.body);
    const user = await ctx.currentUser(req);
    const saved = await repo.save(user.id, settings);
    res.json({ message: PORTAL_MESSAGES.settingsSaved, settings: saved } satisfies UpdateSettingsResponse);
  });

  return router;
}
