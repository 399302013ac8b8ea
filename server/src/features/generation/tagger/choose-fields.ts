import { isDepartmentName } from '../extract-profile-words.js';
import type { TagField } from './perceptron.js';

export type Fields = Record<TagField, string>;
/** What the rules read: the four fields, and the facts that name a company which is not the current employer. */
export type RuleFields = Fields & { previousCompany: string; metAt: string };

// "Bapak Agus Santoso", "Herr Prof. Weißgerber", "Suzuki Haruto-san": the labelling rules keep a title or an
// honorific out of the name, in every language the sets are written in.
const HONORIFIC =
  /^(?:dr|dra|prof|mr|mrs|ms|mx|miss|sir|dame|m|mme|mlle|monsieur|madame|herr|frau|hr|fr|pan|pani|sr|sra|srta|don|doña|dña|dott|dott\.ssa|sig|sig\.ra|ing|lic|arq|eng|bapak|pak|ibu|bu|sayın|cllr|hon|rev|fr|sheikh|mevrouw|meneer|dhr|mevr|signor|signora|senhor|senhora|sra)\.?$/i;
const HONORIFIC_SUFFIX = /-(?:san|sama|sensei|kun|chan|ssi|nim)$/i;
// Function words that end a cut-off title ("responsabile della", "Head of"): the title goes on after them.
const DANGLING = /\s(?:of|for|at|de|del|della|di|du|des|da|do|das|dos|na|no|van|von|der|den|für|bei|chez|och|og|ve|и|and|&|y|e|et)$/iu;

/** The tagged name without a title, an honorific or a list number. */
export function cleanName(span: string): string {
  const words = span.split(/\s+/).filter(Boolean);
  while (words.length > 1 && (HONORIFIC.test(words[0]!) || /^[\d.)(]+$/.test(words[0]!))) words.shift();
  if (words.length) words[words.length - 1] = words.at(-1)!.replace(HONORIFIC_SUFFIX, '');
  return words.join(' ').replace(/^[^\p{L}'"]+|[^\p{L}.'"]+$/gu, '');
}

const fold = (s: string) => s.toLocaleLowerCase('und').trim();
const sameOrInside = (a: string, b: string) => !!a && !!b && (fold(b).includes(fold(a)) || fold(a).includes(fold(b)));

// "el director financiero", "the Head of Fleet": an article is no part of a title.
const ARTICLE = /^(?:the|a|an|el|la|los|las|le|les|l'|der|die|das|den|un|una|uno|une|o|um|uma|il|lo|de|het|een)\s+/iu;

/** A tagged value without its article, and without the person's name when it ran into it. */
function trimmed(span: string, field: 'role' | 'company' | 'place', name: string): string {
  const value = span.trim().replace(ARTICLE, '');
  if (!name || !value.includes(name)) return value;
  // "Head of Clinical Operations Thandiwe Mokoena": a title run into the name ends before it; "Precious Moyo of
  // Zambezi Rise Foundation": a company begins after it.
  const at = value.indexOf(name);
  if (field !== 'company') return value.slice(0, at).trim();
  return value.slice(at + name.length).replace(/^\s*(?:of|at|from|de|di|von)\s+/i, '');
}

/**
 * The reader's answer: the rules' where the tagger agrees with them (it marked the same value, or the start of it:
 * "VP" of "VP of Field Services"); else the tagger's first value that no other field holds (it reads unseen wordings
 * better than rules tuned on the dev set); else the rules'.
 */
export function chooseFields(tagged: Record<TagField, string[]>, rules: RuleFields): Fields {
  const names = tagged.name.map(cleanName).filter((n) => /\p{L}/u.test(n) && !sameOrInside(n, rules.company));
  // "Arjun … Arjun Malhotra": the whole name where the text gives it, not a first name said first.
  const name = names.find((n) => n.split(' ').length > 1) ?? names[0] ?? rules.name;
  // A company the rules read as a former employer or as where they met is not where the person works now.
  const elsewhere = [rules.previousCompany, rules.metAt].filter(Boolean).map(fold);
  const taken = [name];
  let pastJob = false;
  const pick = (field: 'role' | 'company' | 'place'): string => {
    const ruled = rules[field];
    const free = (v: string) => !!v && !taken.some((t) => sameOrInside(v, t));
    if (free(ruled) && tagged[field].some((t) => fold(ruled).startsWith(fold(t)))) return ruled;
    for (const span of tagged[field]) {
      let value = trimmed(span, field, name);
      // "Online Programmes", "dott.ssa …": a department or a title is never the company.
      if (field === 'company' && (isDepartmentName(value) || value.split(/\s+/).some((w) => HONORIFIC.test(w)))) continue;
      // "Design, Kyoto" after "Kansai University of Design": a span that runs into another field's value is the
      // rules' reading without it.
      if (ruled && fold(value).includes(fold(ruled))) {
        const left = fold(value)
          .replace(fold(ruled), ' ')
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim();
        if (left && taken.some((t) => fold(t).includes(left))) value = ruled;
      }
      if (!free(value) || DANGLING.test(value)) continue;
      if (field === 'company' && elsewhere.includes(fold(value))) {
        pastJob = true;
        continue;
      }
      return value;
    }
    return ruled && !taken.some((t) => fold(t) === fold(ruled)) ? ruled : '';
  };
  const company = pick('company');
  taken.push(company);
  const role = pick('role');
  taken.push(role);
  const place = pick('place');
  // The tagger read a former job as the current one: its title is the former title too.
  return { name, role: pastJob && rules.role ? rules.role : role, company, place };
}
