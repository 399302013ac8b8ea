import { isKnownPlace } from './extract-profile-pieces';
import { asWritten } from './tagger/choose-fields';
import {
  CAP,
  COMPANY_FIRST,
  COMPANY_HEAD,
  COMPANY_SUFFIX,
  escapeRe,
  hasRoleWord,
  NOT_NAME_WORDS,
  NOTE_VERB,
  NOTE_VERBS,
  PARTICLE,
  lower,
  squash,
  TITLE,
} from './extract-profile-words';

/**
 * Who a text that names several people is about ("Priya introduced me to Oluwaseun Adeyemi, who runs payments…",
 * "Their president, Gary Lutz, … decisions now belong to Darnell Whitaker. Darnell is the Director of …"). The
 * taggers read names one by one and the rules take the first they trust; a brief about an account says who the
 * prospect is by a cue (an introduction, "our contact is", "the person we need is") or by coming back to them.
 */

// Capitalised words within a line ("College\nLocation: Galway" is two labels, not a name): FULL is two to four, a full
// name as a brief writes it the first time; ANY is one to four.
const capitalisedRun = (fewest: number) => String.raw`${CAP}(?:[^\S\n]+(?:${PARTICLE}[^\S\n]+)*${CAP}){${fewest - 1},3}`;
const FULL = capitalisedRun(2);
const ANY = capitalisedRun(1);
// "his cousin", "her colleague", "my old manager": who the person is to the one who introduced them.
const RELATION = String.raw`(?:(?:his|her|their|my|our)\s+(?:[\p{Ll}-]+\s+){0,2})?`;

/** Cues that name the prospect outright. */
const NAMED = [
  // "introduced me to", "put me in touch with his cousin", "connected me with", "referred me to".
  String.raw`(?:introduced (?:me|us) to|put (?:me|us) in touch with|connected (?:me|us) (?:with|to)|referred (?:me|us) to|pointed (?:me|us) to)\s+${RELATION}${TITLE}?(${ANY})`,
  // "our contact there is", "the person we need is", "the person who actually decides on infrastructure is".
  // "the one to chase is …", "the one who signs off on spend is her co-founder …".
  String.raw`(?:[Oo]ur (?:main |key |real |actual )?contact(?: there)?|[Tt]he (?:person|one) (?:we need|to (?:talk to|call|win|chase|follow up with|pitch)|who (?:actually |really )?(?:decides|signs|owns|makes|holds|buys)[^.;]{0,60}?)|[Tt]he (?:real )?decision[- ]maker)\s+(?:is|will be)\s+${RELATION}${TITLE}?(${ANY})`,
  // "Deepa Raghunathan = our contact": a note's shorthand.
  String.raw`(${FULL})\s*=\s*(?:our|the)\s+(?:main\s+|key\s+)?contact`,
  // "Sam — meet Oluwaseun Adebayo-Hart, CTO at …": an introduction by e-mail.
  String.raw`(?:^|[\s—–-])[Mm]eet\s+${TITLE}?(${FULL})`,
  // "The CEO, Declan Moriarty, is the buyer", "Luis Cabral, who is the one we want": who the deal is with.
  String.raw`(${ANY}),?\s+(?:who\s+)?is\s+(?:the|our)\s+(?:real\s+|actual\s+|final\s+|economic\s+)?(?:buyer|one we want|decision[- ]maker|signer|budget holder)\b`,
  // "The prospect is Janelle", "Prospect = Salma", "Our champion is Camille", "… it's his replacement Dana Whitcombe":
  // a brief saying outright whom it is about.
  String.raw`(?:[Tt]he (?:real |actual )?prospect(?: here)? is|[Pp]rospect\s*[=:]|[Oo]ur (?:champion|buyer|sponsor) is|(?:his|her|their) replacement,?)\s+${TITLE}?(${ANY})`,
  // "Tiago is the one who asked for the demo": who reached out or holds the budget.
  String.raw`(${ANY})\s+is\s+the\s+one\s+(?:who|that)\s+(?:asked|requested|reached out|wants|signs|owns|decides|holds)\b`,
  // "Lerato Dlamini-Wright — Head of Digital Mining, … — PROSPECT": a lead list marks its prospect.
  String.raw`(?:^|\n)\s*(?:\d+[.)]\s*)?(${FULL})\s+[—–-][^\n]*[—–-]\s*PROSPECT\b`,
  // '… Happy to talk in Jan. — Devinder Grewal"': a pasted message signed at its end.
  String.raw`[.!?]\s+[—–]\s*(${FULL})["”]?\s*$`,
  // "Draft an email to Ilse Vandamme please": whom a request to a colleague is for.
  String.raw`\b(?:[Dd]raft|[Ww]rite|[Ss]end)\s+(?:(?:an?|the)\s+)?(?:e-?mail|message|note|intro|follow-up|something|DM|InMail)\s+(?:to|for)\s+${TITLE}?(${FULL})`,
  // "Voicemail from Gintaras Petraitis - Baltic Reefer Lines": who called or wrote (a referral's sender is not).
  String.raw`\b(?:[Vv]oicemail|VM|[Mm]essage|[Ee]-?mail|InMail|DM|[Cc]all)\s+from\s+${TITLE}?(${FULL})`,
  // "We got an inbound from …": who wrote in.
  String.raw`\binbound(?:\s+(?:lead|enquiry|inquiry|request))?\s+from\s+${TITLE}?(${FULL})`,
  // "I'm Fiona MacLachlan and I'm based in Glasgow": a profile's About section in the person's own words.
  String.raw`(?:^|[.!?]\s+|\n)\s*(?:I['’]m|I am|[Mm]y name is)\s+(${FULL})`,
  // "Kurzes Update: Call mit Jannik Oberhuber, …", "Meeting with …": the call the note is about.
  String.raw`(?:[Cc]all|[Mm]eeting|[Gg]espräch|[Tt]elefonat|[Tt]ermin|[Rr]eunión|[Rr]eunião|[Rr]éunion|[Rr]iunione)\s+(?:mit|with|con|com|avec)\s+${TITLE}?(${FULL})`,
  // "decisions now belong to Darnell Whitaker", "the budget sits with …".
  String.raw`(?:decisions?|budget|say)\s+(?:now\s+)?(?:belongs?|sits?|rests?|lies?)\s+(?:to|with)\s+${TITLE}?(${ANY})`,
].map((cue) => new RegExp(cue, 'gu'));

/**
 * "call w/ marco 3/14 - hes ops mgr", "lig. c/ rafael tenório (gerente …)", "snakket med sigurd hovland, daglig leder",
 * "ping Tomás re: pricing": a note names whom it is about after its verb, in whatever case it was typed, and goes on
 * with a date, a bracket, a comma or what was said.
 */
const NOTE_NAME = new RegExp(
  String.raw`(?:^|[\s.;:(])(?:(?:${NOTE_VERBS})\s+(?:w\/|with|c\/|com|con|med|mit|avec)|ping(?:ed)?|call back)\s+([\p{L}][\p{L}\p{M}'’-]*(?:\s+[\p{L}][\p{L}\p{M}'’-]*)?)(?=\s*[,(]|\s+[-–—]\s|\s+\d|\s+(?:at|from|of|re|about|abt|@|today|yesterday)\b|\s*[.:]?$)`,
  'imu',
);
// Who a note meets that is nobody's name: "spoke w/ them", "call back the team", "met w/ ops".
const NOT_NOTE_NAME = new Set([
  'him',
  'them',
  'team',
  'ops',
  'it',
  'you',
  'us',
  'me',
  'someone',
  'client',
  'customer',
  'everyone',
  'staff',
  'board',
  'vendor',
  'supplier',
  'partner',
  'partners',
  'boss',
  'back',
  'again',
  'later',
  'tomorrow',
]);

// "Bongani = MD, decision maker": a note's shorthand for who holds which office.
const NOTE_EQUALS = /(?:^|[\s.;(])(\p{L}[\p{L}\p{M}'’-]*(?:\s+\p{L}[\p{L}\p{M}'’-]*)?)\s*=\s*([^,.;\n]{1,40})/gu;

/**
 * The person a note names after its verb ("call w/ marco 3/14 - …") or as the one who holds an office ("Bongani =
 * MD"), or '' when it names none.
 */
export function noteName(text: string): string {
  const nobody = (w: string) => NOT_NOTE_NAME.has(lower(w)) || NOT_NAME_WORDS.has(lower(w)) || hasRoleWord(w) || w.length < 2;
  const person = (said: string | undefined) => {
    const words = said?.split(/\s+/) ?? [];
    return words.length && !words.some(nobody) ? words.join(' ') : '';
  };
  const office = [...text.matchAll(NOTE_EQUALS)].find((m) => hasRoleWord(m[2]!) && person(m[1]));
  return person(NOTE_NAME.exec(text)?.[1]) || (office ? person(office[1]) : '');
}

/** "Kofi, a friend from university, put me in touch with …": the one who introduced, who is not the prospect. */
const INTRODUCER = String.raw`(?:,[^.;]{0,60},)?\s+(?:introduced (?:me|us)|put (?:me|us) in touch|connected (?:me|us)|referred (?:me|us)|told (?:me|us) about)\b`;

/** "Their CEO, Magnus Strand, keynoted …", "the site manager, Pieter Nel, explained …": a title, then the name. */
const TITLE_FIRST = new RegExp(
  String.raw`(?:^|[.;:!?]\s+|,\s+|\b(?:and|but|w\/|with)\s+)(?:[Tt]he|[Tt]heir|[Ii]ts|[Oo]ur|[Hh]is|[Hh]er)\s+([^,.;:()!?\n]{2,50}),\s+(${FULL})(?:,|\s+[—–-]\s)`,
  'gu',
);

/** "Omar Al-Harthy is Chief Digital Officer at …", "Nadia Hussain – Commercial Director", "Bridget O'Loughlin, Head of …". */
const TITLED = new RegExp(
  String.raw`(?:^|[^\p{L}\p{M}'’-])(${ANY})(?=(?:\s+(?:is|was)\s+(?:now\s+)?(?:the\s+|our\s+|their\s+)?|\s*[,–—]\s+|\s+-\s+)([^,.;:()!?\n]{2,60}))`,
  'gu',
);
// "… , our main contact, …" on the line that names them.
const MAIN_CONTACT = /\b(?:our|the) (?:main |key |primary )?(?:contact|champion|decision[- ]maker)\b/i;
// "Lim Jia Hui (she goes by Jess)": the name the text uses after that.
const ALIAS = new RegExp(
  String.raw`(${FULL})\s*\((?:she|he|they)\s+goes\s+by\s+(${CAP})\)|(${FULL}),?\s+(?:aka|a\.k\.a\.|known as)\s+(${CAP})`,
  'gu',
);

// "Ministerio de Obras Públicas", "Department of Health": a public body is named like a person in some languages.
const PUBLIC_BODY =
  /^(?:Ministerio|Ministry|Ministère|Ministério|Ministerium|Ministero|Department|Departamento|Département|Council|Agency|Authority|Municipality|Municipalidad|Municipio|Prefeitura|Gobierno|Government|Governo|Secretaría|Secretaria|Comune|Gemeente|Gemeinde|Stadt|City|County|Province|Provincia)$/u;

/** A full name, not a business, a place or a title: "Margalla Building Products", "Nuku'alofa Medical Centre" are not. */
function isPersonName(seq: string): boolean {
  const words = seq.split(/\s+/);
  return (
    words.length >= 2 &&
    !words.some((w) => NOT_NAME_WORDS.has(lower(w.replace(/\.$|['’]s$/u, ''))) && !new RegExp(`^${PARTICLE}$`).test(w)) &&
    !COMPANY_FIRST.test(words[0]!) &&
    !words.some((w) => PUBLIC_BODY.test(w)) &&
    !COMPANY_HEAD.test(words.at(-1)!) &&
    !new RegExp(String.raw`^${COMPANY_SUFFIX}$`).test(words.at(-1)!) &&
    !hasRoleWord(seq) &&
    !isKnownPlace(seq)
  );
}

// "…, where she is Head of Marketing", "…, and before that an engineer": a clause after a comma, not a title.
const CLAUSE_START =
  /^(?:and|but|or|where|which|who|whom|whose|when|while|before|after|since|as|so|then|a|an|to|in|on|at|for|with|from|by|of|based|today|now|i|we|he|she|they|it|his|her|their|its|our|my)\b/iu;

interface Candidate {
  name: string;
  cue: boolean;
  title: string;
}

/** A first name said alone ("Darnell is …") as the full name the text gave it ("Darnell Whitaker"). */
function fullNameOf(text: string, name: string): string {
  if (name.includes(' ')) return name;
  const full = new RegExp(String.raw`(?<![\p{L}\p{M}])${escapeRe(name)}(?:[^\S\n]+(?:${PARTICLE}[^\S\n]+)*${CAP}){1,3}`, 'u').exec(
    text,
  )?.[0];
  return full && isPersonName(full) ? squash(full) : name;
}

/** Where the text names a person: their first word, or a name they go by, as a word of its own. */
function mentionsOf(text: string, name: string, aliases: Map<string, string>): number[] {
  const words = [name.split(' ')[0]!, ...[...aliases].filter(([, of]) => of === name).map(([alias]) => alias)];
  return words.flatMap((w) =>
    [...text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{M}])${escapeRe(w)}(?![\p{L}\p{M}])`, 'gu'))].map((m) => m.index),
  );
}

// "He joined three years ago …", "She wants …": a sentence about whoever was named last.
const PRONOUN_SENTENCE = /(?:^|[.!?]\s+|\n)\s*(?:He|She|His|Her)\b/gu;

/**
 * How much of the text is about each person: the times it names them, and the sentences that open with "he" or "she"
 * after it last named them.
 */
function salience(text: string, names: string[], aliases: Map<string, string>): Map<string, number> {
  const at = new Map(names.map((n) => [n, mentionsOf(text, n, aliases)]));
  const score = new Map(names.map((n) => [n, at.get(n)!.length]));
  for (const m of text.matchAll(PRONOUN_SENTENCE)) {
    const last = (n: string) => Math.max(-1, ...at.get(n)!.filter((i) => i < m.index));
    const latest = names.reduce<string | undefined>((a, n) => (last(n) >= 0 && (!a || last(n) > last(a)) ? n : a), undefined);
    if (latest) score.set(latest, score.get(latest)! + 1);
  }
  return score;
}

/** The person a text is about, and the other people it names, each with the title it gives them ('' when none). */
export interface People {
  prospect: { name: string; title: string };
  /** Whether the prospect is someone other than the person read before, or more of their name than was read. */
  switched: boolean;
  others: { name: string; title: string }[];
}

/** One person, however the text writes them: "Darnell" and "Darnell Whitaker", "Doyle" and 'Margaret "Peggy" Doyle'. */
const nameWords = (n: string) => n.split(/[\s"'‘’“”]+/).filter((w) => w.length > 2 && !new RegExp(`^${PARTICLE}$`).test(w));
export const samePerson = (a: string, b: string) => nameWords(a).some((w) => nameWords(b).includes(w));

/**
 * The people a text names, and which of them it is about: `chosen` (the person read before) unless the text names
 * someone else outright (an introduction, "our contact is") or comes back to them more. Null when `chosen` is empty.
 */
export function readPeople(text: string, chosen: string): People | null {
  const aliases = new Map<string, string>();
  // 'Margaret "Peggy" Doyle': the name in quotes is what the text calls the chosen person.
  for (const [, nick] of chosen.matchAll(/["'‘“]([^"'’”]+)["'’”]/gu)) aliases.set(nick!, chosen);
  for (const m of text.matchAll(ALIAS)) aliases.set((m[2] ?? m[4])!, squash((m[1] ?? m[3])!));
  const resolve = (raw: string) => {
    const seq = squash(raw.replace(new RegExp(`^${TITLE}`, 'u'), ''));
    return aliases.get(seq) ?? fullNameOf(text, seq);
  };
  const candidates = new Map<string, Candidate>();
  const add = (raw: string, cue: boolean, title = '') => {
    const name = resolve(raw);
    if (!isPersonName(name)) return;
    const c = candidates.get(name) ?? { name, cue: false, title: '' };
    candidates.set(name, { name, cue: c.cue || cue, title: c.title || title });
  };
  const asTitle = (said: string) => {
    // "Director of IT at Cascadia Fisheries Co-op": the title ends where its company or its clause's next part begins.
    const title = said.split(/\s+(?:at|@|for|with|in|based|from)\s+(?=\p{Lu})|\s+(?:and|who|since|based)\s/u)[0]!.trim();
    return hasRoleWord(title) && !CLAUSE_START.test(title) && title.split(' ').length <= 6 ? title : '';
  };
  for (const cue of NAMED) for (const m of text.matchAll(cue)) add(m[1]!, true);
  for (const m of text.matchAll(TITLED)) {
    const title = asTitle(m[2]!);
    // "she was at Duvall Mercantile, first as an analyst": a name after "at" or "for" is where someone worked.
    const before = text.slice(Math.max(0, m.index - 12), m.index + m[0].indexOf(m[1]!));
    if (!title || /\b(?:at|for|from|joined|left)\s+$/iu.test(before)) continue;
    const end = text.indexOf('\n', m.index);
    const line = text.slice(text.lastIndexOf('\n', m.index) + 1, end < 0 ? undefined : end);
    add(m[1]!, MAIN_CONTACT.test(line), title);
  }
  for (const m of text.matchAll(TITLE_FIRST)) {
    const title = asTitle(m[1]!);
    // "her card says Director of …, Ministerio de …,": the words before the name are a title, not a clause.
    if (title && hasRoleWord(title.split(' ').slice(0, 2).join(' '))) add(m[2]!, false, title);
  }
  // Nobody read before: the person a cue names, if any ("We got an inbound from Ayodele Bankole. He runs …").
  // "lig. c/ rafael tenório": a note's verb read as a name is nobody's.
  if (!chosen || NOTE_VERB.test(chosen)) {
    // Else the one person the text gives a title, if there is just one ("Spoke w/ the CFO at …, Alistair Penhaligon").
    const titled = [...candidates.values()].filter((c) => c.title);
    const named =
      [...candidates.values()].find((c) => c.cue)?.name ??
      (asWritten(noteName(text), 'name') || (titled.length === 1 ? titled[0]!.name : ''));
    const title = candidates.get(named)?.title ?? '';
    return named ? { prospect: { name: named, title }, switched: true, others: [] } : null;
  }
  const current = resolve(chosen);
  const introduced = (name: string) =>
    new RegExp(String.raw`(?<![\p{L}\p{M}])${escapeRe(name.split(' ')[0]!)}(?:\s+${CAP})*${INTRODUCER}`, 'u').test(text);
  const seen = salience(text, [...new Set([current, ...candidates.keys()])], aliases);
  const score = (name: string) => seen.get(name)! + (candidates.get(name)?.cue ? 3 : 0) - (introduced(name) ? 3 : 0);
  const rivals = [...candidates.values()].filter((c) => !samePerson(c.name, current) && !samePerson(c.name, chosen));
  const best = rivals.length ? rivals.reduce((a, b) => (score(b.name) > score(a.name) ? b : a)) : undefined;
  // The reading already made wins a tie: it came from the taggers or the rules, which see more than these cues.
  const switched = !!best && score(best.name) > score(current);
  const mine = [...candidates.values()].find((c) => samePerson(c.name, current));
  // "mtg w/ Deepa … Deepa Raghunathan = our contact": a first name read alone is the full name a cue gives it.
  const asRead = !chosen.includes(' ') && current.startsWith(`${chosen} `) && candidates.get(current)?.cue ? current : chosen;
  const prospect = switched ? { name: best.name, title: best.title } : { name: asRead, title: mine?.title ?? '' };
  const others = [...candidates.values()].filter((c) => !samePerson(c.name, prospect.name)).map(({ name, title }) => ({ name, title }));
  return { prospect, switched: switched || asRead !== chosen, others };
}
