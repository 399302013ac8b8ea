import type { PersonProfile } from '../extract-profile';

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
    'der und für mit von zu im bei ist dem ein eine ' +
    'di della il gli'
  ).split(' '),
);

/** True when a phrase reads as another language: it has a lower-case function word of one. */
export function isForeignPhrase(s: string): boolean {
  // "d'exploitation", "l'entreprise": an elided article is French or Italian.
  return s.split(/[\s,;:()]+/).some((w) => FOREIGN_WORDS.has(w) || /^[dl][’']\p{L}/u.test(w));
}

/** The facts the writer may say, and the role as written (a title in another language still says what the work is). */
export type ProseProfile = PersonProfile & { roleAsWritten: string };

/** Legal forms at the end of a company name ("Sp. z o.o.", "AS", "GmbH", "S.A."): not said in a sentence. */
const LEGAL_FORM =
  /(?:,?\s+(?:Sp\.\s*z\s*o\.\s*o\.?|GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|AS|ASA|AB|Oy|Oyj|A\/S|ApS|S\.?A\.?S?\.?|S\.?L\.?U?\.?|S\.?r\.?l\.?|S\.?p\.?A\.?|SARL|SAS|B\.?V\.?|N\.?V\.?|Ltda\.?|LLC|L\.?L\.?C\.|Inc\.?|Ltd\.?|Pty\.?(?:\s+Ltd\.?)?|plc|PLC|K\.?K\.?|Kft\.?|s\.r\.o\.|a\.s\.|Corp\.?|Co\.,?\s*Ltd\.?))+$/;

export function spokenCompany(company: string): string {
  const short = company.replace(LEGAL_FORM, '').trim();
  return short.length >= 2 ? short : company;
}

/** "evaluating X and wants Y": the phrase ends where another thought about the person starts. */
const NEXT_THOUGHT =
  /,?\s+(?:and|but)\s+(?:is|was|has|had|wants|needs|plans|hopes|says|said|asks|asked|would|will|likes|seems|mentioned|complained)\b.*$/i;
const firstThought = (s: string) => s.replace(NEXT_THOUGHT, '');

export function proseFacts(p: PersonProfile): ProseProfile {
  const keep = (s: string) => (isForeignPhrase(s) ? '' : s);
  return {
    ...p,
    roleAsWritten: p.role,
    role: keep(p.role),
    company: p.company ? spokenCompany(p.company) : p.company,
    previousCompany: p.previousCompany ? spokenCompany(p.previousCompany) : p.previousCompany,
    industry: keep(p.industry),
    metAt: keep(p.metAt),
    needs: p.needs.map(firstThought).filter((n) => !isForeignPhrase(n)),
    events: p.events
      .map((e) => ({ ...e, said: firstThought(e.said), you: firstThought(e.you) }))
      .filter((e) => !isForeignPhrase(e.said)),
    interests: p.interests.filter((i) => !isForeignPhrase(i)),
  };
}
