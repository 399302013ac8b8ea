import { Router } from 'express';
import { PLAN_IDS, type PlanId } from '@shared/constants';
import type { HealthResponse, PublicConfig } from '@shared/schemas';
import type { Logger } from 'pino';
import type { IdentityVerifier } from '../../auth/identity';
import type { Config } from '../../config';
import type { Database } from '../../db/database';

/** Public: a dependency's error details (hosts, drivers, versions) go to the log, not to the caller. */
async function check(name: string, fn: () => Promise<void>, logger: Logger): Promise<{ ok: boolean }> {
  try {
    await fn();
    return { ok: true };
  } catch (err) {
    logger.warn({ err, dependency: name }, 'health check: dependency unavailable');
    return { ok: false };
  }
}

export function publicConfig(ctx: { config: Config }): PublicConfig {
  const c = ctx.config;
  const paymentsEnabled = Boolean(c.STRIPE_SECRET_KEY);
  const priceEnv: Record<PlanId, string | undefined> = {
    starter: c.STRIPE_PRICE_STARTER,
    professional: c.STRIPE_PRICE_PROFESSIONAL,
    enterprise: c.STRIPE_PRICE_ENTERPRISE,
  };
  return {
    firebase: { apiKey: c.FIREBASE_API_KEY, authDomain: c.FIREBASE_AUTH_DOMAIN, projectId: c.FIREBASE_PROJECT_ID },
    authEmulatorHost: c.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    paymentsEnabled,
    planPrices: Object.fromEntries(
      PLAN_IDS.map((id) => [id, paymentsEnabled ? (priceEnv[id] ?? null) : null]),
    ) as PublicConfig['planPrices'],
    generator: c.LLM_BASE_URL ? 'openai' : 'offline',
    newsEnabled: c.NEWS_PROVIDER !== 'none',
    portalUrl: c.PUBLIC_URL,
    supportEmail: c.SUPPORT_EMAIL,
    practice: {
      phoneEnabled: Boolean(c.TWILIO_ACCOUNT_SID),
      phoneNumber: c.TWILIO_FROM_NUMBER ?? null,
      callsPerDay: c.PRACTICE_CALLS_PER_DAY,
      maxMinutes: c.PRACTICE_CALL_MAX_MINUTES,
    },
  };
}

/** What the system routes use. */
export interface SystemRouterDeps {
  config: Config;
  database: Pick<Database, 'ping'>;
  verifier: Pick<IdentityVerifier, 'ping'>;
  logger: Logger;
}

export function createSystemRouter(ctx: SystemRouterDeps) {
  const router = Router();

  router.get('/health', async (_req, res) => {
    const [database, identity] = await Promise.all([
      check('database', () => ctx.database.ping(), ctx.logger),
      check('identity', () => ctx.verifier.ping(), ctx.logger),
    ]);
    const body: HealthResponse = { status: database.ok && identity.ok ? 'ok' : 'degraded', database, identity };
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });

  router.get('/config', (_req, res) => {
    res.json(publicConfig(ctx));
  });

  return router;
}
