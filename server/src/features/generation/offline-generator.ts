import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { ColdCallScript, LinkedinDm } from '@shared/schemas/enrich';
import type { Headline } from '../news';
import { profileFromLead, type PersonProfile, type ProfileEvent } from './extract-profile';
import type { EnrichInput, IcebreakChunk, IcebreakInput, TextGenerator, WriterContext } from './text-generator';
import { readSender, type Offer, type Sender, type Style } from './writer/sender';
import { createPicker, seedOf, type Picker } from './writer/variation';

// ---------------------------------------------------------------------------------------------
// Small grammar helpers. The writer never uses a pronoun for the lead: a name, "you", or the company.

const cap = (s: string) => (s ? s[0]!.toLocaleUpperCase() + s.slice(1) : s);
const lowerFirst = (s: string) => (s && !/^[A-Z]{2}/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const fullName = (p: PersonProfile) => [p.firstName, p.lastName].filter(Boolean).join(' ');
const withoutThe = (topic: string) => topic.replace(/^the\s+/i, '');

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const GOAL_VERBS =
  /^(?:build|book|hire|sell|get|set|understand|learn|introduce|pitch|close|schedule|start|open|find|explore|invite|recruit|meet|connect|discuss|partner|win|renew|upsell|ask|show|demo|secure|arrange|grow|make|help|talk|reconnect|follow|re-?engage|qualify|land|sign|onboard|share|offer|present|network|collaborate)\b/i;

/** "book a demo" → "to book a demo"; "a partnership" → "a partnership" (used after "your goal is"). */
function goalClause(goal: string): string {
  const g = goal.trim().replace(/[.!]+$/, '');
  return GOAL_VERBS.test(g) ? `to ${lowerFirst(g)}` : `“${g}”`;
}

function headlineCitation(h: Headline): string {
  const date = h.seenAt ? ` (${h.seenAt.slice(0, 10)})` : '';
  return `[${h.title}](${h.url}) — ${h.source}${date}`;
}

/** "the team at Acme", or a name when there is one. */
function addressee(p: PersonProfile): string {
  return p.firstName || (p.company ? `the team at ${p.company}` : 'this person');
}

/** The rep's offer in new words (never a sentence of the settings), as an object of "link it to …". */
function offerLine(offer: Offer, pick: Picker, key: string): string {
  const who = offer.company || 'your product';
  // The -ing form ("cutting empty miles…"): never a sentence of the settings, whoever its subject was.
  if (offer.what && offer.outcome) return pick.pick(key, [`what ${who} does — ${offer.outcome}`, `${who}'s focus on ${offer.outcome}`]);
  if (offer.outcome) return `${who}'s focus on ${offer.outcome}`;
  if (offer.what) return pick.pick(key, [`${who}, ${offer.what}`, `what ${who} offers as ${offer.what}`]);
  return offer.company ? `what ${offer.company} does` : 'what you offer';
}

/** "…at Accra Cocoa Co.." → "…at Accra Cocoa Co.": a name that ends in a dot also ends the sentence. */
const tidy = (s: string) => s.replace(/(?<!\.)\.\.(?!\.)/g, '.').replace(/\.\?/g, '?');

// ---------------------------------------------------------------------------------------------
// The specific things a text can cite, best first.

interface Hook {
  kind: 'news' | 'event' | 'interest' | 'previous' | 'source' | 'detail' | 'role' | 'place' | 'industry';
  /** A short label for a bullet. */
  label: string;
  /** "I saw you opened a new distribution centre in Leeds" style opening (addressed to the lead). */
  opening: string;
  /** A question for the lead about it. */
  question: string;
  /** What to ask about it, as advice to the rep ("ask Dana how the opening went"). */
  advice: string;
}

function eventHook(e: ProfileEvent, p: PersonProfile, pick: Picker, i: number): Hook {
  const at = p.company ? ` at ${p.company}` : '';
  const label = e.topic ? cap(withoutThe(e.topic)) : 'Recently';
  const key = `event${i}`;
  if (e.personal) {
    return {
      kind: 'interest',
      label,
      opening: e.topic ? `Congratulations on ${e.topic}` : `I saw you ${e.you}`,
      question: e.topic
        ? pick.pick(`${key}q`, [
            `How did ${e.topic} go — are you training for the next one?`,
            `Congratulations on ${e.topic}! What got you into it?`,
          ])
        : `I saw you ${e.you} — how did it go?`,
      advice: `congratulate ${p.firstName || 'them'} on ${e.topic || 'it'} — a personal achievement opens more doors than a pitch`,
    };
  }
  return {
    kind: 'event',
    label,
    opening: e.topic
      ? pick.pick(`${key}o`, [`Congratulations on ${e.topic}`, `I saw you ${e.you}`, `${cap(e.topic)} caught my eye`])
      : pick.pick(`${key}o`, [`I saw you ${e.you}`, `I noticed you ${e.you}`]),
    question: e.topic
      ? pick.pick(`${key}q`, [
          `What was the hardest part of getting ${e.topic} done?`,
          `What does ${e.topic} change for the team${at}?`,
          `How is ${e.topic} going so far — anything that surprised you?`,
        ])
      : /^(?:are|were)\s/.test(e.you)
        ? `I saw you ${e.you} — how is it going so far?`
        : pick.pick(`${key}q`, [`I saw you ${e.you} — how did that come about?`, `I noticed you ${e.you}. How did it go?`]),
    advice: e.topic
      ? `ask ${addressee(p)} about ${e.topic}${p.company ? ` and what it means for ${p.company}` : ''}`
      : `mention that you saw ${p.firstName || 'the team'} ${e.said.replace(/^(?:just|recently)\s+/i, '')} and ask how it went`,
  };
}

function hooksFor(p: PersonProfile, ctx: WriterContext, pick: Picker): Hook[] {
  const hooks: Hook[] = [];
  const name = p.firstName;
  const at = p.company ? ` at ${p.company}` : '';
  for (const [i, h] of ctx.headlines.slice(0, 2).entries()) {
    hooks.push({
      kind: 'news',
      label: 'In the news',
      opening: `I read “${h.title}” (${h.source})`,
      question: pick.pick(`news${i}`, [
        `How does this change what the team${at} is working on?`,
        `What does this mean for your plans${p.company ? ` at ${p.company}` : ''} this year?`,
      ]),
      advice: `ask ${addressee(p)} how “${h.title}” affects ${p.company || 'the business'}`,
    });
  }
  p.events.forEach((e, i) => hooks.push(eventHook(e, p, pick, i)));
  if (p.metAt) {
    hooks.push({
      kind: 'event',
      label: `Met at ${p.metAt}`,
      opening: pick.pick('meto', [`It was good to meet you at ${p.metAt}`, `Great to cross paths at ${p.metAt}`]),
      question: `What was the most useful thing you took away from ${p.metAt}?`,
      advice: `remind ${addressee(p)} where you met (${p.metAt}) in your first line`,
    });
  }
  for (const [i, interest] of p.interests.slice(0, 2).entries()) {
    hooks.push({
      kind: 'interest',
      label: cap(interest),
      opening: pick.pick(`int${i}o`, [`I noticed you're into ${interest}`, `Fellow fan of ${interest} here, or at least a curious one`]),
      question: pick.pick(`int${i}q`, [
        `I noticed you're into ${interest} — how did you get started?`,
        `Is ${interest} still how you switch off after work?`,
        `What got you into ${interest} in the first place?`,
      ]),
      advice: `bring up ${interest} only if ${name || 'the conversation'} opens the door — share a real experience of your own rather than a compliment`,
    });
  }
  if (p.previousCompany && p.company) {
    hooks.push({
      kind: 'previous',
      label: `From ${p.previousCompany} to ${p.company}`,
      opening: `I saw you moved from ${p.previousCompany} to ${p.company}`,
      question: `What is the biggest difference between ${p.previousCompany} and ${p.company}?`,
      advice: `ask what ${name || 'the team'} brought over from ${p.previousCompany}`,
    });
  }
  for (const d of p.details.slice(0, 2)) {
    hooks.push({
      kind: 'detail',
      label: cap(d.label),
      opening: '',
      question: `I have ${d.value} down as your ${d.label.toLowerCase()} — is that still right?`,
      advice: `check the ${d.label.toLowerCase()} (${d.value}) early: it tells you what to focus on`,
    });
  }
  if (p.role || p.company) {
    hooks.push({
      kind: 'role',
      label: p.company || cap(p.role),
      opening:
        p.role && p.company
          ? `I came across your work as ${p.role} at ${p.company}`
          : p.company
            ? `I came across what you're building at ${p.company}`
            : `I came across your work as ${p.role}`,
      question: p.company
        ? pick.pick('roleq', [
            `What is ${p.company} most focused on this quarter${p.role ? `, and where does your work as ${p.role} fit in` : ''}?`,
            `What has changed at ${p.company} since you started there?`,
            `What takes up more of your week${at} than people would expect?`,
          ])
        : `As ${p.role}, what takes up more of your week than people would expect?`,
      advice: `ask what ${p.company || 'the business'} is working on${p.role ? ` and what a good quarter looks like for ${p.role}` : ''}`,
    });
  }
  if (p.place) {
    hooks.push({
      kind: 'place',
      label: p.place,
      opening: '',
      question: pick.pick('placeq', [
        `How is the ${p.industry || 'business'} scene in ${p.place} at the moment?`,
        `Anything in ${p.place} you'd recommend to a visitor?`,
      ]),
      advice: `if you know ${p.place.split(',')[0]}, a local detail makes a good opener`,
    });
  }
  if (p.industry) {
    hooks.push({
      kind: 'industry',
      label: cap(p.industry),
      opening: '',
      question: pick.pick('indq', [
        `Which change in ${p.industry} are you watching most closely this year?`,
        `What is the one trend in ${p.industry} you think is overrated?`,
      ]),
      advice: `show you know ${p.industry}: one sharp observation beats a long pitch`,
    });
  }
  return hooks;
}

// ---------------------------------------------------------------------------------------------
// Icebreak

function starters(p: PersonProfile, ctx: WriterContext, pick: Picker): string[] {
  const hooks = hooksFor(p, ctx, pick);
  const out: string[] = [];
  const news = hooks.filter((h) => h.kind === 'news');
  for (const [i, h] of ctx.headlines.slice(0, 2).entries()) {
    out.push(`- **In the news:** ${headlineCitation(h)}. ${p.firstName ? `Ask ${p.firstName}: ` : ''}“${news[i]!.question}”`);
  }
  const rest = hooks.filter((h) => h.kind !== 'news');
  // The first starter names the person and the company, so the section stands on its own.
  const first = rest[0];
  if (first) {
    const who = p.firstName ? `Ask ${p.firstName}` : 'Ask';
    const where = p.company && !first.question.includes(p.company) ? ` (${p.company})` : '';
    out.push(`- **${first.label}:** ${who}${where}: “${first.question}”`);
  }
  for (const h of rest.slice(1, 4)) out.push(`- **${h.label}:** “${h.question}”`);
  if (out.length === 0) {
    out.push(`- **Open question:** “What are you working on right now that you're most excited about?”`);
    out.push(`- **Their path:** “How did you end up doing what you do today?”`);
  }
  return out;
}

function styleTip(style: Style, pick: Picker): string {
  const parts: string[] = [];
  if (style.toneWords.length) parts.push(`keep it ${list(style.toneWords)}`);
  if (style.noBuzzwords) parts.push('skip the jargon');
  if (style.noEmojis) parts.push('leave emojis out');
  if (!parts.length) return '';
  return `- **In your voice:** ${cap(parts.join(', '))} — ${pick.pick('stylewhy', ['that is how you said you like to write', 'as in your content preferences'])}.`;
}

function rapportTips(p: PersonProfile, ctx: WriterContext, sender: Sender, pick: Picker): string[] {
  const hooks = hooksFor(p, ctx, pick).filter((h) => h.kind !== 'role');
  const who = p.firstName || (p.company ? `the team at ${p.company}` : 'this person');
  const where = p.company ? ` at ${p.company}` : '';
  const tips: string[] = [];
  const lead = hooks.find((h) => h.kind !== 'interest');
  const common = hooks.find((h) => h.kind === 'interest');
  tips.push(
    lead
      ? `- **Lead with the specific:** ${cap(lead.advice)} — it shows ${p.firstName || 'them'} you did your homework on ${p.company || 'the business'}.`
      : `- **Lead with curiosity:** ask ${who} what they are focused on${where} before you mention anything you offer.`,
  );
  tips.push(
    `- **Keep the goal in view:** your goal is ${goalClause(ctx.goal)}; ${pick.pick('goaltip', [
      `let ${who} talk about priorities${where} first and earn the right to suggest a next step`,
      `ask two questions about the work${where} for every sentence about yourself`,
    ])}.`,
  );
  if (sender.offer.company || sender.offer.what || sender.offer.outcome) {
    tips.push(
      `- **Connect it to you:** once ${p.firstName || 'the team'} has named a priority${where}, link it to ${offerLine(sender.offer, pick, 'offertip')}${p.industry ? ` — phrased for ${p.industry}` : ''}.`,
    );
  }
  if (p.role) {
    tips.push(
      `- **Respect the calendar:** ${pick.pick('roletip', [`a ${p.role}`, `someone working as ${p.role}`])} gets a lot of outreach; keep the first message short and end with one clear question.`,
    );
  }
  if (common) tips.push(`- **Common ground:** ${cap(common.advice)}.`);
  const second = hooks.find((h) => h !== lead && h !== common);
  if (second) tips.push(`- **Second thread:** ${cap(second.advice)}.`);
  const style = styleTip(sender.style, pick);
  if (style) tips.push(style);
  tips.push(
    `- **Follow up:** note one thing ${p.firstName || 'you hear'}${p.firstName ? ' tells you' : ''} about ${p.company || 'the work'} and refer back to it in your next message.`,
  );
  return tips;
}

/** Section 2: what the writer understood, so the user can check it. */
function additionalInsights(p: PersonProfile, ctx: WriterContext): string[] {
  const facts: [string, string][] = [
    ['Name', fullName(p)],
    ['Role', p.role],
    ['Company', p.company],
    ['Industry', p.industry],
    ['Location', p.place],
    ['Previously', p.previousCompany],
    ['Recent', p.events.map((e) => e.said).join('; ')],
    ['Interests', p.interests.join(', ')],
    ['News', ctx.headlines.length ? ctx.headlines.map(headlineCitation).join('; ') : 'none found'],
    ['Goal', ctx.goal],
  ];
  return facts.filter(([, v]) => v).map(([k, v]) => `- **${k}:** ${v}`);
}

// ---------------------------------------------------------------------------------------------
// LinkedIn DM and cold-call script

function fitConnectionNote(parts: string[]): string {
  // Drop optional middle sentences until the note fits LinkedIn's limit; never cut a word.
  const list = [...parts];
  let note = list.join(' ');
  while (note.length > LINKEDIN_CONNECTION_NOTE_MAX && list.length > 2) {
    list.splice(list.length - 2, 1);
    note = list.join(' ');
  }
  if (note.length > LINKEDIN_CONNECTION_NOTE_MAX) note = `${note.slice(0, LINKEDIN_CONNECTION_NOTE_MAX - 1).replace(/\s+\S*$/, '')}…`;
  return note;
}

/** How the lead came in, as a reason to write (Zoho's Lead Source values). */
function sourceReason(source: string): string {
  const s = source.toLowerCase();
  if (/trade show|seminar|conference|event|expo/.test(s))
    return `since we crossed paths at the ${s.includes('trade') ? 'trade show' : 'event'}`;
  if (/webinar/.test(s)) return 'since you joined our webinar';
  if (/web download|download/.test(s)) return 'since you downloaded one of our guides';
  if (/referral/.test(s)) return 'since a mutual contact suggested I reach out';
  if (/partner/.test(s)) return 'since one of our partners suggested we talk';
  if (/chat/.test(s)) return 'following up on your chat with us';
  return '';
}

function greeting(p: PersonProfile, style: Style, pick: Picker): string {
  if (!p.firstName) return style.formal ? 'Hello,' : 'Hi there,';
  if (style.formal) return `Dear ${fullName(p)},`;
  return style.casual ? pick.pick('hi', [`Hey ${p.firstName},`, `Hi ${p.firstName},`]) : `Hi ${p.firstName},`;
}

function signOff(sender: Sender, pick: Picker): string {
  const word =
    sender.style.signOff ||
    (sender.style.formal
      ? 'Kind regards'
      : sender.style.casual
        ? pick.pick('sign', ['Cheers', 'Talk soon'])
        : pick.pick('sign', ['Best', 'All the best', 'Thanks']));
  return sender.firstName ? `${word},\n${sender.firstName}` : `${word}`;
}

/** What the rep's product would do for this lead, in sentences of its own. */
function valueForLead(p: PersonProfile, sender: Sender, pick: Picker, key: string): string {
  const { offer } = sender;
  const who = offer.company || 'Our team';
  const them = p.company || 'your team';
  const size = p.employees && /^\d+$/.test(p.employees) ? ` with ${Number(p.employees).toLocaleString('en')} people` : '';
  const sector = p.industry && !them.toLowerCase().includes(p.industry.toLowerCase()) ? ` in ${p.industry}` : '';
  const forRole = p.role ? ` for you as ${p.role}` : '';
  if (offer.verb) {
    return pick.pick(key, [
      `${who}${offer.what ? `, ${offer.what},` : ''} focuses on ${offer.outcome}. For ${them}${size}${sector}, that could mean fewer hours lost${forRole} and more room for the work that moves the numbers.`,
      `${cap(offer.outcome)} is what ${who} is built for${offer.what ? ` — it is ${offer.what}` : ''}. ${cap(them)}${sector} looks like a team where that would pay off quickly${forRole}.`,
    ]);
  }
  if (offer.what)
    return `${offer.company ? `${offer.company} is` : 'What we offer is'} ${offer.what}, and ${them}${size}${sector} looks like exactly the kind of team it was built for.`;
  return `I think what we do could be useful for ${them}${sector}, and I'd like to check that with you rather than assume.`;
}

export function writeLinkedinDm(p: PersonProfile, ctx: WriterContext): LinkedinDm {
  const pick = createPicker(seedOf('dm', p, ctx.goal, ctx.settings, ctx.headlines, ctx.variant ?? 0));
  const sender = readSender(ctx.settings);
  const hooks = hooksFor(p, ctx, pick).filter((h) => h.opening);
  const hi = greeting(p, sender.style, pick);
  const reason = sourceReason(p.leadSource);
  const first = hooks[0];
  const hook = first
    ? `${first.opening}${reason ? ` — and I'm writing ${reason}` : ''}.`
    : reason
      ? `I'm writing ${reason}.`
      : 'I came across your profile and wanted to say hello.';
  // Third person ("RouteIQ cuts…"), so no sentence of the settings ("We cut…") comes back verbatim.
  const focus = sender.offer.outcome ? `; we focus on ${sender.offer.outcome}` : '';
  const offerShort = sender.offer.company
    ? `I'm with ${sender.offer.company}${focus}.`
    : focus
      ? `We focus on ${sender.offer.outcome}.`
      : '';
  const interest = p.interests[0];
  const closing = pick.pick('noteclose', [
    `Would be glad to connect${interest && first?.kind !== 'interest' ? ` — and swap notes on ${interest}` : ''}.`,
    `Happy to connect${p.company ? ` and hear more about ${p.company}` : ''}.`,
  ]);
  const sign = sender.firstName ? `— ${sender.firstName}` : '';
  // After "Hi Maria," a sentence goes on in lower case unless it starts with "I" or a name.
  const noteHook = /^(?:The|Congratulations|Great|It|Fellow|Good)\b/.test(hook) ? lowerFirst(hook) : hook;
  const connectionNote = fitConnectionNote([hi, noteHook, ...(offerShort ? [offerShort] : []), closing, sign].filter(Boolean));

  const second = hooks[1];
  const other = hooks.find((h) => h !== first && h.kind !== 'detail');
  const question =
    other?.question ??
    first?.question ??
    (p.company
      ? `What is ${p.company} most focused on this quarter?`
      : 'What is the one thing on your plate this quarter you would most like to get right?');
  const paragraphs = [
    hi,
    `${hook}${second && second.kind !== first?.kind ? ` ${second.opening}${second.opening.endsWith('.') ? '' : '.'}` : ''}`,
    valueForLead(p, sender, pick, 'dmvalue'),
    `${question}${sender.style.short ? '' : ` I'm asking because my goal is ${goalClause(ctx.goal)}, not to send you a pitch deck.`}`,
    pick.pick('cta', [
      `Would you be open to a short chat in the next couple of weeks?`,
      `Would a 15-minute call later this month be useful?`,
      `If it's relevant, could we find 15 minutes to compare notes?`,
    ]),
    signOff(sender, pick),
  ];
  return { connectionNote: tidy(connectionNote), message: tidy(paragraphs.join('\n\n').trim()) };
}

export function writeColdCallScript(p: PersonProfile, ctx: WriterContext): ColdCallScript {
  const s = composeColdCallScript(p, ctx);
  return {
    ...s,
    opener: tidy(s.opener),
    reason: tidy(s.reason),
    value: tidy(s.value),
    discoveryQuestions: s.discoveryQuestions.map(tidy),
    objectionHandling: s.objectionHandling.map((o) => ({ objection: tidy(o.objection), response: tidy(o.response) })),
    close: tidy(s.close),
  };
}

function composeColdCallScript(p: PersonProfile, ctx: WriterContext): ColdCallScript {
  const pick = createPicker(seedOf('script', p, ctx.goal, ctx.settings, ctx.headlines, ctx.variant ?? 0));
  const sender = readSender(ctx.settings);
  const hooks = hooksFor(p, ctx, pick);
  const hook = hooks.find((h) => h.opening && h.kind !== 'role');
  const company = p.company || 'your team';
  const me = sender.fullName
    ? `this is ${sender.fullName}${sender.offer.company ? ` from ${sender.offer.company}` : ''}`
    : 'thanks for picking up';
  const reasonSource = sourceReason(p.leadSource);
  const discovery = [
    p.company ? `What are your top priorities at ${p.company} for the next quarter?` : 'What are your top priorities for the next quarter?',
    ...hooks.filter((h) => h.kind === 'detail' || h.kind === 'event' || h.kind === 'industry').map((h) => h.question),
    pick.pick('where', [
      `Where does ${company} lose the most time today, and what would you change first if you could?`,
      `If you could fix one thing about how ${company} works today, what would it be?`,
    ]),
    `Who else would be involved if ${company} looked at something new?`,
  ];
  return {
    opener: `Hi ${p.firstName || 'there'}, ${me}. ${pick.pick('opener', [
      "I know I'm calling out of the blue — can I take 30 seconds to tell you why, and then you decide whether we keep talking?",
      "I'll be brief: may I tell you in half a minute why I called, and you tell me if it's worth a conversation?",
    ])}`,
    reason: `${hook ? `${hook.opening}${reasonSource ? `, ${reasonSource}` : ''}` : reasonSource ? `I'm calling ${reasonSource}` : `I'm calling because ${company}${p.industry ? ` in ${p.industry}` : ''} came up as a company doing interesting work`}. My goal today is ${goalClause(ctx.goal)}${p.role ? `, and you, as ${p.role}, seemed the right person to ask` : ''}.`,
    value: valueForLead(p, sender, pick, 'scriptvalue'),
    discoveryQuestions: [...new Set(discovery)].slice(0, 5),
    objectionHandling: [
      {
        objection: "I'm not interested.",
        response: `Fair enough — most people say that before they know why I called. May I ask one question to see if it's even relevant for ${company}? If not, I'll let you go.`,
      },
      {
        objection: 'We already have a solution for that.',
        response: pick.pick('obj2', [
          `That makes sense. What do you like most about it, and is there anything you wish it did better?`,
          `Good to hear. When did ${company} last compare it with the alternatives?`,
        ]),
      },
      {
        objection: 'Send me an e-mail.',
        response: `Happy to. So it's useful rather than generic: what would you need to see for it to be worth a reply${p.firstName ? `, ${p.firstName}` : ''}?`,
      },
    ],
    close: pick.pick('close', [
      `Would it make sense to set up 20 minutes next week to look at how this could work for ${company}? Does Tuesday or Thursday suit you better?`,
      `Could we book a short follow-up to go through it with ${company}'s numbers in front of us? What does your calendar look like next week?`,
    ]),
  };
}

/** The seed of an Icebreak answer: the input, and the variant (Regenerate asks for another). */
function icebreakPicker(input: IcebreakInput): Picker {
  return createPicker(seedOf('icebreak', input.description, input.goal, input.settings, input.headlines, input.variant ?? 0));
}

/**
 * The offline writer: no network. Reads the input (extract-profile), then composes specific text
 * from what it found. Same input and variant, same output; another variant, other wordings.
 */
export function createOfflineGenerator(): TextGenerator {
  return {
    kind: 'offline',
    async *icebreak(input: IcebreakInput, signal: AbortSignal): AsyncIterable<IcebreakChunk> {
      const pick = icebreakPicker(input);
      const sender = readSender(input.settings);
      const sections = [
        starters(input.profile, input, pick),
        rapportTips(input.profile, input, sender, pick),
        additionalInsights(input.profile, input),
      ];
      for (const [section, lines] of sections.entries()) {
        for (const line of lines) {
          signal.throwIfAborted();
          yield { section, content: `${tidy(line)}\n` };
        }
      }
    },
    async linkedinDm(input: EnrichInput, signal: AbortSignal) {
      signal.throwIfAborted();
      return writeLinkedinDm(profileFromLead(input.lead), input);
    },
    async coldCallScript(input: EnrichInput, signal: AbortSignal) {
      signal.throwIfAborted();
      return writeColdCallScript(profileFromLead(input.lead), input);
    },
  };
}
