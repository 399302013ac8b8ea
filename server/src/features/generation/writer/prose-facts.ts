import type { PersonProfile } from '../extract-profile';
import { detectLanguage } from '@shared/language';
import { unquotedName, withoutCaseEnding, withoutLegalForm } from '../extract-profile-words';
import { unknownWordShare } from '../quality/lint-text';

/**
 * The facts the English writer may put into its sentences. A phrase in another language ("Responsable de
 * Compras", "busca una plataforma") is not spliced into English prose: the writer cannot say it in other
 * words, so it leaves it out. A company is said the way people say it, without its legal form.
 */

/** Function words of French, Spanish, Portuguese, German and Italian that English prose never uses bare. */
const FOREIGN_WORDS = new Set(
  (
    'de des du la le les un une et pour avec dans sur au aux chez ' +
    'el los las una y por para con del en es ' +
    'em com dos das uma ' +
    'der und für mit von zu im bei ist dem ein eine auf noch nicht sich oder aus nach über zum zur vom ' +
    'sa ses son leur nos su sus ao ' +
    'di della il gli'
  ).split(' '),
);

/** True when a phrase reads as another language: it has a lower-case function word of one. */
export function isForeignPhrase(s: string): boolean {
  // "d'exploitation", "l'entreprise": an elided article is French or Italian.
  // German "an" before a consonant ("Interesse an mobiler …") is not the English article.
  if (/\ban [b-df-gj-np-tv-z]/.test(s)) return true;
  return s.split(/[\s,;:()]+/).some((w) => FOREIGN_WORDS.has(w) || /^[dl][’']\p{L}/u.test(w));
}

/**
 * The facts the writer may say, and the role and industry as written: a title or an industry in another language
 * ("Associé gérant", "Cabinet d'avocats") still says which questions fit.
 */
export type ProseProfile = PersonProfile & { roleAsWritten: string; industryAsWritten: string };

/**
 * A short abbreviation with dots ending the name ("S.Koop.", "Cyf.", "& Co."): a legal form no list has yet, whose dot
 * would end the writer's sentence in the middle.
 */
const DOTTED_ENDING = /(?:\s+&)?\s+(?:\p{L}{1,5}\.)+\p{L}{0,5}\.?$/u;

export function spokenCompany(company: string): string {
  // Quotation marks around the name would sit inside the writer's own.
  const name = unquotedName(company);
  // Legal forms at the end ("Sp. z o.o.", "AS", "GmbH", "S.A.") are not said in a sentence.
  const short = withoutLegalForm(withoutCaseEnding(name)).replace(DOTTED_ENDING, '').trim();
  return short.length >= 2 ? short : company;
}

/** "evaluating X and wants Y": the phrase ends where another thought about the person starts. */
const NEXT_THOUGHT =
  /,?\s+(?:and|but)\s+(?:is|was|has|had|wants|needs|plans|hopes|says|said|asks|asked|would|will|likes|seems|mentioned|complained)\b.*$/i;
const firstThought = (s: string) => s.replace(NEXT_THOUGHT, '');

/**
 * A title the English writer can say: it names an English title word ("Head of …", "Bauleiterin" does not).
 * A title it cannot read is left out of sentences rather than guessed at.
 */
const ENGLISH_TITLE =
  /\b(?:manager|director|head|chief|officer|lead|leader|engineer|president|founder|co-founder|owner|partner|VP|CEO|CTO|CFO|COO|CIO|CISO|CMO|CRO|CPO|GM|MD|analyst|consultant|specialist|coordinator|supervisor|administrator|architect|developer|designer|scientist|controller|accountant|buyer|planner|principal|teacher|nurse|doctor|physician|superintendent|dean|secretary|mayor|editor|producer|trader|plumber|electrician|agent|advisor|adviser|associate|executive|representative|strategist|researcher|technician|operator|inspector|counsel|attorney|lawyer|pharmacist|chair|treasurer|coach|instructor|professor|lecturer|recruiter|merchandiser|foreman|captain|pilot|chef|farmer|dentist|surgeon|therapist|economist|journalist|writer|author|artist|photographer|broker|underwriter|auditor|estimator|dispatcher|steward|clerk|officer|staff)s?\b/i;
const sayableRole = (role: string) => (!isForeignPhrase(role) && ENGLISH_TITLE.test(role) ? role : '');
/** "Shipping "Lanterns of Yomi"": a title quoted inside the writer's own quotation marks takes single ones. */
const requote = (s: string) => s.replace(/"([^"]+)"/g, '‘$1’');

export function proseFacts(p: PersonProfile): ProseProfile {
  const keep = (s: string) => (isForeignPhrase(s) ? '' : requote(s));
  return {
    ...p,
    roleAsWritten: p.role,
    industryAsWritten: p.industry,
    role: sayableRole(p.role),
    company: p.company ? spokenCompany(p.company) : p.company,
    previousCompany: p.previousCompany ? spokenCompany(p.previousCompany) : p.previousCompany,
    industry: keep(p.industry),
    metAt: keep(p.metAt),
    needs: p.needs.map((n) => requote(firstThought(n))).filter((n) => !isForeignPhrase(n)),
    events: p.events
      .map((e) => ({ ...e, said: requote(firstThought(e.said)), you: requote(firstThought(e.you)), topic: requote(e.topic) }))
      .filter((e) => !isForeignPhrase(e.said)),
    interests: p.interests.filter((i) => !isForeignPhrase(i)).map(requote),
  };
}

/** Below this share of words Harper does not know, a text is English with a few names and loanwords in it. */
const ENGLISH_TEXT_UNKNOWN_SHARE = 0.3;
/**
 * Up to this share when its stop words say English: a headline or a note has few lower-case words to count. Above
 * it, the stop words were another language's that English shares ("in", "is" in Dutch).
 */
const DETECTED_ENGLISH_UNKNOWN_SHARE = 0.4;

/**
 * The facts an English text may quote from input written in another language: an interest, a need or a piece of
 * news only when Harper knows all its lower-case words ("jazz piano"), never a phrase in the input's language
 * pasted into an English sentence ("Is kórusban énekel still how you switch off…"). English input keeps them all:
 * Harper does not know every hobby ("padel").
 */
export async function englishProseFacts(p: PersonProfile, source: string): Promise<ProseProfile> {
  const facts = proseFacts(p);
  const unknown = await unknownWordShare(source);
  if (unknown < ENGLISH_TEXT_UNKNOWN_SHARE || (detectLanguage(source) === 'en' && unknown < DETECTED_ENGLISH_UNKNOWN_SHARE)) return facts;
  // Every word of the phrase known to Harper: an English phrase, not one in the input's language.
  const english = async <T>(items: T[], said: (item: T) => string): Promise<T[]> => {
    const shares = await Promise.all(items.map((item) => unknownWordShare(said(item))));
    return items.filter((_, i) => shares[i] === 0);
  };
  const [interests, needs, events] = await Promise.all([
    english(facts.interests, (i) => i),
    english(facts.needs, (n) => n),
    english(facts.events, (e) => e.said),
  ]);
  return { ...facts, interests, needs, events };
}
