import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import { detectLanguage, writtenLanguage } from '@shared/language';
import type { ColdCallScript, LinkedinDm } from '@shared/schemas/enrich';
import type { Headline } from '../news';
import { countWords } from './content-rules';
import { profileFromLead, type PersonProfile } from './extract-profile';
import { enrichLanguage, icebreakLanguage } from './output-language';
import type { EnrichInput, IcebreakChunk, IcebreakInput, TextGenerator, WriterContext } from './text-generator';
import { cap, isPluralPhrase, list, lowerFirst } from './writer/grammar';
import { industryAngle, leadAngle, type IndustryAngle } from './writer/industry';
import { asRole, momentsOf, type Moment } from './writer/moments';
import { englishProseFacts, type ProseProfile } from './writer/prose-facts';
import { proofGerund, proofSaid, proofTo, readSender, type Offer, type Sender, type Style } from './writer/sender';
import { icebreakSectionsEs, writeColdCallScriptEs, writeLinkedinDmEs } from './writer/spanish';
import { createPicker, seedOf, type Picker } from './writer/variation';
import { fitMessage, fitParts, type Part } from './writer/fit-parts';
import { englishChecker, gate, type Checker, type GatePart } from './writer/grammar-gate';
import { inputWordsOf } from './quality/lint-text';

/*
 * The offline writer plans each text from typed facts (moments: the lead's needs, events, where you
 * met…; the rep's offer; the industry's angle) and realises whole sentences from them. A fact it cannot
 * put in a grammatical sentence makes no moment and is left out. The goal picks the call to action
 * and what the text leads with; it is never said to the prospect. docs/architecture.md#the-offline-writer
 */

// "Dear Nguyễn Thị Lan Anh": a name written family name first is said in its own order.
/** A name in Chinese, Japanese or Korean script: written family name first, without a space ("이지훈", not "지훈 이"). */
const FAMILY_FIRST = /^[\p{sc=Han}\p{sc=Hangul}\p{sc=Hiragana}\p{sc=Katakana}]+$/u;
const fullName = (p: PersonProfile) =>
  p.nameAsWritten ??
  (FAMILY_FIRST.test(p.firstName) && FAMILY_FIRST.test(p.lastName)
    ? `${p.lastName}${p.firstName}`
    : [p.firstName, p.lastName].filter(Boolean).join(' '));
/** "…at Accra Cocoa Co.." → "…at Accra Cocoa Co.": a name that ends in a dot also ends the sentence. */
const tidy = (s: string) =>
  s
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/\.([?!])/g, '$1')
    .replace(/ {2,}/g, ' ');

/** "is" or "are", agreeing with a noun phrase ("no-shows are", "margin pressure is"). */
const be = (np: string) => (isPluralPhrase(np) ? 'are' : 'is');

type Intent = 'meeting' | 'partner' | 'hire' | 'learn';

/** What the goal asks the text to do; the goal's words themselves stay with the rep. */
function intentOf(goal: string): Intent {
  const g = goal.toLowerCase();
  if (/\b(?:hire|hiring|recruit)/.test(g)) return 'hire';
  if (/\bpartner/.test(g)) return 'partner';
  if (/\b(?:demo|meeting|call|book|schedule|set up|appointment|pilot|trial|close|sell|pitch|present|deal|quote|proposal)\b/.test(g))
    return 'meeting';
  return 'learn';
}

/** Words that say nothing about what a product does: "one telehealth platform" does not fit "a scheduling platform". */
const CONTENT_STOP = new Set(
  (
    'a an the of in at on for to and or with from by our your their we you it is are be team teams time ' +
    'platform tool system software solution app one all new more better single'
  ).split(' '),
);
const stems = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2 && !CONTENT_STOP.has(w))
      .map((w) => w.replace(/(?:ing|ed|es|s)$/, '')),
  );

/** The offer fits only when the lead's own facts name what it does: no claim of fit without one. */
function offerFits(offer: Offer, moments: Moment[], p: PersonProfile): boolean {
  const offeredText = [offer.category, ...offer.proofs.map((x) => x.clause.rest)].join(' ');
  // "a route-planning platform for freight teams" and a logistics lead: the same industry, said by both.
  const sector = industryAngle(p.industry);
  if (p.industry && offeredText && sector === industryAngle(offeredText) && sector !== industryAngle('')) return true;
  const offered = stems(offeredText);
  const theirs = stems([...moments.filter((m) => m.kind === 'need' || m.kind === 'event').map((m) => m.words), p.industry].join(' '));
  return [...theirs].some((w) => offered.has(w));
}

interface Plan {
  p: PersonProfile;
  ctx: WriterContext;
  sender: Sender;
  style: Style;
  offer: Offer;
  intent: Intent;
  /** The lead's moments, the angle first: Regenerate leads with another one. */
  moments: Moment[];
  angle: IndustryAngle;
  /** The industry's questions and concerns in a lead-specific order. */
  questions: string[];
  concerns: string[];
  /**
   * What the text is about: the lead's own need in its words when it states one ("replacing
   * spreadsheets for shift planning"), else the industry's first concern; and its number.
   */
  topic: { np: string; plural: boolean };
  /** The moment of that need, when there is one. */
  need?: Moment;
  fits: boolean;
  pick: Picker;
  /** "Maria", or "there" when no name is known. */
  first: string;
  /** The company, or a plain phrase when it is not known. */
  company: string;
}

function plan(kind: string, p: PersonProfile, ctx: WriterContext, seedInput: unknown): Plan {
  const pick = createPicker(seedOf(kind, seedInput, ctx.goal, ctx.settings, ctx.headlines), ctx.variant ?? 0);
  const sender = readSender(ctx.settings);
  const all = momentsOf(p);
  // Regenerate takes another angle: it leads with the next of the three most specific moments.
  const top = all.slice(0, 3);
  // The first answer leads with the most specific; Regenerate (variant n) with the next one.
  const k = top.length ? (ctx.variant ?? 0) % top.length : 0;
  const moments = [...top.slice(k), ...top.slice(0, k), ...all.slice(3)];
  const written = p as Partial<ProseProfile>;
  const angle = leadAngle(written.industryAsWritten ?? p.industry, p.company, written.roleAsWritten ?? p.role);
  const concerns = pick.rotate('industry-c', angle.concerns);
  const need = all.find((m) => m.topic);
  return {
    p,
    ctx,
    sender,
    style: sender.style,
    offer: sender.offer,
    intent: intentOf(ctx.goal),
    moments,
    angle,
    questions: pick.rotate('industry-q', angle.questions),
    concerns,
    topic: need?.topic ?? { np: concerns[0]!, plural: isPluralPhrase(concerns[0]!) },
    need,
    fits: offerFits(sender.offer, all, p),
    pick,
    first: p.firstName || 'there',
    company: p.company,
  };
}

// ---------------------------------------------------------------------------------------------
// Sentences every text shares

/** The topic, then (as the safer wording) the industry's concern when the topic is the lead's need. */
const aboutTopic = (pl: Plan) => (pl.need ? [pl.topic, { np: pl.concerns[0]!, plural: isPluralPhrase(pl.concerns[0]!) }] : [pl.topic]);

/**
 * The opening line about the lead, in the wordings it may take: its most specific moment, else (and as
 * the safer fallback, when no wording of the moment passes the grammar gate) its work.
 */
function hookOptions(pl: Plan, key: string): string[] {
  const m = pl.moments[0];
  return [...(m ? pl.pick.rotate(key, m.openers) : []), ...workHooks(pl, key)];
}

/** An opening line about the lead's work, in every wording that fits what is known. */
function workHooks(pl: Plan, key: string): string[] {
  const { p, pick } = pl;
  const concern = pl.concerns[0]!;
  if (p.role && p.company)
    return pick.rotate(key, [
      `I came across your work as ${asRole(p.role)} at ${p.company} while reading about ${concern}.`,
      `I've been reading about ${p.company} and the way it handles ${concern}.`,
      `I've been looking at the way teams like ${p.company} deal with ${concern}.`,
    ]);
  if (p.company)
    return pick.rotate(key, [
      `I've been reading about ${p.company} and the way it handles ${concern}.`,
      `I've been looking at the way teams like ${p.company} deal with ${concern}.`,
    ]);
  if (p.role)
    return pick.rotate(key, [
      `I came across your work as ${asRole(p.role)} while reading about ${concern}.`,
      `I've been looking at the way people in your role deal with ${concern}.`,
    ]);
  return pick.rotate(key, [
    `I came across your profile and wanted to say hello.`,
    `I've been looking at the way teams deal with ${concern}.`,
  ]);
}

// "automate month-end close for finance teams": whom it is for, said once ("finance teams automate month-end close").
const FOR_WHOM =
  /^(.+?)\s+for\s+((?:[\p{L}&-]+\s+){0,3}(?:teams|companies|businesses|firms|departments|organisations|organizations|agencies|retailers|manufacturers|hospitals|clinics|schools|fleets|operators|carriers|brands|restaurants|hotels|banks|insurers|lenders|practices|stores|shops))$/u;

/** Who does what the product does: the audience its proof names ("for finance teams"), else teams. */
function audienceOf(proof: Offer['proofs'][number]): { who: string; does: string } {
  const m = FOR_WHOM.exec(proof.clause.rest);
  return { who: m ? m[2]! : 'teams', does: `${proof.clause.verb.infinitive} ${m ? m[1]! : proof.clause.rest}` };
}

/** What the rep offers, said in the writer's words (never a sentence of the settings); [] when nothing is known. */
function offerOptions(pl: Plan, key: string): string[] {
  const { offer, pick } = pl;
  const us = offer.company ? ` at ${offer.company}` : '';
  if (pl.intent === 'hire')
    return pick.rotate(key, [
      `We're growing the team${us} and looking for people with your experience.`,
      `We're hiring${us}, and your background stood out.`,
    ]);
  const proof = offer.proofs.find((x) => x.measured) ?? offer.proofs[0];
  const name = offer.product;
  const { who, does } = proof ? audienceOf(proof) : { who: 'teams', does: '' };
  if (proof && name)
    return pick.rotate(key, [
      `${cap(proofSaid(offer, proof))}.`,
      `${cap(who)} use ${name} to ${does}.`,
      `${name}${offer.category ? `, ${offer.category},` : ''} is built ${proofTo(proof)}.`,
      `With ${name}, ${who} ${does}.`,
      `What ${name} does, in one line: it helps ${who} ${does}.`,
    ]);
  if (proof) return [`We help ${who} ${does}.`];
  if (name && offer.category)
    return [/^(?:an?|the)\s/i.test(offer.category) ? `I work on ${name}, ${offer.category}.` : `I work on ${offer.category} at ${name}.`];
  if (name) return [`I work at ${name}.`];
  return [];
}

/** Fit when the facts show it; otherwise a question, never a claim. [] when there is nothing to fit. */
function fitOptions(pl: Plan, key: string): string[] {
  const { offer, pick } = pl;
  const proof = offer.proofs.find((x) => x.measured) ?? offer.proofs[0];
  if (pl.intent === 'hire' || (!proof && !offer.category)) return [];
  const where = pl.company ? ` at ${pl.company}` : '';
  if (pl.fits)
    return pick.rotate(key, [
      `That sounded close to what you're working on${where}, which is why I'm writing.`,
      `It looked relevant to what the team${where} is doing, so I thought it worth a note.`,
      `From what I've read, that lines up with what you're working on${where}.`,
    ]);
  if (proof)
    return pick.rotate(key, [
      // "next to asset uptime" reads as a place: the concern is what the difference would be made to.
      `Would that make a difference to ${pl.concerns[0]}${where}?`,
      `Is that on the list${where} this year, or ${be(pl.concerns[1] ?? pl.concerns[0]!)} ${pl.concerns[1] ?? pl.concerns[0]} the bigger topic?`,
      `I don't know yet whether that matters${where} as much as ${pl.concerns[0]}, so I'd rather ask than assume.`,
    ]);
  return [`I don't know yet whether that is relevant${where}, so I'd rather ask than assume.`];
}

/** The question for the lead: about its moment when there is one, else its industry. */
function leadQuestions(pl: Plan, key: string, n = 0): string[] {
  const m = pl.moments[n];
  return m ? pl.pick.rotate(key, m.questions) : [pl.questions[n]!];
}

function greeting(pl: Plan): string {
  const { p, style, pick } = pl;
  if (style.greeting)
    return p.firstName
      ? `${style.greeting} ${style.greeting === 'Dear' ? fullName(p) : p.firstName},`
      : `${style.greeting === 'Dear' ? 'Hello' : style.greeting},`;
  if (!p.firstName) return style.formal ? 'Hello,' : 'Hi there,';
  if (style.formal) return `Dear ${fullName(p)},`;
  return style.casual ? pick.pick('hi', [`Hey ${p.firstName},`, `Hi ${p.firstName},`]) : `Hi ${p.firstName},`;
}

function signOff(pl: Plan): string {
  const { sender, pick } = pl;
  const word =
    sender.style.signOff ||
    (sender.style.formal
      ? 'Kind regards'
      : sender.style.casual
        ? pick.pick('sign', ['Cheers', 'Talk soon'])
        : pick.pick('sign', ['Best', 'All the best', 'Thanks']));
  return sender.firstName ? `${word},\n${sender.firstName}` : `${word}`;
}

/** The ask, about the text's topic; the industry's concern is the fallback wording. */
function callToActions(pl: Plan, key: string): string[] {
  const about = aboutTopic(pl);
  return [...new Set(about.flatMap(({ np, plural }, i) => pl.pick.rotate(`${key}${i || ''}`, asks(pl, np, plural))))];
}

/** "maintenance records on paper": a plural topic is "them", not "it". */
const itOrThem = (plural?: boolean) => (plural ? 'them' : 'it');

function asks(pl: Plan, topic: string, plural: boolean): string[] {
  const is = plural ? 'are' : 'is';
  const it = itOrThem(plural);
  const team = pl.company ? `the team at ${pl.company}` : 'your team';
  const options: Record<Intent, string[]> = {
    meeting: [
      `Would a 20-minute call on ${topic} next week be useful for ${team}?`,
      `Could we find 20 minutes in the next two weeks to see whether it helps ${team} with ${topic}?`,
      `Would you be open to a short demo for ${team} on ${topic} in the next two weeks?`,
      `If ${topic} ${is} on the agenda, could we look at ${it} together for 20 minutes?`,
      `Would 20 minutes on ${topic} be worth it for ${team}?`,
    ],
    partner: [
      `Would you be open to a call about working together with ${team}?`,
      `Could we find half an hour to see whether there is a partnership between us and ${team}?`,
    ],
    hire: [
      `I know you're busy${pl.company ? ` at ${pl.company}` : ''}; would you be open to a confidential chat about it?`,
      `Could we find 20 minutes for a no-strings conversation, away from ${pl.company || 'work'}?`,
    ],
    learn: [
      `I'd be glad to hear how ${team} sees ${topic}, whenever you have a minute.`,
      `No pitch, I'm just curious how ${team} sees ${topic}.`,
      `Happy to swap notes on what ${team} is seeing with ${topic} if that's useful.`,
      `If ${topic} ${is} on your list this year, I'd enjoy comparing notes.`,
      `A two-line reply about the way ${team} handles ${topic} would already help me a lot.`,
    ],
  };
  return options[pl.intent];
}

// ---------------------------------------------------------------------------------------------
// LinkedIn

/**
 * A text before the grammar gate: its parts in every wording (`sections`), and how the wordings the
 * gate kept make the answer (`finish`).
 */
export interface Draft<T> {
  sections: GatePart[][];
  finish(chosen: string[][]): T;
  /** The answer as one text, its parts as paragraphs, as the reader sees it: what the gate checks. */
  text(answer: T): string;
}

/** A part in its wordings, tidied as the answer will show them. */
const say = (options: string[], optional = false): GatePart => ({ options: options.map(tidy), optional });

/** The draft's first wordings, unchecked (the gate keeps them when they pass). */
export const firstWordings = <T>(d: Draft<T>): T => d.finish(d.sections.map((parts) => parts.map((x) => x.options[0] ?? '')));

export function draftLinkedinDm(p: PersonProfile, ctx: WriterContext): Draft<LinkedinDm> {
  const pl = plan('dm', p, ctx, p);
  const limit = pl.style.wordLimit;
  const hi = greeting(pl);
  const hooks = hookOptions(pl, 'hook');

  // A connection note asks to connect; the pitch waits for the message.
  const industryCloses = pl.pick.rotate('noteclose', [
    `I'd like to connect and hear how you think about ${pl.concerns[1] ?? pl.concerns[0]}.`,
    `It would be good to connect and compare notes on ${pl.concerns[0]}.`,
    `Happy to connect if ${pl.concerns[2] ?? pl.concerns[0]} ${be(pl.concerns[2] ?? pl.concerns[0]!)} on your mind too.`,
  ]);
  // The note is about the lead's need: said in the hook, or else in the close.
  const { np, plural } = pl.topic;
  const noteCloses =
    pl.need && pl.moments[0] !== pl.need
      ? [
          ...pl.pick.rotate('noteclose', [
            `I'd like to connect and hear how you think about ${np}.`,
            `It would be good to connect and compare notes on ${np}.`,
            `Happy to connect if ${np} ${plural ? 'are' : 'is'} on your mind too.`,
          ]),
          ...industryCloses,
        ]
      : industryCloses;
  const sign = pl.sender.firstName ? `— ${pl.sender.firstName}` : '';
  // The second moment follows the hook; when the hook is not the lead's need, the need does.
  const second = pl.need && pl.moments[0] !== pl.need ? pl.need : pl.moments[1];
  const note = [say(hooks.map((h) => `${hi} ${h}`)), say(noteCloses), say([sign])];
  const message = [
    say([hi]),
    say(hooks),
    say(second && (second === pl.need || second.kind !== pl.moments[0]?.kind) ? pl.pick.rotate('hook2', second.openers) : [], true),
    say(offerOptions(pl, 'offer'), true),
    say(fitOptions(pl, 'fit'), true),
    say(leadQuestions(pl, 'question'), true),
    say(callToActions(pl, 'cta')),
    say([signOff(pl)]),
  ];
  return {
    sections: [note, message],
    text: (dm) => `${dm.connectionNote}\n\n${dm.message}`,
    finish: ([n, m]) => {
      const [hiHook, noteClose, signed] = n!;
      const [greet, hook, hook2, offer, fit, question, cta, bye] = m!;
      const noteParts = fitParts(
        [hiHook!, noteClose!, signed!].map((text) => ({ text, drop: 0 })),
        (kept) => {
          const t = kept.map((x) => x.text).join(' ');
          return t.length <= LINKEDIN_CONNECTION_NOTE_MAX && (!limit || countWords(t) <= limit);
        },
      );
      let connectionNote = tidy(noteParts.map((x) => x.text).join(' '));
      if (connectionNote.length > LINKEDIN_CONNECTION_NOTE_MAX) connectionNote = tidy(`${hi} ${noteClose} ${signed}`.trim());
      const body: Part[] = [
        { text: greet!, drop: 0 },
        { text: [hook, hook2].filter(Boolean).join(' '), drop: 0 },
        { text: offer!, drop: 2 },
        { text: fit!, drop: pl.style.short ? 4 : 3 },
        { text: question!, drop: 1 },
        { text: cta!, drop: 0 },
        { text: bye!, drop: 0 },
      ];
      return { connectionNote, message: tidy(fitMessage(body, limit, hook!).join('\n\n')) };
    },
  };
}

/** The LinkedIn note and message in their first wordings, before the grammar gate. */
export const writeLinkedinDm = (p: PersonProfile, ctx: WriterContext): LinkedinDm => firstWordings(draftLinkedinDm(p, ctx));

// ---------------------------------------------------------------------------------------------
// Cold-call script

/** How the lead came in, as a sentence (Zoho's Lead Source values); '' when it says nothing useful. */
function sourceSentence(source: string): string {
  const s = source.toLowerCase();
  if (/trade show|seminar|conference|event|expo/.test(s)) return 'We crossed paths at a recent event.';
  if (/webinar/.test(s)) return 'Thanks for joining our webinar.';
  if (/web download|download/.test(s)) return 'Thanks for downloading one of our guides.';
  if (/referral/.test(s)) return 'A mutual contact suggested I get in touch.';
  if (/partner/.test(s)) return 'One of our partners suggested we talk.';
  if (/chat/.test(s)) return 'I am following up on your chat with us.';
  return '';
}

export function draftColdCallScript(p: PersonProfile, ctx: WriterContext): Draft<ColdCallScript> {
  const pl = plan('script', p, ctx, p);
  const { pick, sender } = pl;
  const at = pl.company ? ` at ${pl.company}` : '';
  const concern = pl.concerns[0]!;
  const concern2 = pl.concerns[1] ?? concern;
  const from = pl.offer.company ? ` from ${pl.offer.company}` : '';
  const me = sender.fullName
    ? pick.pick('me', [
        `this is ${sender.fullName}${from}.`,
        `it's ${sender.fullName}${from}.`,
        `${sender.fullName} here${from ? `,${from}` : ''}.`,
        `my name is ${sender.fullName}${pl.offer.company ? ` and I'm with ${pl.offer.company}` : ''}.`,
      ])
    : pick.pick('me', ['thanks for picking up.', 'thanks for taking my call.', 'I appreciate you picking up.']);
  // The call is about the lead's need when it states one; the industry's concern is the fallback wording.
  const openers = aboutTopic(pl)
    .flatMap(({ np: topic }, i) =>
      pick.rotate(`permission${i || ''}`, [
        `I know I'm calling out of the blue about ${topic}, so may I take 30 seconds to tell you why, and then you decide whether we keep talking?`,
        `I'll be brief: may I tell you in half a minute why ${topic} made me call, and you tell me if it's worth a conversation?`,
        `Do you have a minute for a question about ${topic}, or shall I call back at a better time?`,
        `Is now a bad time, or can you spare two minutes on ${topic}?`,
        `Have I caught you at a reasonable moment for a two-minute call about ${topic}?`,
        `I'm calling about ${topic}; do you have two minutes?`,
        `It's about ${topic}, and it will take two minutes at most; is that all right?`,
      ]),
    )
    .map((ask) => `Hi ${pl.first}, ${me} ${ask}`);

  const source = sourceSentence(p.leadSource);
  const it = itOrThem(pl.moments[0]?.topic?.plural);
  const whys = pl.moments[0]
    ? pick.rotate('why', [
        // An event still to come has plans, not progress.
        `I'm calling to hear how ${pl.moments[0].upcoming ? 'the plans are coming along' : "it's going"}, and what it means for ${concern2}, before I say anything about us.`,
        `I wanted to understand ${it} better, along with ${concern2}, before I tell you about what we do.`,
        `I'd love to hear how you're approaching ${it} while ${concern2} ${be(concern2)} also on the table.`,
        `Before anything else, I'd like to hear where things stand with ${pl.company || 'the team'}.`,
        `My question is simple: what would make ${it} a success for you?`,
      ])
    : pick.rotate('why', [
        `I'm calling to learn how you handle ${concern} today.`,
        `I wanted to hear your view on ${concern}, from where you sit.`,
        `I'm curious how the team keeps on top of ${concern}.`,
      ]);
  const valueAsks = pick.rotate('value', [
    `Before I say more about us, I'd like to hear how${at ? ` the team${at}` : ' you'} handle${at ? 's' : ''} ${concern}.`,
    `I'd rather ask than pitch: how much time goes on ${concern} right now?`,
  ]);

  const discovery = [
    ...pl.moments.slice(0, 2).map((m, i) => pick.rotate(`moment-q${i}`, m.questions)),
    ...pl.questions.slice(0, 2).map((q) => [q]),
    pick.rotate('decide', [
      `Who else would weigh in if${at ? ` the team${at}` : ' you'} looked at something new for ${concern}?`,
      `How does${at ? ` the team${at}` : ' your team'} usually decide on a new tool for ${concern}?`,
      `Who signs off on a change to ${concern}${at}?`,
      `If ${concern} came up for review, who would be in charge of it${at}?`,
      `Which budget would a change to ${concern} come out of${at}?`,
    ]),
    [pl.questions[2]!],
  ];
  const vendor = p.details.find((d) => /vendor|provider|supplier|incumbent/i.test(d.label))?.value;
  const objectionHandling = [
    {
      objection: "I'm not interested.",
      responses: pick.rotate('obj1', [
        `Fair enough. Before I go: how do you handle ${concern} today?`,
        `Understood. May I ask one question about ${concern}, and then let you go?`,
        `That's fine. ${cap(be(concern))} ${concern} something you'd look at later in the year?`,
      ]),
    },
    {
      objection: vendor ? `We already work with ${vendor}.` : 'We already have a solution for that.',
      responses: pick.rotate('obj2', [
        `That makes sense. How well does it cope with ${concern}?`,
        `Good to hear. What would you change in the way it handles ${concern}, if you could?`,
        `When did you last compare it with the alternatives when it comes to ${concern}?`,
      ]),
    },
    {
      objection: 'Send me an email.',
      responses: pick.rotate('obj3', [
        `Happy to. Should it start with ${concern}, or is something else more pressing${p.firstName ? `, ${p.firstName}` : ''}?`,
        `Sure. Shall I focus it on ${concern}?`,
        `I will. Which would be more useful to you: ${concern} or ${concern2}?`,
      ]),
    },
  ];
  const team = pl.company ? `the team at ${pl.company}` : 'your team';
  const closes = (topic: string): Record<Intent, string[]> => ({
    meeting: [
      `Would it make sense to set up 20 minutes next week to go through ${topic} for ${team}, on Tuesday or Thursday?`,
      `Could we book a short follow-up on ${topic} with the numbers for ${team} in front of us, some time next week?`,
      `Shall I send an invite for a 20-minute demo on ${topic} for ${team}, on whichever day works best for you?`,
    ],
    partner: [
      `Would it make sense to set up a call with ${team} to explore working together? Which week suits you?`,
      `Could we book half an hour to sketch what a partnership with ${team} might look like?`,
    ],
    hire: [
      `Would you be open to a confidential follow-up about the role? When suits you?`,
      `Could we set up 20 minutes to talk about what you'd want from your next role?`,
    ],
    learn: [
      `Thanks for your time; may I send you a short note for ${team} on what we said about ${topic}?`,
      `I appreciate the time; would it be all right to check in with ${team} about ${topic} again next month?`,
      `That was useful, thank you; could I follow up with one idea on ${topic} for ${team} after this call?`,
    ],
  });
  const sections = [
    [say(openers)],
    [
      say(source ? [source] : [], true),
      say(hookOptions(pl, 'hook')),
      // The reason for the call is the lead's need: said by the hook, or else right after it.
      say(pl.need && pl.moments[0] !== pl.need ? pick.rotate('needline', pl.need.openers) : [], true),
      say(whys),
    ],
    [say(offerOptions(pl, 'offer'), true), say(fitOptions(pl, 'fit'), true), say(valueAsks)],
    discovery.map((q) => say(q, true)),
    objectionHandling.map((o) => say(o.responses)),
    [say([...new Set(aboutTopic(pl).flatMap(({ np }, i) => pick.rotate(`close${i || ''}`, closes(np)[pl.intent])))])],
  ];
  return {
    sections,
    text: (script) =>
      [
        script.opener,
        script.reason,
        script.value,
        ...script.discoveryQuestions,
        ...script.objectionHandling.map((o) => `${o.objection}\n${o.response}`),
        script.close,
      ].join('\n\n'),
    finish: (chosen) => {
      const [[opener], reason, [offer, fit, ask], questions, responses, [close]] = chosen as [
        string[],
        string[],
        string[],
        string[],
        string[],
        string[],
      ];
      return {
        opener: opener!,
        reason: reason.filter(Boolean).join(' '),
        value: [offer, fit].filter(Boolean).join(' ') || ask!,
        discoveryQuestions: [...new Set(questions.filter(Boolean))].slice(0, 5),
        objectionHandling: objectionHandling.map((o, i) => ({ objection: o.objection, response: responses[i]! })),
        close: close!,
      };
    },
  };
}

/** The cold-call script in its first wordings, before the grammar gate. */
export const writeColdCallScript = (p: PersonProfile, ctx: WriterContext): ColdCallScript => firstWordings(draftColdCallScript(p, ctx));

// ---------------------------------------------------------------------------------------------
// Icebreak

/** A headline as a link, with its source (a domain, "news.example", which Harper may read as two sentences) or without. */
function headlineCitation(h: Headline, withSource = true): string {
  const date = h.seenAt ? ` (${h.seenAt.slice(0, 10)})` : '';
  return `[${h.title}](${h.url})${withSource ? ` — ${h.source}` : ''}${date}`;
}

/** Section 0: conversation starters, each in the wordings its question may take. */
function starters(pl: Plan): GatePart[] {
  const { p, ctx, pick } = pl;
  const out: GatePart[] = [];
  const atCo = p.company ? ` at ${p.company}` : '';
  for (const [i, h] of ctx.headlines.slice(0, 2).entries()) {
    const q = pick.pick(`news${i}`, [
      `How does this change what the team${atCo} is working on?`,
      `What does this mean for your plans${atCo} this year?`,
    ]);
    const ask = `${p.firstName ? `Ask ${p.firstName}: ` : ''}“${q}”`;
    out.push(
      say(
        [true, false].map((source) => `- **In the news:** ${headlineCitation(h, source)}. ${ask}`),
        true,
      ),
    );
  }
  const items: { label: string; questions: string[] }[] = pl.moments
    .slice(0, 3)
    .map((m, i) => ({ label: m.label, questions: pick.rotate(`start${i}`, m.questions) }));
  if (p.company)
    items.push({
      label: p.company,
      questions: pick.rotate('companyq', [
        `What is the team at ${p.company} most focused on this quarter${p.role ? `, and where does your work as ${asRole(p.role)} fit in` : ''}?`,
        `What has changed at ${p.company} since you started there?`,
        `What takes up more of your week${atCo} than people would expect?`,
      ]),
    });
  // Each bullet its own label: the industry (or "Their work"), then the everyday work.
  for (const [i, q] of pl.questions.slice(0, 2).entries())
    items.push({ label: i ? 'Day to day' : p.industry ? cap(p.industry) : 'Their work', questions: [q] });
  const who = p.firstName ? `Ask ${p.firstName}` : 'Ask';
  if (!p.firstName && !p.company && !pl.moments.length) {
    out.push(
      say(
        pick
          .rotate('open', [
            'What are you working on right now that you are most excited about?',
            'What is the one thing you would like to get right this quarter?',
          ])
          .map((q) => `- **Open question:** “${q}”`),
      ),
    );
    out.push(say([`- **Their path:** “How did you end up doing what you do today?”`]));
    return out;
  }
  for (const [i, it] of items.slice(0, 4).entries()) {
    const line = (question: string) => {
      const where = i === 0 && p.company && !question.includes(p.company) ? ` (${p.company})` : '';
      return i === 0 ? `- **${it.label}:** ${who}${where}: “${question}”` : `- **${it.label}:** “${question}”`;
    };
    // A fact's starter is left out when none of its questions reads well; the company's and industry's stay.
    out.push(say(it.questions.map(line), i < pl.moments.slice(0, 3).length));
  }
  return out;
}

function goalClause(goal: string): string {
  const g = goal.trim().replace(/[.!]+$/, '');
  return /^(?:to\s)?[a-z]+\b/i.test(g) && !/^(?:an?|the|my|our)\s/i.test(g) ? `to ${lowerFirst(g.replace(/^to\s+/i, ''))}` : `“${g}”`;
}

function styleTip(style: Style, pick: Picker): string {
  const parts: string[] = [];
  if (style.wordLimit) parts.push(`stay within ${style.wordLimit} words`);
  else if (style.toneWords.length) parts.push(`keep it ${list(style.toneWords)}`);
  if (style.noBuzzwords) parts.push('skip the jargon');
  if (style.noEmojis) parts.push('leave emojis out');
  if (!parts.length) return '';
  return `- **In your voice:** ${cap(list(parts))}, ${pick.pick('stylewhy', ['as your content preferences ask', 'the way you said you like to write'])}.`;
}

/** Section 1: rapport tips. A tip built on a fact of the lead is optional; the rest is the section's frame. */
function rapportTips(pl: Plan): GatePart[] {
  const { p, ctx, pick, offer } = pl;
  const who = p.firstName || (p.company ? `the team at ${p.company}` : 'this person');
  const atCo = p.company ? ` at ${p.company}` : '';
  const lead = pl.moments.find((m) => m.kind !== 'interest' && m.kind !== 'personal');
  const common = pl.moments.find((m) => m.kind === 'interest' || m.kind === 'personal');
  const curiosity = `- **Lead with curiosity:** ask ${who} how${atCo ? ` the team${atCo}` : ' they'} handle${atCo ? 's' : ''} ${pl.concerns[0]} before you mention anything you offer.`;
  const first = lead
    ? [
        `- **Lead with the specific:** ${cap(lead.advice)}; it shows ${p.firstName || 'them'} you did your homework on ${p.company || 'the business'}.`,
        curiosity,
      ]
    : [curiosity];
  const tips: GatePart[] = [say(first)];
  const goalTip = pick.pick('goaltip', [
    `let ${who} talk about priorities${atCo} first and earn the right to suggest a next step`,
    `ask two questions about the work${atCo} for every sentence about yourself`,
  ]);
  // The goal is the user's own words; if the sentence around them does not read well, the tip is said without them.
  tips.push(
    say([`- **Keep your goal in view:** you want ${goalClause(ctx.goal)}; ${goalTip}.`, `- **Keep your goal in view:** ${cap(goalTip)}.`]),
  );
  const proof = offer.proofs.find((x) => x.measured) ?? offer.proofs[0];
  if (offer.company && pl.intent === 'hire')
    tips.push(
      say(
        [
          `- **Connect it to you:** once ${p.firstName || 'they'} has said what a next role should offer, say what working at ${offer.company} is like, in one or two sentences.`,
        ],
        true,
      ),
    );
  if (offer.product && pl.intent !== 'hire')
    tips.push(
      say(
        [
          `- **Connect it to you:** once ${p.firstName || 'the team'} has named a priority${atCo}, link it to ${proof ? proofGerund(proof) : offer.product}.${pl.fits ? '' : ` Nothing you know yet says ${offer.product} fits, so ask before you claim it.`}`,
          `- **Connect it to you:** once ${p.firstName || 'the team'} has named a priority${atCo}, link it to ${offer.product}.`,
        ],
        true,
      ),
    );
  if (p.role)
    tips.push(
      say(
        pick
          .rotate('roletip', [`anyone working as ${asRole(p.role)}`, `someone in the role of ${asRole(p.role)}`])
          .map(
            (who) =>
              `- **Respect the calendar:** ${who} gets a lot of outreach; keep the first message short and end with one clear question.`,
          ),
        true,
      ),
    );
  if (common) tips.push(say([`- **Common ground:** ${cap(common.advice)}.`], true));
  const second = pl.moments.find((m) => m !== lead && m !== common);
  if (second) tips.push(say([`- **Second thread:** ${cap(second.advice)}.`], true));
  const style = styleTip(pl.style, pick);
  if (style) tips.push(say([style], true));
  tips.push(
    say([
      `- **Follow up:** note one thing ${p.firstName ? `${p.firstName} tells you` : 'you hear'} about ${p.company || 'the work'} and refer back to it in your next message.`,
    ]),
  );
  return tips;
}

/** Section 2: what the writer understood, so the user can check it (a line that does not read well is left out; the goal stays). */
function additionalInsights(p: PersonProfile, ctx: IcebreakInput): GatePart[] {
  // Phrases quoted from a description in another language ("avaliando um novo prontuário") would be
  // foreign words spliced into English: listed only when they read as English themselves.
  const source = detectLanguage(ctx.description);
  const readsAsEnglish = (phrase: string) => {
    const language = detectLanguage(phrase);
    return language === 'en' || (language === null && (source === null || source === 'en'));
  };
  const facts: [string, string][] = [
    ['Name', fullName(p)],
    ['Role', p.role],
    ['Company', p.company],
    ['Industry', p.industry],
    ['Location', p.place],
    ['Previously', p.previousCompany],
    ['Looking for', p.needs.filter(readsAsEnglish).join('; ')],
    [
      'Recent',
      p.events
        .map((e) => e.said)
        .filter(readsAsEnglish)
        .join('; '),
    ],
    ['Interests', p.interests.filter(readsAsEnglish).join(', ')],
    ['News', ctx.headlines.length ? ctx.headlines.map((h) => headlineCitation(h)).join('; ') : 'none found'],
    ['Goal', ctx.goal],
  ];
  const line = ([k, v]: [string, string]) => `- **${k}:** ${v}`;
  return facts
    .filter(([, v]) => v)
    .map(([k, v]) =>
      k === 'News' && ctx.headlines.length
        ? say([line([k, v]), line([k, ctx.headlines.map((h) => headlineCitation(h, false)).join('; ')])], true)
        : say([line([k, v])], k !== 'Goal'),
    );
}

/**
 * The offline writer: no network. Reads the input (extract-profile), then writes specific text from
 * what it found, in English or, when the answer should be in Spanish, in Spanish (writer/spanish.ts). Same input and variant, same output; another variant, another angle and wording.
 */
export function createOfflineGenerator(): TextGenerator {
  return {
    kind: 'offline',
    async *icebreak(input: IcebreakInput, signal: AbortSignal): AsyncIterable<IcebreakChunk> {
      let sections: string[][];
      if (writtenLanguage('offline', icebreakLanguage(input)) === 'es') sections = icebreakSectionsEs(input.profile, input);
      else {
        const facts = await englishProseFacts(input.profile, input.description);
        const pl = plan('icebreak', facts, input, input.description);
        const check = englishChecker({
          inputWords: inputWordsOf(input.description, ...contextWords(input)),
          names: namesOf(input.profile),
        });
        // Checked as the answer shows it: each section's lines as one paragraph.
        const asShown = (chosen: string[][]) =>
          chosen
            .map((lines) =>
              lines
                .filter(Boolean)
                .map((line) => `${tidy(line)}\n`)
                .join(''),
            )
            .join('\n\n');
        sections = await gate([starters(pl), rapportTips(pl), additionalInsights(facts, input)], check, asShown);
      }
      for (const [section, lines] of sections.entries()) {
        for (const line of lines) {
          signal.throwIfAborted();
          if (line) yield { section, content: `${tidy(line)}\n` };
        }
      }
    },
    async linkedinDm(input: EnrichInput, signal: AbortSignal) {
      signal.throwIfAborted();
      const p = profileFromLead(input.lead);
      if (writtenLanguage('offline', enrichLanguage(input)) === 'es') return writeLinkedinDmEs(p, input);
      const dm = await gated(draftLinkedinDm(await englishProseFacts(p, leadText(input)), input), leadChecker(input, p));
      signal.throwIfAborted();
      return dm;
    },
    async coldCallScript(input: EnrichInput, signal: AbortSignal) {
      signal.throwIfAborted();
      const p = profileFromLead(input.lead);
      if (writtenLanguage('offline', enrichLanguage(input)) === 'es') return writeColdCallScriptEs(p, input);
      const script = await gated(draftColdCallScript(await englishProseFacts(p, leadText(input)), input), leadChecker(input, p));
      signal.throwIfAborted();
      return script;
    },
  };
}

/** The draft in the wordings that pass the grammar gate. */
const gated = async <T>(d: Draft<T>, check: Checker): Promise<T> =>
  d.finish(await gate(d.sections, check, (chosen) => d.text(d.finish(chosen))));

const namesOf = (p: PersonProfile) => [p.firstName, p.lastName, fullName(p)].filter(Boolean);
/** The user's own words (settings, goal) and the headlines' (quoted as published): their spelling is theirs. */
const contextWords = (ctx: WriterContext) => [
  ...Object.values(ctx.settings).map((v) => String(v ?? '')),
  ctx.goal,
  ...ctx.headlines.flatMap((h) => [h.title, h.source]),
];

/** Harper and the patterns with the lead's words as the input's own spelling, as the evaluation checks. */
/** The lead's own words (its Description and custom fields' values): what tells the language it is written in. */
function leadText(input: EnrichInput): string {
  const extra = input.lead.extra ? Object.values(input.lead.extra).map(String) : [];
  return [input.lead.Description ?? '', ...extra].join('\n');
}

function leadChecker(input: EnrichInput, p: PersonProfile): Checker {
  const leadWords = Object.values(input.lead).flatMap((v) =>
    v && typeof v === 'object' ? Object.entries(v).flat().map(String) : [String(v ?? '')],
  );
  return englishChecker({ inputWords: inputWordsOf(...leadWords, ...contextWords(input)), names: namesOf(p) });
}
