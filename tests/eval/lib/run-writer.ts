import type { SettingsDataResponse } from '@shared/schemas/settings';
import type { ColdCallScript, LinkedinDm } from '@shared/schemas/enrich';
import { extractProfile, profileFromLead, type PersonProfile } from '../../../server/src/features/generation/extract-profile';
import { createOfflineGenerator } from '../../../server/src/features/generation/offline-generator';
import { enrichLanguage, icebreakLanguage } from '../../../server/src/features/generation/output-language';
import type { EnrichInput, TextGenerator } from '../../../server/src/features/generation/text-generator';
import type { OutputLanguage } from '@shared/constants';
import { writtenLanguage } from '@shared/language';
import type { DescriptionCase, EvalSet, LeadCase } from './sets';

/** Users with different products, goals and content preferences: every output is written for each. */
export interface Sender {
  id: string;
  settings: SettingsDataResponse;
  goal: string;
  /** The word limit the content preferences set for a message, if any. */
  wordLimit?: number;
}

export const SENDERS: Sender[] = [
  {
    id: 'beacon-80w',
    settings: {
      name: 'Alice Seller',
      aboutMe: 'I sell Beacon, a field-service scheduling platform, at Beacon Software. We cut technician travel time by 20%.',
      contentPreferences: 'Keep messages under 80 words',
    },
    goal: 'book a demo',
    wordLimit: 80,
  },
  {
    id: 'routeiq-warm',
    settings: {
      name: 'Bongani Dlamini',
      aboutMe: 'I run partnerships at RouteIQ, a route-planning platform for freight teams. We cut empty miles by a fifth.',
      contentPreferences: 'Warm, concise, no buzzwords. Sign off with Cheers.',
    },
    goal: 'build rapport',
  },
  {
    id: 'ledgerly-formal',
    settings: {
      name: 'Chloé Martin',
      aboutMe: 'Ledgerly automates month-end close for finance teams. It reconciles bank feeds overnight and flags mismatches.',
      contentPreferences: 'Formal and professional, no emojis please. At most 120 words.',
    },
    goal: 'understand their finance stack',
    wordLimit: 120,
  },
  { id: 'empty', settings: { name: '', aboutMe: '', contentPreferences: '' }, goal: 'build rapport' },
];

/** One piece of text the writer produced, named so a failure says where it is. */
export interface Output {
  set: string;
  caseId: string;
  sender: string;
  variant: number;
  /** "icebreak.0", "dm.note", "dm.message", "script.opener", "script.discovery.2", … */
  part: string;
  text: string;
  /** The words of the input, whose spelling is the input's business. */
  inputText: string;
  names: string[];
  industry: string;
  profile: PersonProfile;
  /** The language the writer wrote it in (Harper reads English; another language gets the patterns). */
  language: OutputLanguage;
}

const signal = () => new AbortController().signal;

function namesOf(p: PersonProfile, expected: { firstName: string; lastName: string; name: string }): string[] {
  return [p.firstName, p.lastName, [p.firstName, p.lastName].join(' '), expected.firstName, expected.lastName, expected.name].filter(
    Boolean,
  );
}

async function icebreakOutputs(set: string, c: DescriptionCase, sender: Sender, variant: number, gen: TextGenerator): Promise<Output[]> {
  const profile = extractProfile(c.text);
  const sections: string[] = [];
  const input = { description: c.text, profile, goal: sender.goal, settings: sender.settings, headlines: [], variant };
  for await (const chunk of gen.icebreak(input, signal())) sections[chunk.section] = (sections[chunk.section] ?? '') + chunk.content;
  const base = {
    set,
    caseId: c.id,
    sender: sender.id,
    variant,
    inputText: `${c.text}\n${Object.values(sender.settings).join('\n')}\n${sender.goal}`,
    names: namesOf(profile, c.expect),
    industry: profile.industry,
    profile,
    language: writtenLanguage(gen.kind === 'offline' ? 'offline' : 'openai', icebreakLanguage(input)),
  };
  return sections.map((text, i) => ({ ...base, part: `icebreak.${i}`, text }));
}

function scriptParts(s: ColdCallScript): [string, string][] {
  return [
    ['script.opener', s.opener],
    ['script.reason', s.reason],
    ['script.value', s.value],
    ...s.discoveryQuestions.map((q, i): [string, string] => [`script.discovery.${i}`, q]),
    ...s.objectionHandling.map((o, i): [string, string] => [`script.objection.${i}`, `${o.objection}\n${o.response}`]),
    ['script.close', s.close],
  ];
}

async function leadOutputs(set: string, c: LeadCase, sender: Sender, variant: number, gen: TextGenerator): Promise<Output[]> {
  const input: EnrichInput = { lead: c.lead, goal: sender.goal, settings: sender.settings, headlines: [], variant };
  const dm: LinkedinDm = await gen.linkedinDm(input, signal());
  const script = await gen.coldCallScript(input, signal());
  const profile = profileFromLead(c.lead);
  const base = {
    set,
    caseId: c.id,
    sender: sender.id,
    variant,
    inputText: `${Object.values(c.lead)
      .flatMap((v) => (v && typeof v === 'object' ? Object.entries(v).flat() : [String(v ?? '')]))
      .join('\n')}\n${Object.values(sender.settings).join('\n')}\n${sender.goal}`,
    names: namesOf(profile, c.expect),
    industry: (c.lead.Industry ?? '').toLowerCase(),
    profile,
    language: writtenLanguage(gen.kind === 'offline' ? 'offline' : 'openai', enrichLanguage(input)),
  };
  return [
    { ...base, part: 'dm.note', text: dm.connectionNote },
    { ...base, part: 'dm.message', text: dm.message },
    ...scriptParts(script).map(([part, text]) => ({ ...base, part, text })),
  ];
}

/** Every output for every input of a set, for the given senders and variants (by the offline writer unless `gen` is given). */
export async function writeAll(
  set: EvalSet,
  senders: Sender[] = SENDERS,
  variants: number[] = [0, 1],
  gen: TextGenerator = createOfflineGenerator(),
): Promise<Output[]> {
  const out: Output[] = [];
  for (const sender of senders)
    for (const variant of variants) {
      for (const c of set.descriptions) out.push(...(await icebreakOutputs(set.name, c, sender, variant, gen)));
      for (const c of set.leads) out.push(...(await leadOutputs(set.name, c, sender, variant, gen)));
    }
  return out;
}
