import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { ColdCallScript, LinkedinDm } from '@shared/schemas/enrich';
import { contentRules, countWords } from './content-rules';
import { lintText, patternProblems } from './quality/lint-text';
import { enrichLanguage, icebreakLanguage, leadText } from './output-language';
import type { OutputLanguage } from '@shared/constants';
import type { EnrichInput, IcebreakInput, WriterContext } from './text-generator';

/**
 * The checks an LLM answer passes before it is shown as Ready (issue 25 item 8): grammar and
 * pattern lints (the same `lintText` the evaluation uses) plus structural rules — no template
 * holes, the goal never said to the prospect, the user's word limit, greeting and sign-off, the
 * connection note within LinkedIn's limit. Each problem is a sentence the model can act on when
 * it is asked again.
 */

/**
 * Grammar and pattern lints of one text; `inputWords` are spelled as the user wrote them (no
 * spelling lint), `names` are the person's (a pronoun before one is a splice).
 */
export type TextLinter = (
  text: string,
  options: { inputWords: string[]; names: string[]; language?: OutputLanguage },
) => Promise<string[]> | string[];

/**
 * The evaluation's own lints (Harper and the spliced-text patterns), each as a sentence the model
 * can act on. A Harper lint on words written exactly as in the input ("Sam" → "SAM") is the
 * input's own spelling, not the writer's mistake.
 */
export const qualityLinter: TextLinter = async (text, options) => {
  // Harper runs on the event loop and takes long over a run no reader could read: say so without it.
  const gibberish = text.replace(/\bhttps?:\/\/\S+/g, '').match(/[^\s/]{41,}/);
  if (gibberish) return [`A run of ${gibberish[0].length} characters without a space is not a word.`];
  const asWritten = new Set(options.inputWords);
  // Harper reads English only: another language gets the spliced-text patterns alone.
  const found = options.language && options.language !== 'en' ? patternProblems(text, options.names) : await lintText(text, options);
  return found
    .filter((p) => !(p.source === 'harper' && words(p.excerpt).length > 0 && words(p.excerpt).every((w) => asWritten.has(w))))
    .map((p) => `${p.message.replace(/\.?$/, '')} ("${p.excerpt}").`);
};

/** A bracketed or braced hole a template left ("[Name]", "{{company}}", "<Company>"); a markdown link is not one. */
const HOLE = /\[[^\]\n]{1,40}\](?!\()|\{\{[^}\n]*\}\}|<(?:first ?name|name|company|role|title|product)>/i;
/** The goal is for the writer; saying it to the prospect reads as a script ("my goal is to build rapport"). */
const GOAL_SAID = /\b(?:my|our) (?:goal|objective|aim) (?:is|today|here|was)\b/i;

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

/** Words of everything the user gave (description, lead, settings, goal, news): their spelling is theirs. */
function inputWordsOf(ctx: WriterContext, input: string): string[] {
  const { name, aboutMe, contentPreferences } = ctx.settings;
  return [...new Set(words([input, name, aboutMe, contentPreferences, ctx.goal, ...ctx.headlines.map((h) => h.title)].join(' ')))];
}

/** Problems shared by every text said to the prospect. */
function prospectProblems(label: string, text: string, goal: string): string[] {
  const problems: string[] = [];
  if (HOLE.test(text))
    problems.push(`${label} has a template placeholder (${HOLE.exec(text)?.[0]}); write the real words or leave it out.`);
  const g = goal.trim().toLowerCase();
  if (GOAL_SAID.test(text) || (g.split(/\s+/).length >= 2 && text.toLowerCase().includes(g)))
    problems.push(`${label} tells the prospect the goal ("${goal}"); the goal steers the text but is never said.`);
  return problems;
}

async function lintAll(
  lint: TextLinter | undefined,
  parts: [string, string][],
  inputWords: string[],
  names: string[],
  language: OutputLanguage,
): Promise<string[]> {
  if (!lint) return [];
  const out: string[] = [];
  for (const [label, text] of parts) {
    for (const problem of await lint(text, { inputWords, names, language })) out.push(`${label}: ${problem}`);
  }
  return out;
}

const namesOf = (...names: (string | null | undefined)[]) => names.filter((n): n is string => Boolean(n?.trim()));
const leadNames = (input: EnrichInput) => namesOf(input.lead.First_Name, input.lead.Last_Name, input.lead.Full_Name);

export async function checkIcebreak(sections: string[], input: IcebreakInput, lint?: TextLinter): Promise<string[]> {
  // Missing sections are the route's to judge (an answer cut at the output cap may lack them).
  const problems: string[] = [];
  const parts = sections.map((s, i): [string, string] => [`Section ${i}`, s ?? '']).filter(([, s]) => s.trim());
  for (const [label, text] of parts) {
    if (HOLE.test(text))
      problems.push(`${label} has a template placeholder (${HOLE.exec(text)?.[0]}); write the real words or leave it out.`);
  }
  // The starters are said to the person: the goal must not be.
  if (sections[0] && GOAL_SAID.test(sections[0])) problems.push('Section 0 tells the person the goal; the goal steers but is never said.');
  problems.push(
    ...(await lintAll(
      lint,
      parts,
      inputWordsOf(input, input.description),
      namesOf(input.profile.firstName, input.profile.lastName),
      icebreakLanguage(input),
    )),
  );
  return problems;
}

export async function checkLinkedinDm(dm: LinkedinDm, input: EnrichInput, lint?: TextLinter): Promise<string[]> {
  const rules = contentRules(input.settings.contentPreferences);
  const problems = [
    ...prospectProblems('The connection note', dm.connectionNote, input.goal),
    ...prospectProblems('The message', dm.message, input.goal),
  ];
  if (dm.connectionNote.trim().length > LINKEDIN_CONNECTION_NOTE_MAX)
    problems.push(
      `The connection note has ${dm.connectionNote.trim().length} characters; LinkedIn allows ${LINKEDIN_CONNECTION_NOTE_MAX}.`,
    );
  if (rules.maxWords !== undefined && countWords(dm.message) > rules.maxWords)
    problems.push(`The message has ${countWords(dm.message)} words; the user's limit is ${rules.maxWords}.`);
  if (rules.signOff && !dm.message.trim().slice(-120).toLowerCase().includes(rules.signOff.toLowerCase()))
    problems.push(`The message does not end with the user's sign-off "${rules.signOff}".`);
  if (rules.greeting && !dm.message.trim().toLowerCase().startsWith(rules.greeting.toLowerCase()))
    problems.push(`The message does not start with the user's greeting "${rules.greeting}".`);
  const parts: [string, string][] = [
    ['The connection note', dm.connectionNote],
    ['The message', dm.message],
  ];
  problems.push(...(await lintAll(lint, parts, inputWordsOf(input, leadText(input)), leadNames(input), enrichLanguage(input))));
  return problems;
}

export async function checkColdCallScript(script: ColdCallScript, input: EnrichInput, lint?: TextLinter): Promise<string[]> {
  const parts: [string, string][] = [
    ['The opener', script.opener],
    ['The reason', script.reason],
    ['The value', script.value],
    ...script.discoveryQuestions.map((q, i): [string, string] => [`Discovery question ${i + 1}`, q]),
    ...script.objectionHandling.flatMap((o, i): [string, string][] => [
      [`Objection ${i + 1}`, o.objection],
      [`Objection response ${i + 1}`, o.response],
    ]),
    ['The close', script.close],
  ];
  const problems = parts.flatMap(([label, text]) => prospectProblems(label, text, input.goal));
  problems.push(...(await lintAll(lint, parts, inputWordsOf(input, leadText(input)), leadNames(input), enrichLanguage(input))));
  return problems;
}
