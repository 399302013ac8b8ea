import type { PersonProfile } from './extract-profile';

/**
 * A note typed in capitals ("URGENT - CALL BACK MIGUEL ÁNGEL RUIZ, GERENTE GENERAL, TRANSPORTES CORDILLERA") or a
 * lead keyed in them: the writer would greet "MIGUEL" and ask about "TRANSPORTES CORDILLERA". Its facts are written
 * the way a sentence writes them: names and places with capitals, titles and what happened in lower case, acronyms
 * as they are.
 */

/** Whether a text is typed in capitals: most of its cased letters are. */
export function isShouted(text: string): boolean {
  const upper = text.match(/\p{Lu}/gu)?.length ?? 0;
  const lower = text.match(/\p{Ll}/gu)?.length ?? 0;
  return upper >= 20 && upper > 4 * lower;
}

// "GPS", "CRM", "HQ": a word with no vowel is an acronym; so are these, which have one.
const ACRONYM =
  /^(?:[^\p{L}]*[^AEIOUYÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÄËÏÖÜÅØÆ\P{L}]{2,5}[^\p{L}]*|CEO|COO|CIO|CRO|CPO|CISO|ERP|POS|API|AI|IT|EU|UK|USA|UAE|SAP|IOT|ESG|EV|ROI|KPI|SEO|SMS|HR|HVAC|SAAS|VAT|LLC|PLC|AG|SA|SAS|BV|NV|AB|OY|[\p{L}]\.(?:[\p{L}]\.)+)$/u;
// Legal forms as they are written in a name.
const LEGAL_FORM_CASE: Record<string, string> = { LTD: 'Ltd', INC: 'Inc', GMBH: 'GmbH', CO: 'Co', CORP: 'Corp', PTY: 'Pty' };
// "Mc" and "Mac" names keep the capital after them ("McAllister"); "Mac" only before a consonant cluster is too unsure.
const capitalised = (part: string) =>
  part.replace(/^(\P{L}*)(\p{L})(\p{L}*)/u, (_, pre: string, first: string, rest: string) => {
    const word = `${first}${rest.toLocaleLowerCase('und')}`;
    return pre + (/^Mc\p{L}/u.test(word) ? `Mc${word[2]!.toLocaleUpperCase('und')}${word.slice(3)}` : word);
  });

/**
 * "HENDRICKS GRAIN & FEED" → "Hendricks Grain & Feed", "O'ROURKE" → "O'Rourke", "AMES IA" → "Ames IA"; a person's
 * name has no acronyms ("NG WEI" → "Ng Wei").
 */
export function asProperName(value: string, kind: 'person' | 'company' | 'place'): string {
  const words = value.split(' ');
  return words
    .map((w, i) => {
      const legal = LEGAL_FORM_CASE[w.replace(/[.,]$/, '')];
      if (legal && kind === 'company') return w.replace(/^[^.,]+/, legal);
      // A state's or country's code after a place ("DAYTON OH") stays as it is.
      if (kind === 'place' && i > 0 && /^\p{Lu}{2},?$/u.test(w)) return w;
      if (kind !== 'person' && ACRONYM.test(w)) return w;
      return w
        .split(/(?<=[-'’])/u)
        .map(capitalised)
        .join('');
    })
    .join(' ');
}

/** "GERENTE GENERAL" → "gerente general", "WANTS QUOTE FOR 80 GPS TRACKERS" → "wants quote for 80 GPS trackers". */
export function asPhrase(value: string): string {
  return value
    .split(' ')
    .map((w) => (ACRONYM.test(w) ? w : w.toLocaleLowerCase('und')))
    .join(' ');
}

// Where capitals cannot end a company's name, a sentence's small words do: "POLDERWIND ENERGIE IN UTRECHT AND SAID …".
const SHOUTED_COMPANY_END =
  /^(.+?)\s+(?:(IN)\s+(\p{Lu}[\p{Lu}\p{M}'’-]+(?:\s+(?!(?:AND|WHO|THAT|BUT|WITH|ON|FOR|SINCE)\b)\p{Lu}[\p{Lu}\p{M}'’-]+)?)\b.*|(?:AND|SAID|WHO|WHICH|THAT|IS|ARE|WAS|WERE|HAS|HAVE|BUT|SINCE|LAST|NEXT)\s.*)$/u;

/** The profile of a shouted text with its facts written as a sentence writes them (see above). */
export function unshouted(read: PersonProfile): PersonProfile {
  const name = (v: string, kind: 'person' | 'company' | 'place' = 'company') => (v && !/\p{Ll}/u.test(v) ? asProperName(v, kind) : v);
  const phrase = (v: string) => (v && !/\p{Ll}/u.test(v) ? asPhrase(v) : v);
  const ran = read.company.split(' ').length > 3 ? SHOUTED_COMPANY_END.exec(read.company) : null;
  const p = ran ? { ...read, company: ran[1]!, place: read.place || (ran[3] ?? '') } : read;
  return {
    ...p,
    firstName: name(p.firstName, 'person'),
    lastName: name(p.lastName, 'person'),
    nameAsWritten: p.nameAsWritten && name(p.nameAsWritten, 'person'),
    company: name(p.company),
    previousCompany: name(p.previousCompany),
    metAt: name(p.metAt),
    place: name(p.place, 'place'),
    role: phrase(p.role),
    industry: phrase(p.industry),
    interests: p.interests.map(phrase),
    needs: p.needs.map(phrase),
    events: p.events.map((e) => ({ ...e, said: phrase(e.said), you: phrase(e.you), topic: phrase(e.topic) })),
  };
}
