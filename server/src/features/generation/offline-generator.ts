import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { ColdCallScript, LinkedinDm } from '@shared/schemas/enrich';
import type { Headline } from '../news/news-source';
import { profileFromLead, type PersonProfile } from './extract-profile';
import type { EnrichInput, IcebreakChunk, IcebreakInput, TextGenerator, WriterContext } from './text-generator';

function firstSentence(text: string, max = 160): string {
  const s = text.replace(/\s+/g, ' ').trim();
  const end = s.search(/[.!?](\s|$)/);
  const sentence = end >= 0 ? s.slice(0, end + 1) : s;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function lowerFirst(s: string): string {
  return s ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function who(p: PersonProfile): string {
  return p.firstName || 'they';
}

function atCompany(p: PersonProfile): string {
  return p.company ? ` at ${p.company}` : '';
}

function roleAt(p: PersonProfile): string {
  if (p.role && p.company) return `${p.role} at ${p.company}`;
  return p.role || (p.company ? `their work at ${p.company}` : 'their current role');
}

function headlineDate(h: Headline): string {
  return h.seenAt ? ` (${h.seenAt.slice(0, 10)})` : '';
}

/** Section 0: news-driven conversation starters. */
function starters(p: PersonProfile, ctx: WriterContext): string[] {
  const out: string[] = [];
  for (const h of ctx.headlines.slice(0, 3)) {
    out.push(
      `- **In the news:** [${h.title}](${h.url}) — ${h.source}${headlineDate(h)}. Ask ${who(p)} how this affects ${p.company ? `the team at ${p.company}` : 'their team'} and what they are doing about it.`,
    );
  }
  if (p.company) {
    out.push(`- **${p.company} right now:** "What is the team at ${p.company} most focused on this quarter, and what changed since you started there?"`);
  }
  if (p.role) {
    out.push(`- **Their role:** "As ${p.role}, what takes more of your week than people would expect?"`);
  }
  if (p.industry) {
    out.push(`- **Their industry:** "Which shift in ${p.industry} are you watching most closely this year?"`);
  }
  if (p.place) {
    out.push(`- **${p.place}:** "How is the ${p.industry || 'business'} scene in ${p.place} these days — anything local you'd recommend?"`);
  }
  for (const interest of p.interests.slice(0, 2)) {
    out.push(`- **${interest[0]!.toUpperCase()}${interest.slice(1)}:** "I read that you're into ${interest} — how did you get started with it?"`);
  }
  if (out.length === 0) {
    out.push(`- **Open question:** "What are you working on right now that you're most excited about?"`);
    out.push(`- **Their path:** "How did you end up doing what you do today?"`);
  }
  return out;
}

/** Section 1: tips for building rapport, shaped by the goal and the user's own settings. */
function rapportTips(p: PersonProfile, ctx: WriterContext): string[] {
  const name = who(p);
  const tips = [
    `- **Lead with curiosity:** your goal is to ${lowerFirst(ctx.goal)}; open with a question about ${roleAt(p)} before mentioning anything you offer.`,
  ];
  if (p.interests.length) {
    tips.push(`- **Common ground:** ${name} mentions ${p.interests.slice(0, 3).join(', ')} — share a genuine experience of your own on one of them.`);
  }
  if (p.role) {
    tips.push(`- **Respect their time:** people working as ${p.role} are busy; keep the first exchange short and specific, and offer a clear next step.`);
  }
  if (ctx.settings.aboutMe.trim()) {
    tips.push(`- **Connect it to you:** once ${name} has talked about their priorities, link one of them to what you do: ${firstSentence(ctx.settings.aboutMe)}`);
  }
  if (ctx.settings.contentPreferences.trim()) {
    tips.push(`- **Your style:** ${firstSentence(ctx.settings.contentPreferences)}`);
  }
  tips.push(`- **Listen and follow up:** note one detail ${name} shares and refer back to it in your follow-up message.`);
  return tips;
}

/**
 * Section 2: what the writer understood, so the user can check it. (That the offline writer wrote
 * it is said by the stream's and the history item's `generator: 'offline'`, which the UIs label.)
 */
function additionalInsights(p: PersonProfile, ctx: WriterContext): string[] {
  const facts: [string, string][] = [
    ['Name', [p.firstName, p.lastName].filter(Boolean).join(' ')],
    ['Role', p.role],
    ['Company', p.company],
    ['Industry', p.industry],
    ['Location', p.place],
    ['Interests', p.interests.join(', ')],
    ['Goal', ctx.goal],
  ];
  return facts.filter(([, v]) => v).map(([k, v]) => `- **${k}:** ${v}`);
}

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

export function writeLinkedinDm(p: PersonProfile, ctx: WriterContext): LinkedinDm {
  const hi = p.firstName ? `Hi ${p.firstName},` : 'Hi,';
  const sender = ctx.settings.name.trim();
  const sign = sender ? `— ${sender.split(/\s+/)[0]}` : '';
  const news = ctx.headlines[0];
  const hook = news
    ? `I saw the news about ${p.company || 'your company'} ("${news.title}").`
    : p.role && p.company
      ? `I came across your work as ${p.role} at ${p.company}.`
      : p.company
        ? `I came across what you're building at ${p.company}.`
        : 'I came across your profile and liked what you are working on.';
  const about = ctx.settings.aboutMe.trim() ? `I ${lowerFirst(firstSentence(ctx.settings.aboutMe, 110)).replace(/^i /, '')}` : '';
  const connectionNote = fitConnectionNote([hi, hook, ...(about ? [about] : []), `Would be glad to connect${p.interests[0] ? ` — and swap notes on ${p.interests[0]}` : ''}.`, sign].filter(Boolean));

  const lines = [
    hi,
    '',
    `${hook} ${p.industry ? `Teams in ${p.industry} are dealing with a lot of change right now, and ` : ''}I'd be curious how you are approaching ${p.role ? `it as ${p.role}` : 'it'}${atCompany(p)}.`,
    '',
    ctx.settings.aboutMe.trim()
      ? `A bit about me: ${firstSentence(ctx.settings.aboutMe, 240)} My goal in reaching out is to ${lowerFirst(ctx.goal)}, not to pitch.`
      : `My goal in reaching out is to ${lowerFirst(ctx.goal)}, not to pitch.`,
    '',
    p.interests.length
      ? `I also noticed you're into ${p.interests.slice(0, 2).join(' and ')} — would love to hear how that started.`
      : `What is the one thing on your plate this quarter you'd most like to get right?`,
    '',
    `Would you be open to a short chat in the next couple of weeks?`,
    '',
    sign || 'Best regards',
  ];
  return { connectionNote, message: lines.join('\n').trim() };
}

export function writeColdCallScript(p: PersonProfile, ctx: WriterContext): ColdCallScript {
  const sender = ctx.settings.name.trim() || 'calling';
  const me = ctx.settings.name.trim() ? `this is ${sender}` : 'thanks for picking up';
  const about = ctx.settings.aboutMe.trim() ? firstSentence(ctx.settings.aboutMe, 200) : 'We help teams like yours save time on the work that slows them down.';
  const news = ctx.headlines[0];
  return {
    opener: `Hi ${p.firstName || 'there'}, ${me}. I know I'm calling out of the blue — do you have 30 seconds for me to tell you why I called, and then you can decide if we keep talking?`,
    reason: news
      ? `I saw the news about ${p.company || 'your company'} — "${news.title}" — and wanted to ask how it is changing priorities for you as ${p.role || 'part of the team'}.`
      : `I'm calling because I work with ${p.role ? `people in roles like ${p.role}` : 'teams'}${p.industry ? ` in ${p.industry}` : ''}${p.company ? `, and ${p.company} came up as a company doing interesting work` : ''}. My goal today is simply to ${lowerFirst(ctx.goal)}.`,
    value: `${about} For someone ${p.role ? `working as ${p.role}` : 'in your position'}${atCompany(p)}, that usually means less time on routine work and more on what moves the numbers.`,
    discoveryQuestions: [
      `What are your top priorities${p.company ? ` at ${p.company}` : ''} for the next quarter?`,
      `How are you handling that today, and what would you change if you could?`,
      `Who else is involved when you evaluate something new?`,
      p.industry ? `What is the biggest change you're seeing in ${p.industry} right now?` : `What does a great outcome look like for you this year?`,
    ],
    objectionHandling: [
      {
        objection: "I'm not interested.",
        response: `Fair enough — most people I call say that at first. May I ask one question to see if it's even relevant for ${p.company || 'you'}? If not, I won't take more of your time.`,
      },
      {
        objection: "We already have a solution for that.",
        response: `That makes sense. What do you like most about it, and is there anything you wish it did better?`,
      },
      {
        objection: 'Send me an e-mail.',
        response: `Happy to. So I send something useful rather than generic: what would you need to see for it to be worth a reply?`,
      },
    ],
    close: `Would it make sense to set up 20 minutes next week so I can show you how this could work for ${p.company || 'your team'}? Does Tuesday or Thursday suit you better?`,
  };
}

/**
 * The offline writer: deterministic, no network. Extracts what it can from the text and composes
 * specific content from it. Same input, same output.
 */
export function createOfflineGenerator(): TextGenerator {
  return {
    kind: 'offline',
    async *icebreak(input: IcebreakInput, signal: AbortSignal): AsyncIterable<IcebreakChunk> {
      const sections = [starters(input.profile, input), rapportTips(input.profile, input), additionalInsights(input.profile, input)];
      for (const [section, lines] of sections.entries()) {
        for (const line of lines) {
          signal.throwIfAborted();
          yield { section, content: `${line}\n` };
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
