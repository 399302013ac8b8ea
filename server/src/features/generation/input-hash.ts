import { createHash } from 'node:crypto';
import type { Lead } from '@shared/schemas/enrich';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import type { TextGenerator } from './text-generator';

/** Bump when the writers change what they would answer to the same input (stored answers go stale). */
const HASH_VERSION = 1;

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function settingsPart(s: SettingsDataResponse) {
  // The output language is part of the input only when chosen: answers stored before it existed keep their digest.
  const language = s.outputLanguage && s.outputLanguage !== 'auto' ? { outputLanguage: s.outputLanguage } : {};
  return { name: norm(s.name), aboutMe: norm(s.aboutMe), contentPreferences: norm(s.contentPreferences), ...language };
}

/** Which writer answers (and with which model): another writer is another input. */
export function writerIdentity(generator: TextGenerator): string {
  return generator.model ? `${generator.kind}:${generator.model}` : generator.kind;
}

/** Everything an Icebreak answer depends on, as a digest: same digest → the stored answer is the answer. */
export function icebreakInputHash(input: { description: string; goal: string; settings: SettingsDataResponse; writer: string }): string {
  return digest({
    v: HASH_VERSION,
    kind: 'icebreak',
    description: norm(input.description),
    goal: norm(input.goal),
    settings: settingsPart(input.settings),
    writer: input.writer,
  });
}

/** The lead's content (not its id: results are stored per lead id anyway), key order fixed. */
function leadPart(lead: Lead) {
  const { id: _id, extra, ...fields } = lead;
  const entries = Object.entries(fields)
    .map(([k, v]) => [k, norm(v === null || v === undefined ? '' : String(v))] as const)
    .filter(([, v]) => v)
    .sort(([a], [b]) => a.localeCompare(b));
  const extras = Object.entries(extra ?? {})
    .map(([k, v]) => [k, norm(v)] as const)
    .filter(([, v]) => v)
    .sort(([a], [b]) => a.localeCompare(b));
  return { fields: entries, extra: extras };
}

/** Everything one Enrich output depends on, as a digest. */
export function enrichInputHash(input: {
  lead: Lead;
  output: string;
  goal: string;
  settings: SettingsDataResponse;
  writer: string;
}): string {
  return digest({
    v: HASH_VERSION,
    kind: input.output,
    lead: leadPart(input.lead),
    goal: norm(input.goal),
    settings: settingsPart(input.settings),
    writer: input.writer,
  });
}
