/** Product constants: the one place for every business number and fixed text the product shows. */

export const FREE_MONTHLY_CREDITS = 20;

/** Credits charged per delivered item (docs/product.md#credits). */
export const CREDIT_COSTS = {
  icebreak: 1,
  linkedin_dm: 1,
  cold_call_script: 1,
} as const;

export const DEFAULT_GOAL = 'build rapport';
export const FALLBACK_GOAL = 'Understand this person better';

/** The goal a writer works with (docs/product.md#icebreak-analysis): absent → DEFAULT_GOAL, blank → FALLBACK_GOAL. */
export function resolveGoal(goal: string | undefined): string {
  if (goal === undefined) return DEFAULT_GOAL;
  return goal.trim() || FALLBACK_GOAL;
}

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  credits: number;
  priceUsd: number;
  popular: boolean;
  prioritySupport: boolean;
}

export const PLANS: readonly Plan[] = [
  { id: 'starter', name: 'Starter', credits: 200, priceUsd: 9, popular: false, prioritySupport: false },
  { id: 'professional', name: 'Professional', credits: 1000, priceUsd: 40, popular: true, prioritySupport: true },
  { id: 'enterprise', name: 'Enterprise', credits: 5000, priceUsd: 200, popular: false, prioritySupport: true },
];

export function planById(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** The plan a Stripe price id stands for, by the configured price of each plan; undefined for a price not sold. */
export function planForPrice(priceId: string | null | undefined, prices: Partial<Record<PlanId, string | null>>): Plan | undefined {
  if (!priceId) return undefined;
  const id = (Object.keys(prices) as PlanId[]).find((k) => prices[k] === priceId);
  return id ? planById(id) : undefined;
}

export const PLAN_FEATURES = [
  'One-click AI lead enrichment in Zoho',
  'Hyper-personalised LinkedIn DMs',
  'Hyper-personalised cold-call scripts',
  'AI-powered icebreakers',
  'Email support',
] as const;
export const PRIORITY_SUPPORT_FEATURE = 'Priority support';

export const MONEY_BACK_DAYS = 30;
export const SUPPORT_RESPONSE_HOURS = 24;

export const PASSWORD_MIN_LENGTH = 6;
export const RESYNC_DELAY_MS = 2000;
export const HISTORY_LIST_HEIGHT_PX = 500;
export const USER_QUERY_STALE_MS = 5 * 60 * 1000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** LinkedIn limits a connection request note to 300 characters. */
export const LINKEDIN_CONNECTION_NOTE_MAX = 300;

/** Input limits: generous for real use, small enough that nobody can fill the disk through one field. */
export const LIMITS = {
  name: 200,
  email: 320,
  uid: 128,
  settingsText: 5000,
  description: 20_000,
  goal: 500,
  leadField: 5000,
  leadExtraFields: 50,
  bulkLeads: 100,
} as const;

export const ENRICH_OUTPUTS = ['linkedin_dm', 'cold_call_script'] as const;
export type EnrichOutput = (typeof ENRICH_OUTPUTS)[number];

export const ENRICH_OUTPUT_LABELS: Record<EnrichOutput, string> = {
  linkedin_dm: 'LinkedIn DM',
  cold_call_script: 'Cold-call script',
};

/** Icebreak stream sections (docs/architecture.md#icebreak-stream). */
export const SECTION_TITLES = ['News-Driven Conversation Starters', 'Tips for Building Rapport'] as const;
export const ADDITIONAL_SECTION_TITLE = 'Additional Insights';
/** Section 0's title when no news was found (or news is off): it must not claim to be news-driven. */
export const NO_NEWS_SECTION_TITLE = 'Conversation Starters';
/** The Communication style insight (docs/product.md#communication-style) is Icebreak section 3, when there is one. */
export const COMMUNICATION_STYLE_SECTION = 3;
export const COMMUNICATION_STYLE_TITLE = 'Communication Style (a guess)';
/**
 * The heading of Icebreak section `index` (0 starters, 1 rapport tips, later ones additional
 * insights). `newsFound: false` titles section 0 for what it is; unknown (older answers) keeps the original title.
 */
export const sectionTitle = (index: number, newsFound?: boolean | null): string =>
  index === 0 && newsFound === false
    ? NO_NEWS_SECTION_TITLE
    : index === COMMUNICATION_STYLE_SECTION
      ? COMMUNICATION_STYLE_TITLE
      : (SECTION_TITLES[index] ?? ADDITIONAL_SECTION_TITLE);

/**
 * The portal's signed-in landing routes: the browser starts the layout's and the Icebreak screen's
 * chunks at once there (boot, and the server's LANDING_PAGE with their modulepreload links).
 */
export const LANDING_PATHS: readonly string[] = ['/', '/icebreak'];
/** The built page the server sends for LANDING_PATHS (index.html for every other route). */
export const LANDING_PAGE = 'landing.html';

/** Output languages (docs/product.md#output-language): the user's setting, or `auto` (the description's language, else English). */
export const OUTPUT_LANGUAGES = ['en', 'de', 'es', 'fr', 'pt'] as const;
export type OutputLanguage = (typeof OUTPUT_LANGUAGES)[number];
export const AUTO_LANGUAGE = 'auto';
export const OUTPUT_LANGUAGE_SETTINGS = [AUTO_LANGUAGE, ...OUTPUT_LANGUAGES] as const;
export type OutputLanguageSetting = (typeof OUTPUT_LANGUAGE_SETTINGS)[number];
export const LANGUAGE_NAMES: Record<OutputLanguage, string> = {
  en: 'English',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
  pt: 'Portuguese',
};
/** The languages each writer writes (GET /api/config says which writer is active): another language gets English. */
export const WRITER_LANGUAGES: Record<'offline' | 'openai', readonly OutputLanguage[]> = {
  offline: ['en', 'es'],
  openai: OUTPUT_LANGUAGES,
};
/** The output-language choices as the Settings form lists them. */
export const OUTPUT_LANGUAGE_LABELS: Record<OutputLanguageSetting, string> = {
  auto: 'Automatic (the language of the description, else English)',
  ...LANGUAGE_NAMES,
};
