/*
 * Who the person is, said beside their name: a labelled contact read as a chain of pieces ("Contact: Name | Title |
 * Company | City"), a title in brackets after the name, and a title freed from the words a sentence put around it.
 * Split from extract-profile.ts, which calls these.
 */
import { isKnownPlace } from './extract-profile-pieces';
import { isScriptTitle } from './extract-profile-scripts';
import {
  type Placement,
  clean,
  companyAt,
  escapeRe,
  hasRoleWord,
  HOW_EMPLOYED,
  isDepartmentName,
  isPlaceWords,
  withoutLegalForm,
} from './extract-profile-words';

/** A title in brackets after the name, and the company after it when one follows a preposition, a comma or a dash. */
export function bracketTitle(text: string, fullName: string): Placement | null {
  if (!fullName) return null;
  const m = new RegExp(
    String.raw`${escapeRe(fullName)}\s*\(([^()]{2,60})\)(?:\s*(?:,\s*|\s+(?:at|@|of|from|with|de|da|do|del|du|bei|chez|bij|van|på|w|em|en)\s+(?:the\s+)?|\s+[-–—|]\s+)(\p{Lu}.*))?`,
    'u',
  ).exec(text);
  if (!m || !hasRoleWord(m[1]!) || /\b(?:goes by|aka|née|ex-|formerly|previously)\b/i.test(m[1]!)) return null;
  // "(Chief of Staff, Monsoon Mobility, Pune)": the title, then its company; "(Sr. Manager, Plant Maintenance)": a
  // department after the comma is part of the title.
  // department after the comma is part of the title, as is all of it when the company follows the bracket.
  const after = m[2] ? companyAt(m[2]) : '';
  const company = after && !hasRoleWord(after) && !isKnownPlace(after) ? after : '';
  const inside = m[1]!.split(/\s*,\s*/).map((x) => clean(x));
  const second = inside[1] ?? '';
  if (
    !company &&
    inside.length >= 2 &&
    hasRoleWord(inside[0]!) &&
    companyAt(second) === second &&
    !isDepartmentName(second) &&
    !hasRoleWord(second)
  )
    return { role: inside[0]!, company: second };
  return { role: clean(m[1]!), company };
}

/** The first sentence of `s` and what follows it ("Dr." and "St." do not end one). */
export function firstSentence(s: string): [string, string] {
  const m = /(?<!\b(?:St|Dr|Mr|Mrs|Ms|Mx|Prof|Mt|Ste|Jr|Sr|vs|Ing|[A-Z]))[.!?]\s+(?=\p{Lu})/u.exec(s);
  return m ? [s.slice(0, m.index + 1), s.slice(m.index + m[0].length)] : [s, ''];
}

/**
 * A labelled contact: "Neema Mushi, Export Manager", "Beatrix Hollenstein (Head of Facilities, Zentrum Klinik Luzern)",
 * "Thabo Nkosi-Pretorius | Chief Actuary | Springbok Mutual Life | Cape Town", "Anneke Vos, CMIO, Sint-Lucas
 * Ziekenhuis (Ghent)": the name first, then by what each piece is, the title, the company and the place.
 */
export function contactChain(v: string): { name: string; role: string; company: string; place: string; rest: boolean } {
  const out = { name: '', role: '', company: '', place: '', rest: false };
  let rest = v;
  // A bracket at the end holds either the title and company or, after a company, the place.
  const paren = /\s*\(([^)]+)\)\s*\.?$/.exec(rest);
  if (paren) rest = rest.slice(0, paren.index);
  // Pipes separate the facts; commas inside a pipe piece separate the name from its title ("Westland, NL" stays whole).
  const piped = rest.split(/\s*\|\s*/);
  const pieces = [...piped[0]!.split(/\s*,\s*/), ...piped.slice(1)].map((x) => clean(x)).filter(Boolean);
  out.name = pieces.shift() ?? '';
  if (paren && !pieces.length) {
    const inside = paren[1]!.split(/\s*,\s*/);
    if (inside.length >= 2 && hasRoleWord(inside[0]!)) {
      out.role = inside[0]!;
      out.company = inside[1]!;
      if (inside[2] && isPlaceWords(inside[2])) out.place = inside[2];
    } else if (hasRoleWord(paren[1]!)) out.role = clean(paren[1]!);
    return out;
  }
  if (paren && isPlaceWords(paren[1]!)) out.place = clean(paren[1]!);
  for (const [i, piece] of pieces.entries()) {
    // "Group Financial Controller at Harbour Jade Holdings": a title with its company in one piece.
    const at = /^(.+?)\s+(?:at|@|bei|chez|bij|en|på)\s+(\p{Lu}.*)$/u.exec(piece);
    if (!out.role && !out.company && at && hasRoleWord(at[1]!) && companyAt(at[2]!) && !isDepartmentName(companyAt(at[2]!))) {
      out.role = clean(at[1]!);
      out.company = companyAt(at[2]!);
    } else if (!out.role && !out.company && hasRoleWord(piece)) out.role = piece;
    else if (out.role && !out.company && isDepartmentName(piece)) out.role = `${out.role}, ${piece}`;
    else if (
      !out.company &&
      companyAt(piece) === piece &&
      !hasRoleWord(piece) &&
      !(i === pieces.length - 1 && isKnownPlace(piece) && out.role)
    )
      out.company = piece;
    else if (!out.place && isPlaceWords(piece)) out.place = piece;
    // "…, Txingudi Energia, a regional electricity distributor headquartered in Bilbao": a description ends the chain.
    else {
      out.rest = true;
      break;
    }
  }
  // "Neema Mushi, Export Manager, Kilimo Fresh": a title said in two pieces ("Senior Director, Global Partnerships") stays whole.
  if (!out.role && pieces.length && hasRoleWord(pieces.join(', '))) out.role = pieces.join(', ');
  return out;
}

/**
 * The title without the words a sentence put around it: "now COO", "Their head of post-production", "nueva
 * Directora de Recursos Humanos", "Spoke to the CISO", "Finance Manager (was" (a bracket the title ran into).
 */
export function bareTitle(role: string): string {
  // "She heads up customer experience": a sentence about what someone does is not a title.
  if (/^(?:she|he|they|we|i)\s+\p{Ll}/iu.test(role)) return '';
  const r = role
    .replace(/\s*\([^)]*$/, '')
    .replace(/^(?:spoke|talked|met|chatted)\s+(?:to|with)\s+/i, '')
    // "hes ops mgr", "she's the buyer", "Bongani = MD": a note's "he is" before the title.
    .replace(/^(?:(?:hes|shes|he['’]s|she['’]s)\s+|=\s*)/i, '')
    .replace(
      /^(?:(?:their|our|his|her|my|the|now|currently|new|newly appointed|nuev[oa]|nov[oa]|nouvelle|nouveau|neuer?|neue[nr]?|nuov[oa])\s+)+/i,
      '',
    )
    // "jako vedoucí IT", "als Teamleiterin": "as" before a title; "an independent brand strategist": how they work.
    .replace(/^(?:jako|als|como|comme|come|kao|ako|jak|as)\s+(?=\S)/u, '')
    .replace(HOW_EMPLOYED, '')
    // "Ops manager in Lagos", "strategist out of Montreal", "IT-директор ТОО": a place or the company's legal form after the title.
    .replace(/\s+(?:in|out of|from)\s+\p{Lu}[\p{L}\p{M}'’-]*(?:\s+\p{Lu}[\p{L}\p{M}'’-]*)*$/u, '')
    // "סמנכ״לית שיווק בחברת גפן דיגיטל", "מנהל הרכש של מחלבות הגליל": Hebrew's "at the company" or "of" before the company.
    .replace(/\s+(?:של|בחברת|בחברה|ב?חברת)\s.*$/u, '')
    // "的采购总监", "の営業部長": Chinese's and Japanese's "of" left before the title; "…株式会社さくら精工の製造部長": the company "of" which it is the title.
    .replace(/^[的の](?=\S)/u, '')
    .replace(/^.*(?:株式会社|有限会社|合同会社)[^の\s]*の(?=\S)/u, '')
    // "brand strategist out", "head of procurement over (at Andesmar)": a preposition cut from its place or its company;
    // "procurement manager there": its company.
    .replace(/\s+(?:out|over|there)$/u, '')
    .trim();
  const title = withoutLegalForm(r);
  return title && isScriptTitle(title) ? title : role;
}
