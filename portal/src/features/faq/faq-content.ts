import { CREDIT_COSTS, FREE_MONTHLY_CREDITS, PLANS, SUPPORT_RESPONSE_HOURS } from '@shared/constants';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import { TEAM_LIMITS, TEAM_SEATS } from '@shared/teams';
import type { PublicConfig } from '@shared/schemas';

export interface FaqEntry {
  question: string;
  answer: string;
  /** A page of the app the answer points to, shown as a link after it. */
  link?: { to: string; label: string };
}
export interface FaqSection {
  id: string;
  title: string;
  entries: FaqEntry[];
}

const usd = (n: number) => `$${n}`;
const teamPlanExample = (() => {
  const plan = PLANS.find((p) => p.popular) ?? PLANS[0]!;
  return `5 seats of ${plan.name}: ${(5 * plan.credits).toLocaleString('en-US')} credits`;
})();
const planLine = PLANS.map((p) => `${p.name}: ${p.credits.toLocaleString('en-US')} credits for ${usd(p.priceUsd)} per month`).join('; ');

/** What this server offers (GET /api/config): the FAQ promises a feature only where it runs, and says so where it does not. */
export type FaqCapabilities = Pick<PublicConfig, 'supportEmail' | 'paymentsEnabled' | 'newsEnabled'> & {
  practice: Pick<PublicConfig['practice'], 'phoneEnabled'>;
};

const starters = (news: boolean) =>
  news
    ? 'conversation starters tied to recent news about their company'
    : 'conversation starters drawn from your description (news-driven starters need a news source, which this server does not have configured)';

const practiceAnswer = (phone: boolean) =>
  phone
    ? 'Yes: in the browser, or as a phone call to the number saved in Settings. An AI plays a random conversation scenario and scores the call.'
    : 'Yes, in the browser: an AI plays a random conversation scenario and scores the call. Phone practice calls need a phone provider, which this server does not have configured.';

const planChangeAnswer = (payments: boolean) =>
  payments
    ? `Yes, at any time from the Premium page. Plan changes take effect at the next billing cycle. ${ACCOUNT_MESSAGES.moneyBackGuarantee}`
    : `Not here yet: ${ACCOUNT_MESSAGES.paymentsOffReason} Where payments are set up, plans can be changed or cancelled at any time from the Premium page and changes take effect at the next billing cycle.`;

/**
 * FAQ text; every figure comes from the shared plan constants, so the FAQ and the plans page agree.
 * It promises only what the product does on this server (FaqCapabilities).
 */
export const faqSections = ({ supportEmail, paymentsEnabled, newsEnabled, practice }: FaqCapabilities): FaqSection[] => [
  {
    id: 'general',
    title: 'General Information',
    entries: [
      {
        question: 'What is Icebreak & Enrich?',
        answer: `A sales assistant for salespeople, recruiters, business developers and entrepreneurs. Icebreak analyses a description of a person and gives you ${starters(newsEnabled)} and tips for building rapport; Enrich writes personalised LinkedIn messages and cold-call scripts for the leads in your CRM.`,
      },
      {
        question: 'Who is it for?',
        answer:
          'Anyone who starts conversations with people they have not met yet: sales teams, recruiters, founders and business developers.',
      },
    ],
  },
  {
    id: 'features',
    title: 'Features',
    entries: [
      {
        question: 'What does Icebreak give me?',
        answer: `Describe a person (name, role, company, area, interests) and set a goal. You get ${starters(newsEnabled)} and practical tips for building rapport, as they are written. Every analysis is kept in your history.`,
      },
      {
        question: 'How does Enrich work with my CRM?',
        answer:
          'Install the app from the Zoho Marketplace (a separate Icebreak & Enrich account is needed). With one click on a lead you get a hyper-personalised LinkedIn DM and a cold-call script, written with the enrichment settings you save on the Enrich settings page.',
      },
      {
        question: 'Can I practise calls?',
        answer: practiceAnswer(practice.phoneEnabled),
      },
    ],
  },
  {
    id: 'pricing',
    title: 'Pricing and Plans',
    entries: [
      {
        question: 'What plans are there?',
        answer: `${planLine}. New users get ${FREE_MONTHLY_CREDITS} free credits every month.`,
      },
      {
        question: 'What uses a credit?',
        answer: `${CREDIT_COSTS.icebreak} credit per icebreak analysis, ${CREDIT_COSTS.linkedin_dm} per LinkedIn DM and ${CREDIT_COSTS.cold_call_script} per cold-call script, per lead. Nothing is charged when no result could be produced.`,
      },
      {
        question: 'Do unused credits roll over?',
        answer: 'No. Credits reset at the end of each billing month.',
      },
      {
        question: 'Can I change or cancel my plan?',
        answer: planChangeAnswer(paymentsEnabled),
      },
    ],
  },
  {
    id: 'account',
    title: 'Account and Settings',
    entries: [
      {
        question: 'Why must I verify my e-mail address?',
        answer: 'To keep accounts safe, the app opens once you have clicked the link in the verification e-mail.',
      },
      {
        question: 'I forgot my password.',
        answer: "On the login screen, type your e-mail address and choose 'Forgot password?'. We send you a link to set a new one.",
      },
      {
        question: 'How do I personalise Enrich?',
        answer: 'On the Enrich settings page, tell us your name, about you and your company, and your content preferences and examples.',
      },
      {
        question: 'Where did my credits go?',
        answer:
          'The Usage page lists every credit used, refunded or granted, with what it was for, and charts the credits used per day this period.',
      },
      {
        question: 'Can I use Icebreak & Enrich with my team?',
        answer: `Yes. Create a team on the Team page: you become its owner. The owner and admins invite colleagues by e-mail; the link in the invitation works once, only for the invited address, for ${TEAM_LIMITS.inviteDays} days. A new colleague registers with that address first and then accepts. A person is in one team at a time.`,
        link: { to: '/team', label: 'Open the Team page' },
      },
      {
        question: 'What can team admins do?',
        answer:
          'The owner and admins invite and remove members, make members admins (or admins members), see the open invitations, set a monthly cap on what each member may spend from the shared pool, assign practice scenarios with a due date and a score to reach, and see a monthly report per member (credits used, practice calls, scores, assignments) with a CSV export. Only the owner can hand the team over to another member or delete it, and must do one of the two before deleting their own account. Members see who is in the team, their roles, their own assignments (also on the Call page) and their own row of the report.',
      },
      {
        question: 'Do team members share credits?',
        answer: `With a team plan, yes. The team owner starts one on the Team page: one of the plans, for ${TEAM_SEATS.min} to ${TEAM_SEATS.max} seats. Each paid month the team's shared pool is set to the seats times the plan's monthly credits (${teamPlanExample}); unused pool credits do not roll over. Members' paid work is charged to the pool first, then to their own credits; the owner and admins can cap what each member may spend from the pool per month, and the credits counter shows the pool beside your own credits. Seat changes count from the next billing month, and the owner manages payment and cancellation in the billing portal. Without a team plan each member uses their own credits and plan, and a team costs nothing.`,
      },
      {
        question: 'Can I export or delete my data?',
        answer:
          "Yes, on the Settings page: 'Export my data' downloads everything we store about you as JSON; 'Delete account' cancels any subscription and deletes your account and its data for good.",
      },
    ],
  },
  {
    id: 'support',
    title: 'Technical Support',
    entries: [
      {
        question: 'How do I get help?',
        answer: `Write to ${supportEmail}. We answer within ${SUPPORT_RESPONSE_HOURS} hours on business days; Professional and Enterprise plans have priority support.`,
      },
      {
        question: 'An analysis failed. Was I charged?',
        answer: 'No. When an analysis fails or produces nothing, its credit is returned automatically.',
      },
    ],
  },
];
