import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import {
  inputWordsOf,
  lintText,
  patternProblems,
  plainText,
  type TextProblem,
} from '../../../server/src/features/generation/quality/lint-text';
import { industryFamily } from '../../../server/src/features/generation/writer/industry';
import type { Output, Sender } from './run-writer';

/** The sentences of a text (markdown stripped), trimmed; greetings and sign-offs count as sentences too. */
export function sentencesOf(text: string): string[] {
  return plainText(text)
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

/** A sentence for the sharing measure: a salutation or a sign-off ("Hi «x»,", "Best,") is not one. */
const isSentence = (s: string) => s.split(/\s+/).length >= 4;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The lead's own names (person, company, place) replaced by one token: what is left is what the writer said. */
export function masked(text: string, o: Output): string {
  const p = o.profile;
  const names = [...o.names, p.company, p.place, ...p.place.split(/,\s*/), p.role, p.industry]
    .filter((n) => n && n.length > 1)
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const n of names) out = out.replace(new RegExp(escape(n), 'gi'), '«x»');
  return out.replace(/\d+/g, '#');
}

/** The writer's own sentences of a lead's outputs (a prospect's objection is a label, not the writer's sentence). */
function leadSentences(outputs: Output[]): Set<string> {
  const s = new Set<string>();
  for (const o of outputs) {
    const text = o.part.startsWith('script.objection') ? o.text.split('\n').slice(1).join('\n') : o.text;
    for (const sentence of sentencesOf(masked(text, o))) if (isSentence(sentence)) s.add(sentence);
  }
  return s;
}

export interface Sharing {
  /** Pairs whose industries differ once "Freight" and "Logistics" count as one (the writer's industry families). */
  pairs: number;
  max: number;
  mean: number;
  worst?: { a: string; b: string; share: number; shared: string[] };
}

/**
 * For each pair of leads in different industries, the share of sentences they have in common once names are masked. A
 * lead's industry is the family its Industry field names, else the one its company's name says ("Ezolimo", Xhosa for
 * farming, of "Ntshona Fresh Produce": farming, as the writer reads it), else the field as written.
 */
export function crossLeadSharing(outputs: Output[]): Sharing {
  const byLead = new Map<string, Output[]>();
  for (const o of outputs) {
    if (o.variant !== 0 || (!o.part.startsWith('dm.') && !o.part.startsWith('script.'))) continue;
    const key = `${o.sender}\u0000${o.caseId}`;
    byLead.set(key, [...(byLead.get(key) ?? []), o]);
  }
  const leads = [...byLead.entries()].map(([key, os]) => ({
    key,
    sender: os[0]!.sender,
    id: os[0]!.caseId,
    industry: os[0]!.industry,
    family: industryFamily(os[0]!.industry) || industryFamily(os[0]!.profile.company),
    s: leadSentences(os),
  }));
  let pairs = 0;
  let sum = 0;
  let worst: Sharing['worst'];
  for (let i = 0; i < leads.length; i++)
    for (let j = i + 1; j < leads.length; j++) {
      const a = leads[i]!;
      const b = leads[j]!;
      if (a.sender !== b.sender || !a.industry || !b.industry || a.industry === b.industry) continue;
      if (a.family && a.family === b.family) continue;
      const shared = [...a.s].filter((x) => b.s.has(x));
      const share = shared.length / Math.max(1, Math.min(a.s.size, b.s.size));
      pairs++;
      sum += share;
      if (!worst || share > worst.share) worst = { a: a.id, b: b.id, share, shared };
    }
  return { pairs, max: worst?.share ?? 0, mean: pairs ? sum / pairs : 0, worst };
}

/** Regenerate: the share of variant 1's sentences that variant 0 did not have, per output (mean, and the lowest). */
export function regenerateDifference(outputs: Output[]): { outputs: number; mean: number; min: number } {
  const v0 = new Map<string, string>();
  for (const o of outputs) if (o.variant === 0) v0.set(`${o.sender}\u0000${o.caseId}\u0000${o.part}`, o.text);
  const groups = new Map<string, { a: string[]; b: string[] }>();
  for (const o of outputs) {
    // The insights list is the reading of the input, not writing: Regenerate keeps it.
    if (o.variant !== 1 || o.part === 'icebreak.2') continue;
    const before = v0.get(`${o.sender}\u0000${o.caseId}\u0000${o.part}`);
    if (before === undefined) continue;
    // One Icebreak answer, one DM, one script: the unit a user regenerates.
    const unit = `${o.sender}\u0000${o.caseId}\u0000${o.part.split('.')[0]}`;
    const g = groups.get(unit) ?? { a: [], b: [] };
    const said = (t: string) => (o.part.startsWith('script.objection') ? t.split('\n').slice(1).join('\n') : t);
    g.a.push(...sentencesOf(said(before)));
    g.b.push(...sentencesOf(said(o.text)));
    groups.set(unit, g);
  }
  const diffs = [...groups.values()].map(({ a, b }) => {
    const old = new Set(a);
    return b.length ? b.filter((s) => !old.has(s)).length / b.length : 1;
  });
  return { outputs: diffs.length, mean: diffs.reduce((x, y) => x + y, 0) / Math.max(1, diffs.length), min: Math.min(1, ...diffs) };
}

export const wordCount = (text: string) =>
  plainText(text)
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** LinkedIn messages within the sender's word limit, and connection notes within LinkedIn's limit. */
export function limits(outputs: Output[], senders: Sender[]) {
  const limitOf = new Map(senders.map((s) => [s.id, s.wordLimit]));
  const messages = outputs.filter((o) => o.part === 'dm.message' && limitOf.get(o.sender));
  const over = messages.filter((o) => wordCount(o.text) > limitOf.get(o.sender)!);
  const notes = outputs.filter((o) => o.part === 'dm.note');
  const longNotes = notes.filter((o) => o.text.length > LINKEDIN_CONNECTION_NOTE_MAX);
  return {
    wordLimit: {
      messages: messages.length,
      within: messages.length - over.length,
      over: over.map((o) => `${o.caseId}/${o.sender}: ${wordCount(o.text)}`),
    },
    connectionNote: {
      notes: notes.length,
      within: notes.length - longNotes.length,
      over: longNotes.map((o) => `${o.caseId}/${o.sender}: ${o.text.length}`),
    },
  };
}

export interface Found {
  where: string;
  problem: TextProblem;
  text: string;
}

/**
 * Harper lints and pattern hits over every output. The outputs of one answer (one input, sender and
 * variant) are linted as one text, paragraph by paragraph: far fewer Harper calls, the same lints.
 */
export async function lintOutputs(outputs: Output[]): Promise<{ harper: Found[]; patterns: Found[] }> {
  const groups = new Map<string, Output[]>();
  for (const o of outputs) {
    const key = `${o.set}/${o.caseId}/${o.sender}/v${o.variant}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const harper: Found[] = [];
  const patterns: Found[] = [];
  for (const [where, os] of groups) {
    const text = os.map((o) => o.text).join('\n\n');
    // Harper reads English only: an answer written in Spanish gets the spliced-text patterns alone.
    const problems =
      os[0]!.language === 'en'
        ? await lintText(text, { inputWords: inputWordsOf(os[0]!.inputText), names: os[0]!.names })
        : patternProblems(text, os[0]!.names);
    for (const problem of problems) {
      // Name the part the problem is in, when its words can be found.
      const part = os.find((o) => problem.excerpt && o.text.includes(problem.excerpt.trim()))?.part ?? 'answer';
      (problem.source === 'harper' ? harper : patterns).push({
        where: `${where}/${part}`,
        problem,
        text: os.find((o) => o.part === part)?.text ?? text,
      });
    }
  }
  return { harper, patterns };
}
