import nlp from 'compromise';
import type { PersonProfile } from '../extract-profile';
import {
  article,
  cap,
  gerundPhrase,
  isDone,
  isPluralPhrase,
  isUpcoming,
  list,
  lowerFirst,
  parseClause,
  saysWhen,
  toYour,
  youClause,
} from './grammar';

/**
 * Something specific about the lead a text can be built on (a need, an event, where you met…), already
 * realised as whole sentences in several wordings. A fact that cannot be said grammatically makes no
 * moment: it is left out, never pasted.
 */
export interface Moment {
  kind: 'need' | 'event' | 'personal' | 'met' | 'previous' | 'interest' | 'detail';
  /** A short label for a bullet. */
  label: string;
  /** Sentences that open a message about it, each starting with "I" (so it can follow "Hi Maria,"). */
  openers: string[];
  /** Questions to ask about it. */
  questions: string[];
  /** Advice to the rep, an imperative ("ask how the search for X is going"). */
  advice: string;
  /** The words it is about, to see whether the rep's offer fits. */
  words: string;
  /** An event still to come ("commissioning a site next year"): asked about as plans, never as "how it's going". */
  upcoming?: boolean;
  /**
   * A need's subject in the lead's own words, as a noun phrase a sentence can be about ("predictive
   * maintenance tools for substations", "replacing spreadsheets for shift planning"), and its number.
   */
  topic?: { np: string; plural: boolean };
}

const be = (np: string) => (isPluralPhrase(np) ? 'are' : 'is');
const have = (np: string) => (isPluralPhrase(np) ? 'have' : 'has');
// A thing one has one of, said without its determiner in a note ("unhappy with pay-as-you-go billing provider").
const BARE_ONE_OF =
  /^(?!(?:a|an|the|your|their|his|her|its|our|my|this|that|these|those|some|any|no|every|each)\s)[\p{L}\d][\p{L}\d\s/&-]*\b(?:provider|vendor|supplier|system|platform|tool|partner|agency|contractor|carrier|broker|insurer|app|solution|CRM|ERP|WMS|TMS|ATS|POS|LMS|MES|PMS|HRIS)$/u;
/** "current POS vendor" → "your current POS vendor": a CRM note drops the possessive. */
const owned = (np: string) => toYour(np.replace(/^(?:the\s+)?(current|existing|old|legacy)\b/i, 'your $1'));
/** What they are unhappy with is theirs: "billing provider" → "your billing provider". */
const ownedOne = (np: string) => (BARE_ONE_OF.test(np) ? `your ${np}` : owned(np));

/**
 * "looking at workforce management tools, shortlist of 3", "needs project costing per window, quotes are guesswork
 * now": a need without a note about it after a comma; a list ("comparing Xero, QuickBooks and Sage") is kept whole.
 */
const withoutAside = (np: string) => (/,/.test(np) && !/\b(?:and|or)\b|&/i.test(np) ? np.split(',')[0]!.trim() : np);

/**
 * "won the tender to restore the cathedral windows (3-yr job)", "opening a bereavement centre in the summer, so the
 * problem is getting worse": a note in brackets, or a clause after a comma saying why or what follows, is the rep's
 * reading of the fact, not words to put inside a sentence to the prospect ("What did opening … , so the problem is
 * getting worse change for the team?").
 */
const withoutNoteOnIt = (fact: string) =>
  fact
    .replace(/\s*\([^()]*\)$/u, '')
    .replace(/,\s+(?:so|which|but|because|although|though)\s.*$/iu, '')
    .trim() || fact;

const EVALUATING =
  /^(?:(?:is|are|currently|now)\s+)*(evaluating|looking at|looking for|considering|comparing|shortlisting|reviewing|exploring|researching|assessing|searching for|shopping for|in the market for|evaluando|avaliar)\s+(.{3,})$/i;
const PAIN =
  /^(?:(?:is|are|has|have|has been)\s+)*(struggling with|struggles with|complained about|complains about|complaining about|frustrated (?:with|by)|problems with|issues with|pain with)\s+(.{3,})$/i;
const UNHAPPY = /^(?:(?:is|are)\s+)*(?:unhappy|not happy|dissatisfied|disappointed) with\s+(.{3,})$/i;
const WANT = /^(?:(?:is|are)\s+)*(?:wants|want|needs|need|plans|plan|hopes|aims|is trying|trying|looking|is looking) to\s+(.{3,})$/i;
const ASKED = /^(?:asked|enquired|inquired)\s+(?:for|about)\s+(.{3,})$/i;
/** "wants demo nxt wk", "would like a quote for 80 trackers": something the lead asks of the seller, and what it is for. */
const SELLER_ASK =
  /^(?:wants?|would like|needs?|requested|is asking for)\s+(?:(?:a|an|the)\s+)?(demo|quote|proposal|trial|price list|pricing|callback|call back)(\s+(?:for|of|on)\s+[^,;]{1,60}?)?(?:\s+(?:by|before|next|this|asap|soon|tomorrow|today)\b.*)?$/i;
/**
 * "wants route optimisation", "needs cattle traceability": a wish for a thing, not for an action; "want simple online
 * giving": the verb of a plural subject ("they want …") the reader left out.
 */
const WISH =
  /^(?:wants?|needs?|would like|is after)\s+(?!(?:to|it|them|this|that|these|those|by|in|before|something|anything|more of)\b)(.{3,})$/i;
/** "by Q3", "next year", "before peak season": when, which a sentence about the need says elsewhere. */
const WHEN =
  /\s+(?:(?:by|before|in|within|until|from)\s+(?:Q[1-4]|H[12]|\d{4}|(?:the\s+)?(?:end|start) of\s+.+|(?:January|February|March|April|May|June|July|August|September|October|November|December)\b.*|(?:this|next)\s+\w+|peak season|year[- ]end|the summer|the winter|spring|autumn|fall)|(?:this|next)\s+(?:year|quarter|month|week|season|spring|summer|autumn|winter))$/i;
const topicOf = (np: string, plural = isPluralPhrase(np)) => ({ np: np.replace(WHEN, '') || np, plural });

/** "replacing the permit system…", not "scheduling is a mess" (a subject) nor "pricing pressure" (a noun). */
const GERUND_NEED = /^[a-z]+ing\s+(?!(?:is|are|was|were|takes?|has|have|costs?|keeps?|remains?|needs?)\b)\S/;
const ING_NOUN =
  /^(?:pricing|building|training|marketing|planning|scheduling|onboarding|housing|funding|billing|shipping|staffing|tracking|reporting|accounting|forecasting|manufacturing|engineering|packaging|booking|budgeting|hiring|recruiting|invoicing|routing|ticketing|parking|lighting|heating|cooling|catering|clothing|banking|lending|learning|testing|monitoring|rostering|sourcing|purchasing|picking|warehousing|trucking|printing|messaging|networking|spending|timing|costing|processing|financing|underwriting|licensing|permitting|consulting)\b/;

/** A stated need as one phrase: its first sentence and clause, "Replacing" as "replacing". */
function needPhrase(need: string): string {
  const first = need
    .trim()
    .split(/(?<=[\p{Ll}\d)])\.\s+|;\s*/u)[0]!
    .replace(/[.;]+$/, '');
  return /^\p{Lu}\p{Ll}/u.test(first) ? lowerFirst(first) : first;
}

/**
 * A need named as things, with no verb of its own: "audit findings from KCAA", "maintenance records on paper" (a
 * plural noun after a noun is not a verb). Short, one phrase, or nothing.
 */
function bareThing(said: string): string {
  // "moisture sensors on old bins unreliable": a note's "are unreliable" without its verb; the things are the subject.
  const n = said.replace(/\s+(?:unreliable|outdated|broken|slow|clunky|manual|expensive|inaccurate|obsolete|flaky|buggy)$/i, '');
  const words = n.split(' ');
  if (words.length < 2 || words.length > 6 || /[^\p{L}\p{N}\s&'’-]/u.test(n) || parseClause(n)) return '';
  const terms = (nlp(n).json() as { terms: { text: string; tags: string[] }[] }[]).flatMap((sentence) => sentence.terms);
  const verbLike = terms.some((t, i) => t.tags.includes('Verb') && !(/s$/.test(t.text) && i > 0 && terms[i - 1]!.tags.includes('Noun')));
  // A singular thing needs an article its phrase may have lost ("loyalty program"): only plurals are said alone.
  return verbLike || !isPluralPhrase(n) || /\b(?:is|are|was|were|has|have|had|be|been)\b/i.test(n) ? '' : n;
}

function needMoment(need: string, p: PersonProfile): Moment | null {
  const who = p.firstName || 'them';
  const n = withoutAside(withoutNoteOnIt(needPhrase(need)));
  let m = EVALUATING.exec(n);
  if (m && /^[a-z]/.test(m[1]!) && !/^(?:evaluando|avaliar)$/.test(m[1]!)) {
    const verb = m[1]!.toLowerCase();
    const x = owned(m[2]!);
    return {
      kind: 'need',
      label: cap(x),
      openers: [
        `I understand you're ${verb} ${x}.`,
        `I hear you're ${verb} ${x} at the moment.`,
        `I gather ${x} ${be(x)} on your list right now.`,
      ],
      questions: [
        `What would it take for ${x} to make your shortlist?`,
        `What matters most to you as you compare ${isPluralPhrase(x) ? x : `options for ${x}`}?`,
        `How far along is the search for ${x}?`,
      ],
      advice: `ask what ${who} needs from ${x} before you say what you offer`,
      words: x,
      topic: topicOf(x),
    };
  }
  m = UNHAPPY.exec(n);
  if (m) {
    const x = ownedOne(m[1]!);
    const does = isPluralPhrase(x) ? 'get' : 'gets';
    return {
      kind: 'need',
      label: cap(x),
      openers: [
        `I understand you're not happy with ${x}.`,
        `I hear ${x} ${have(x)} not lived up to expectations.`,
        `I gather ${x} ${be(x)} a sore point.`,
      ],
      questions: [
        `What is the one thing ${x} ${does} wrong most often?`,
        `What would a better option than ${x} do differently?`,
        `What would make switching away from ${x} worth the effort?`,
      ],
      advice: `let ${who} say what goes wrong with ${x} before you suggest anything`,
      words: x,
      topic: topicOf(x),
    };
  }
  m = PAIN.exec(n);
  if (m) {
    const x = owned(m[2]!);
    return {
      kind: 'need',
      label: cap(x),
      openers: [
        `I understand ${x} ${have(x)} been a headache.`,
        `I hear ${x} ${be(x)} taking more effort than ${isPluralPhrase(x) ? 'they' : 'it'} should.`,
        `I gather ${x} ${be(x)} a problem right now.`,
      ],
      questions: [
        `What does ${x} cost you in a normal month?`,
        `What have you tried so far to deal with ${x}?`,
        `What would change for the team if ${x} went away?`,
      ],
      advice: `ask ${who} what ${x} costs the team before you bring up a fix`,
      words: x,
      topic: topicOf(x),
    };
  }
  m = WANT.exec(n);
  if (m) {
    const c = parseClause(m[1]!);
    if (!c || c.tense !== 'present') return null;
    const vp = `${c.verb.infinitive} ${c.rest}`;
    const g = gerundPhrase(c);
    return {
      kind: 'need',
      label: cap(g),
      openers: [`I understand you want to ${vp}.`, `I hear ${g} is a priority for you.`, `I gather you're keen to ${vp}.`],
      questions: [
        `What has stood in the way of ${g} so far?`,
        `How much would it help the team to ${vp}?`,
        `What is the first step toward ${g}?`,
      ],
      advice: `ask ${who} what has stopped the team from ${g} so far`,
      words: vp,
      topic: topicOf(g, false),
    };
  }
  const ask = SELLER_ASK.exec(n);
  if (ask) {
    // "wants demo next week", "wants a quote for 80 GPS trackers": a request of the seller, said with its article.
    const x = `${/^pricing$/i.test(ask[1]!) ? '' : 'a '}${ask[1]!.toLowerCase()}${ask[2] ?? ''}`;
    return {
      kind: 'need',
      label: cap(x),
      openers: [`I'm following up on your request for ${x}.`, `I saw that you asked for ${x}.`, `I wanted to come back to you about ${x}.`],
      questions: [`What should ${x} cover to be useful to you?`, `Who else should see ${x} with you?`, `By when do you need ${x}?`],
      advice: `ask what ${who} wants to see in ${x} before you say what you offer`,
      words: x,
      topic: topicOf(x),
    };
  }
  m = ASKED.exec(n);
  if (m) {
    const x = owned(m[1]!);
    return {
      kind: 'need',
      label: cap(x),
      openers: [
        `I'm following up on your question about ${x}.`,
        `I saw that you asked about ${x}.`,
        `I wanted to come back to you about ${x}.`,
      ],
      questions: [`What should ${x} cover to be useful to you?`, `Who else will look at ${x} with you?`, `By when do you need ${x}?`],
      advice: `answer the question about ${x} first; everything else can wait`,
      words: x,
      topic: topicOf(x),
    };
  }
  m = WISH.exec(n);
  if (m) {
    const x = owned(m[1]!);
    return {
      kind: 'need',
      label: cap(x),
      openers: [`I understand you're looking for ${x}.`, `I hear ${x} ${be(x)} on your wish list.`, `I gather the team could use ${x}.`],
      questions: [
        `What would ${x} have to do for the team to call it a success?`,
        `What has kept ${x} off the list until now?`,
        `How soon would you like to have ${x} in place?`,
      ],
      advice: `ask what ${who} expects from ${x} before you say what you offer`,
      words: x,
      topic: topicOf(x),
    };
  }
  const thing = bareThing(n);
  if (thing)
    return {
      kind: 'need',
      label: cap(thing),
      // Things named alone are a pain ("audit findings from KCAA") or a wish ("new tablets"): said so it fits both.
      openers: [`I gather ${thing} are on your mind at the moment.`, `I understand ${thing} are on the agenda right now.`],
      questions: [
        `Where do ${thing} stand for the team today?`,
        `What would you change first about ${thing}?`,
        `Who else has a say when it comes to ${thing}?`,
      ],
      advice: `ask ${who} where ${thing} stand before you say what you offer`,
      words: thing,
      topic: topicOf(thing),
    };
  // "Replacing spreadsheets for shift planning by Q3": work in progress, said in the lead's words.
  const c = GERUND_NEED.test(n) && !ING_NOUN.test(n) ? parseClause(n) : null;
  if (c?.tense === 'progressive' && c.rest.split(' ').length <= 14) {
    const g = gerundPhrase(c);
    return {
      kind: 'need',
      label: cap(g),
      openers: [`I understand you're ${g}.`, `I hear you're ${g} at the moment.`, `I gather ${g} is on your plate right now.`],
      questions: [
        `How far along are you with ${g}?`,
        `What would make ${g} a success for the team?`,
        `What has been the hardest part of ${g} so far?`,
      ],
      advice: `ask ${who} how ${g} is going before you say what you offer`,
      words: g,
      topic: topicOf(g, false),
    };
  }
  return null;
}

/** "New route to Cherbourg from April", "a second plant in Győr": news a note names as a thing, with no verb. */
const NEWS_THING = /^(?:a\s+)?(?:new|second|third|another)\s+[\p{L}\p{N}][\p{L}\p{N}\s'’-]*$/iu;

function newsThing(said: string, p: PersonProfile): Moment | null {
  const np = `the ${lowerFirst(said.trim().replace(/^a\s+/i, ''))}`;
  const words = np.split(' ');
  const terms = (nlp(said).json() as { terms: { tags: string[] }[] }[]).flatMap((s) => s.terms);
  if (!NEWS_THING.test(said.trim()) || words.length > 11 || terms.some((t) => t.tags.includes('Verb'))) return null;
  return {
    kind: 'event',
    label: cap(said.trim().replace(/^a\s+/i, '')),
    openers: [`I saw the news about ${np}.`, `I read about ${np}.`],
    questions: [`What will ${np} change for the team?`, `How are the plans for ${np} coming along?`, `What would make ${np} a success?`],
    advice: `ask ${p.firstName || 'them'} about ${np}${p.company ? ` and what it means for ${p.company}` : ''}`,
    words: np,
    upcoming: true,
  };
}

/**
 * "export licence to Japan approved", "EU grant awarded": a headline's passive, a thing and what was done to it (read as
 * a verb, "export" made "exporting licence to Japan approved").
 */
const HEADLINE_PASSIVE =
  /^(?!(?:we|they|he|she|i|you|it|the|a|an|our|their|his|her|its|my|new|\d)\b)([\p{L}][\p{L}\p{N}\s'’&-]{2,60}?)\s+(approved|granted|signed|awarded|renewed|completed|finali[sz]ed|confirmed|certified|secured)$/iu;

function headlinePassive(said: string, p: PersonProfile): Moment | null {
  const m = HEADLINE_PASSIVE.exec(said.trim());
  if (!m) return null;
  const thing = `the ${m[1]!.charAt(0).toLowerCase()}${m[1]!.slice(1)}`;
  const done = m[2]!.toLowerCase();
  const was = isPluralPhrase(thing) ? 'were' : 'was';
  return {
    kind: 'event',
    label: cap(`${m[1]!} ${done}`),
    openers: [`I saw that ${thing} ${was} ${done}.`, `I read that ${thing} ${was} ${done}, congratulations.`],
    questions: [`What does ${thing} change for the team?`, `What comes next now that ${thing} ${have(thing)} been ${done}?`],
    advice: `ask ${p.firstName || 'them'} about ${thing}${p.company ? ` and what it means for ${p.company}` : ''}`,
    words: thing,
    upcoming: false,
  };
}

function eventMoment(fact: string, personal: boolean, p: PersonProfile): Moment | null {
  const said = withoutNoteOnIt(fact);
  const headline = personal ? null : headlinePassive(said, p);
  if (headline) return headline;
  const c = parseClause(said);
  if (!c && !personal) return newsThing(said, p);
  if (!c || c.rest.split(' ').length > 14) return null;
  const you = youClause(c);
  const g = gerundPhrase(c);
  const who = p.firstName || 'them';
  if (personal) {
    return {
      kind: 'personal',
      label: cap(g),
      openers: isDone(c)
        ? [`I saw that ${you}, congratulations.`, `I read that ${you}; congratulations.`]
        : [`I saw that ${you}.`, `I noticed ${you}.`],
      questions: [`How was ${g}?`, `What got you into ${g}?`, `What is next after ${g}?`],
      advice: `congratulate ${who} on ${g}; a personal achievement opens more doors than a pitch`,
      words: g,
    };
  }
  // The questions follow the event's time: what it changed, how it is going, or how the plans for it stand.
  const upcoming = isUpcoming(c);
  const questions = isDone(c)
    ? [`What did ${g} change for the team?`, `What was the hardest part of ${g}?`, `What comes next after ${g}?`]
    : upcoming
      ? [
          `How are the plans for ${g} coming along?`,
          `What would make ${g} a success for the team?`,
          `Where do you expect the hardest part of ${g} to be?`,
        ]
      : [
          `How far along are you with ${g}?`,
          `What has surprised you most about ${g} so far?`,
          `What would make ${g} a success${saysWhen(g) ? '' : ' by the end of the year'}?`,
        ];
  return {
    kind: 'event',
    label: cap(g),
    openers: isDone(c)
      ? [`I saw that ${you}.`, `I read that ${you}, congratulations.`, `I noticed ${you}.`]
      : [`I saw that ${you}.`, `I hear ${you}.`, `I noticed ${you}.`],
    questions,
    advice: `ask ${who} about ${g}${p.company ? ` and what it means for ${p.company}` : ''}`,
    words: g,
    upcoming,
  };
}

/** An interest that is a subject of work ("synthetic identity fraud", "Women in Tech"), not a pastime. */
const PROFESSIONAL_TOPIC =
  /\b(?:fraud|risk|compliance|models?|AI|machine learning|data|analytics|automation|security|cyber\w*|governance|regulation|regulatory|fintech|payments?|lending|credit|strategy|supply chains?|procurement|sustainability|ESG|decarboni\w+|leadership|SaaS|cloud|marketing|sales|growth|inclusion|diversity|innovation|digital|transformation|policy|tax|accounting|logistics|startups?|venture|investing|women in \w+)\b/i;

/** Known custom fields as sentences; other fields stay in the insights only. */
function detailMoment(label: string, value: string, p: PersonProfile): Moment | null {
  const l = label.toLowerCase();
  const v = value.replace(/[.;]+$/, '');
  const names = list(v.split(/\s*,\s*/).filter(Boolean));
  if (/vendor|provider|supplier|incumbent|competitor/.test(l))
    return {
      kind: 'detail',
      label: `Works with ${names}`,
      openers: [
        `I understand you work with ${names} today.`,
        `I see that ${names} ${v.includes(',') ? 'are' : 'is'} part of your setup today.`,
      ],
      questions: [
        `What do you like most about ${names}, and what would you change?`,
        `When did you last compare ${names} with the alternatives?`,
      ],
      advice: `ask what ${p.firstName || 'they'} would change about ${names} before you compare anything`,
      words: names,
    };
  if (/renewal|contract end|contract expir/.test(l))
    return {
      kind: 'detail',
      label: `Renewal in ${v}`,
      openers: [`I understand your renewal comes up in ${v}.`],
      questions: [`What will you look at before the renewal in ${v}?`, `Who decides on the renewal in ${v}?`],
      advice: `time your follow-ups to the renewal in ${v}`,
      words: v,
    };
  if (/stack|tools|software|systems/.test(l))
    return {
      kind: 'detail',
      label: `Uses ${names}`,
      openers: [`I see the team works with ${names}.`],
      questions: [
        `How well ${v.includes(',') ? 'do' : 'does'} ${names} fit the way the team works?`,
        `What would you add to ${names} if you could?`,
      ],
      advice: `ask how ${names} ${v.includes(',') ? 'fit' : 'fits'} together before you suggest anything new`,
      words: names,
    };
  return null;
}

/** The lead's specific facts as moments, most specific first: needs, events, where you met, then the rest. */
export function momentsOf(p: PersonProfile): Moment[] {
  const out: Moment[] = [];
  for (const need of p.needs) {
    const m = needMoment(need, p);
    if (m) out.push(m);
  }
  for (const e of p.events) {
    const m = eventMoment(e.said, e.personal, p);
    if (m && !out.some((o) => o.words === m.words)) out.push(m);
  }
  if (p.metAt) {
    out.push({
      kind: 'met',
      label: `Met at ${p.metAt}`,
      openers: [`It was good to meet you at ${p.metAt}.`, `I enjoyed our chat at ${p.metAt}.`, `I'm following up after ${p.metAt}.`],
      questions: [
        `What was the most useful thing you took away from ${p.metAt}?`,
        `Which conversation at ${p.metAt} was worth the trip?`,
        `What did you think of ${p.metAt} this time?`,
      ],
      advice: `remind ${p.firstName || 'them'} where you met (${p.metAt}) in your first line`,
      words: p.metAt,
    });
  }
  if (p.previousCompany && p.company) {
    out.push({
      kind: 'previous',
      label: `From ${p.previousCompany} to ${p.company}`,
      openers: [
        `I saw you moved from ${p.previousCompany} to ${p.company}.`,
        `I noticed you joined ${p.company} from ${p.previousCompany}.`,
      ],
      questions: [
        `What did you bring over from ${p.previousCompany}?`,
        `What surprised you most after moving from ${p.previousCompany}?`,
        `What is the biggest difference between ${p.previousCompany} and ${p.company}?`,
      ],
      advice: `ask what ${p.firstName || 'they'} brought over from ${p.previousCompany}`,
      words: p.previousCompany,
    });
  }
  for (const d of p.details) {
    const m = detailMoment(d.label, d.value, p);
    if (m) out.push(m);
  }
  for (const interest of p.interests.slice(0, 2)) {
    if (!/^[\p{Ll}\p{Lu}][\p{L}\s'’-]{1,40}$/u.test(interest) || interest.split(' ').length > 5) continue;
    out.push(
      PROFESSIONAL_TOPIC.test(interest)
        ? {
            // "explainable credit models": what they think about at work, not how they switch off after it.
            kind: 'interest',
            label: cap(interest),
            openers: [`I noticed you've been thinking about ${interest}.`, `I saw that ${interest} is on your mind.`],
            questions: [
              `What is your take on ${interest} at the moment?`,
              `What got you interested in ${interest}?`,
              `Where do you see ${interest} heading next year?`,
            ],
            advice: `ask what ${p.firstName || 'they'} ${p.firstName ? 'thinks' : 'think'} about ${interest} before you share your own view`,
            words: interest,
          }
        : {
            kind: 'interest',
            label: cap(interest),
            openers: [`I noticed you're into ${interest}.`, `I saw that ${interest} is a big part of your week.`],
            questions: [
              `What got you into ${interest}?`,
              `How do you find time for ${interest} alongside work?`,
              `Is ${interest} still how you switch off after work?`,
            ],
            advice: `bring up ${interest} only if ${p.firstName || 'they'} opens the door; share a real experience of your own rather than a compliment`,
            words: interest,
          },
    );
  }
  return out;
}

/** "as Head of Operations", "as a senior engineer": a role as a noun phrase after "as". */
export function asRole(role: string): string {
  return /^[\p{Lu}]/u.test(role) ? role : `${article(role)} ${role}`;
}
