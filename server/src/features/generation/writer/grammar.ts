import nlp from 'compromise';

/** The forms of one verb ("open": opened, opens, opening, opened). */
export interface VerbForms {
  infinitive: string;
  past: string;
  present3: string;
  gerund: string;
  participle: string;
}

const FORMS = new Map<string, VerbForms | null>();

/** A verb's forms from any of them ("cuts", "cut", "opened"), via compromise; null when it is no verb. */
export function verbForms(word: string): VerbForms | null {
  const w = word.toLowerCase();
  if (FORMS.has(w)) return FORMS.get(w)!;
  // Alone, "close" or "expanded" read as adjectives; after a subject they are verbs.
  const c = (nlp(w).verbs().conjugate()[0] ?? nlp(`they ${w}`).verbs().conjugate()[0]) as Record<string, string> | undefined;
  const forms = c?.Infinitive
    ? {
        infinitive: c.Infinitive,
        past: c.PastTense ?? `${c.Infinitive}ed`,
        present3: c.PresentTense ?? `${c.Infinitive}s`,
        gerund: c.Gerund ?? `${c.Infinitive}ing`,
        participle: c.Participle ?? c.PastTense ?? `${c.Infinitive}ed`,
      }
    : null;
  FORMS.set(w, forms);
  return forms;
}

/** How a clause about the person is built, so it can be said to them in another form. */
export interface Clause {
  tense: 'past' | 'progressive' | 'present' | 'passive' | 'perfect';
  verb: VerbForms;
  /** What follows the verb, pronouns already turned to "your" ("a new distribution centre in Leeds"). */
  rest: string;
}

const ADVERBS = /^(?:just|recently|also|finally|successfully|now|currently|proudly|still)$/i;
const TAG = new Map<string, string[]>();
function tagsOf(word: string): string[] {
  const w = word.toLowerCase();
  if (!TAG.has(w)) TAG.set(w, (nlp(w).json()[0]?.terms?.[0]?.tags as string[] | undefined) ?? []);
  return TAG.get(w)!;
}

/** "her team" → "your team": the clause is said to the person. */
export function toYour(s: string): string {
  return s
    .replace(/\b(?:her|his|their)\b/gi, 'your')
    .replace(/\b(?:herself|himself|themselves)\b/gi, 'yourself')
    .replace(/\b(?:she|he|they)\b/gi, 'you');
}

/**
 * A third-person predicate ("just opened a new distribution centre in Leeds", "is rolling out a WMS",
 * "expanding the fleet", "was named one of…") as a clause; null when it does not start with a verb.
 */
export function parseClause(predicate: string): Clause | null {
  const words = predicate
    .trim()
    .replace(/[.!;]+$/, '')
    .split(/\s+/);
  while (words.length && ADVERBS.test(words[0]!)) words.shift();
  // "mentioned she is also hiring": what was said is the clause.
  if (/^(?:mentioned|said|told|noted|explained|shared)$/i.test(words[0] ?? '')) {
    const said = words
      .slice(1)
      .join(' ')
      .replace(/^(?:me|us)\s+/i, '')
      .replace(/^that\s+/i, '');
    const m = /^(?:she|he|they)\s+(.+)$/i.exec(said);
    return m ? parseClause(m[1]!) : null;
  }
  const first = words[0]?.toLowerCase() ?? '';
  const second = words[1]?.toLowerCase() ?? '';
  const restFrom = (i: number) => toYour(words.slice(i).join(' '));
  if (/^(?:is|are|am)$/.test(first) && /ing$/.test(second)) {
    // Only the -ing form is said again; compromise may not know every gerund on its own ("rolling").
    const verb = verbForms(second) ?? { infinitive: second, past: second, present3: second, gerund: second, participle: second };
    return { tense: 'progressive', verb: { ...verb, gerund: second }, rest: restFrom(2) };
  }
  if (/^(?:was|were)$/.test(first) && second) {
    const verb = verbForms(second);
    return verb ? { tense: 'passive', verb, rest: restFrom(2) } : null;
  }
  if (/^(?:has|have)$/.test(first) && second && !/^(?:a|an|the|\d)/.test(second)) {
    const verb = verbForms(second);
    return verb ? { tense: 'perfect', verb, rest: restFrom(2) } : null;
  }
  if (!first || !/^[a-z-]+$/.test(first)) return null;
  const tags = tagsOf(first);
  // compromise tags "expanded" or "closed" alone as adjectives: try the verbs whose past form it is.
  const pastOf = /ed$/.test(first)
    ? [first.slice(0, -2), first.slice(0, -1), first.slice(0, -3), `${first.slice(0, -3)}y`].map(verbForms).find((v) => v?.past === first)
    : undefined;
  if (!tags.includes('Verb') && !/ing$/.test(first) && !pastOf) return null;
  const verb = pastOf ?? verbForms(first);
  if (!verb || !words[1]) return null;
  if (/ing$/.test(first)) return { tense: 'progressive', verb, rest: restFrom(1) };
  if (pastOf || tags.includes('PastTense') || first === verb.past) return { tense: 'past', verb, rest: restFrom(1) };
  return { tense: 'present', verb, rest: restFrom(1) };
}

/** The clause said to the person: "you opened…", "you're expanding…", "you were named…". */
export function youClause(c: Clause): string {
  switch (c.tense) {
    case 'past':
      return `you ${c.verb.past} ${c.rest}`;
    case 'progressive':
      return `you're ${c.verb.gerund} ${c.rest}`;
    case 'passive':
      return `you were ${c.verb.participle} ${c.rest}`;
    case 'perfect':
      return `you've ${c.verb.participle} ${c.rest}`;
    default:
      return `you ${c.verb.infinitive} ${c.rest}`;
  }
}

/** The clause as a gerund phrase, a noun a sentence can use: "opening a new distribution centre in Leeds". */
export function gerundPhrase(c: Clause): string {
  return c.tense === 'passive' ? `being ${c.verb.participle} ${c.rest}` : `${c.verb.gerund} ${c.rest}`;
}

/** Past or finished: something to congratulate on rather than ask how it is going. */
export const isDone = (c: Clause) => c.tense === 'past' || c.tense === 'passive' || c.tense === 'perfect';

/**
 * When a clause says something happens: "next year", "in 2027", "later this year", "in Q3", "this autumn", "soon".
 * "by 2028" is a deadline for work under way, not when it happens.
 */
const WHEN_AHEAD =
  /\b(?:next\s+(?:year|month|quarter|week|spring|summer|autumn|fall|winter|season)|later\s+this\s+(?:year|month|quarter|season)|(?:early|late)\s+next\s+\w+|in\s+(?:(?:early|late|mid-?)\s*)?(?:20\d\d|Q[1-4]|H[12]|the\s+(?:coming|next)\b|a\s+few\s+(?:weeks|months)|(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)|this\s+(?:coming\s+)?(?:spring|summer|autumn|fall|winter)|soon|from\s+(?:20\d\d|Q[1-4]|next\b))/i;

/**
 * Not happened yet: a clause under way or planned that names a time to come ("commissioning a battery storage site
 * next year", "opening 12 stores in 2027", "plans to open…"). Its questions ask about the plans, never "so far".
 */
export function isUpcoming(c: Clause): boolean {
  if (isDone(c)) return false;
  if (/^(?:plan|prepare|intend|aim|expect|schedule|get)$/.test(c.verb.infinitive) && /^(?:to|for)\s/.test(c.rest)) return true;
  return WHEN_AHEAD.test(c.rest);
}

/** Whether a phrase already says when ("by 2028", "this year", "in Q3"), so a sentence adds no second time. */
export const saysWhen = (s: string) =>
  WHEN_AHEAD.test(s) ||
  /\b(?:by|before|until|this)\s+(?:20\d\d|Q[1-4]|H[12]|(?:the\s+)?end\b|year|month|quarter|season|spring|summer|autumn|fall|winter)\b/i.test(
    s,
  );

/** "a" or "an" before a word, by its sound ("an SaaS", "a unified", "an hour"). */
export function article(word: string): 'a' | 'an' {
  const w = word.trim();
  if (/^[A-Z]{2,}/.test(w)) return /^[AEFHILMNORSX]/.test(w) ? 'an' : 'a';
  if (/^(?:uni|use|usu|eu|one|once|ur)/i.test(w)) return 'a';
  if (/^(?:hour|honest|honou?r|heir)/i.test(w)) return 'an';
  return /^[aeiou]/i.test(w) ? 'an' : 'a';
}

/** Whether a noun phrase is plural ("no-shows", "stockouts"), so its verb agrees. */
export function isPluralPhrase(np: string): boolean {
  // "AOG delays and parts tracking in spreadsheets": two things joined, the first of them plural, are plural ("profit
  // and loss reporting" is one thing: its first word is no plural).
  const joined = /^(.+?)\s+and\s+\S/.exec(np.trim());
  if (joined && joined[1]!.includes(' ') && isPluralPhrase(joined[1]!)) return true;
  const head = np
    .trim()
    // "alarms that reach someone's phone": the head comes before a relative clause too.
    // "the tools you rely on": and before a contact clause, which starts with its subject.
    .replace(/\s+(?:across|in|at|for|with|on|from|of|every|each|that|which|who|where|you|we|they|I|he|she)\b.*$/i, '')
    .split(/\s+/)
    .at(-1)!
    .toLowerCase();
  if (/(?:ss|us|is|ics|news|series)$/.test(head)) return false;
  return /[^s]s$/.test(head) || tagsOf(head).includes('Plural');
}

export const cap = (s: string) => (s ? s[0]!.toLocaleUpperCase() + s.slice(1) : s);
export const lowerFirst = (s: string) => (s && !/^(?:[A-Z]{2}|I\b|I')/.test(s) ? s[0]!.toLocaleLowerCase() + s.slice(1) : s);

export function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** End a sentence once: a name that ends in a dot ("Co.") ends it too. */
export function sentence(s: string, end = '.'): string {
  const t = s.trim();
  if (/[.!?]$/.test(t)) return end === '.' || t.endsWith(end) ? t : `${t.replace(/\.$/, '')}${end}`;
  return `${t}${end}`;
}
