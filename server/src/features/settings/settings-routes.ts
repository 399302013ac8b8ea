import { Router } from 'express';
import { PORTAL_MESSAGES } from '@shared/messages';
import { z } from 'zod';
import {
  emailQuerySchema,
  emailSchema,
  enrichmentSettingsSchema,
  isOutputLanguageUpdate,
  outputLanguageUpdateSchema,
  type UpdateSettingsResponse,
} from '@shared/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { assertOwnEmail, type RequireAuth } from '../../http/auth';
import type { CurrentUser } from '../users';
import { parseInput, pathParam } from '../../http/validate';
import { createSettingsRepository } from './settings-repository';

const emailParam = z.object({ email: emailSchema });

/** What the settings routes use. */
export interface SettingsRouterDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
  db: Db;
  clock: Clock;
}

export function createSettingsRouter(ctx: SettingsRouterDeps) {
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
    // The Settings page sends the output language alone; the Enrich form sends the whole form.
    const update = isOutputLanguageUpdate(req.body)
      ? parseInput(outputLanguageUpdateSchema, req.body)
      : parseInput(enrichmentSettingsSchema, req.body);
    const user = await ctx.currentUser(req);
    const saved = 'name' in update ? await repo.save(user.id, update) : await repo.saveOutputLanguage(user.id, update.outputLanguage);
    res.json({ message: PORTAL_MESSAGES.settingsSaved, settings: saved } satisfies UpdateSettingsResponse);
  });

  return router;
}
