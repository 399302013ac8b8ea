import nlp from 'compromise';
import {
  CAP,
  COMPANY_SUFFIX,
  DEPARTMENTS,
  NOT_NAME_WORDS,
  PARTICLE,
  clean,
  companyAt,
  hasRoleWord,
  isPlaceWords,
  lower,
  splitName,
  squash,
  type Placement,
} from './extract-profile-words';

/*
 * Records written one fact a piece — LinkedIn headlines ("CMO @ Salinas Foods | Madrid | ex-Danone"), bullet
 * notes, email signatures, arrow chains — read by position: which piece is the name, the title, the company,
 * the place and the former employer. The description reader prefers what this finds for such records.
 */

/** Whether the NLP library reads all of `s` as a place ("Halifax, Nova Scotia", "Sierra Leone", "Paris"; not "FreshCrate Kenya"). */
export const isKnownPlace = (s: string) => {
  const words = (t: string) => t.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();
  return Boolean(words(s)) && words(nlp(s).places().text()) === words(s);
};

/** Emoji, flags and pictographs: decoration in a headline, never a fact. */
export const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|[\u{1F3FB}-\u{1F3FF}]/gu;

/**
 * The pieces of a record written one fact a piece: a LinkedIn headline ("CMO @ Salinas Foods | Madrid | ex-Danone"),
 * bullets or signature lines ("• Procurement Director, Sakura Rail Systems" / "• Osaka"), an arrow chain
 * ("Saltmarsh Wind Ltd → Owen Pritchard-Jones → Asset Manager → Swansea"). Empty when the text is prose.
 */
function segmentsOf(source: string): string[] {
  const lines = source
    .split('\n')
    .map((l) => squash(l.replace(/^\s*(?:[-–—•*·]|\d{1,2}[.)])\s*/, '').replace(/^[\p{L} ]{2,15}:\s*(?=\S)/u, '')))
    .filter(Boolean);
  // An arrow between two places is a move ("Mexico City → Miami"), elsewhere it separates pieces.
  const arrows = (l: string) =>
    l.split(/\s*(?:→|->)\s*/).reduce<string[]>((acc, piece, i, all) => {
      const prev = acc.at(-1);
      // "Kyiv → Warsaw (relocated 2023)": a bracket after the move says when.
      const from = clean((all[i - 1] ?? '').replace(EMOJI, ''));
      const to = clean(piece.replace(EMOJI, '').replace(/\s*\([^)]*\)\s*$/, ''));
      if (
        all.length === 2 &&
        i > 0 &&
        prev !== undefined &&
        isPlaceWords(from) &&
        isPlaceWords(to) &&
        (isKnownPlace(from) || isKnownPlace(to))
      )
        acc[acc.length - 1] = `${prev} → ${piece}`;
      // "Dubai Roads & Transit Authority → Sahra Mobility": a move between two organisations; the later is the employer.
      else if (
        all.length === 2 &&
        i > 0 &&
        prev !== undefined &&
        companyAt(from) === from &&
        companyAt(to) === to &&
        !hasRoleWord(from) &&
        !hasRoleWord(to)
      )
        acc.splice(-1, 1, piece, `ex-${prev}`);
      else acc.push(piece);
      return acc;
    }, []);
  const split = (l: string) => l.split(/\s*[|·•]\s*|\s+[–—]\s+/u).flatMap(arrows);
  const cut = (l: string) => squash(l.split(/(?<=\p{Ll}{2})\.\s+(?=\p{Lu})/u)[0]!);
  if (lines.length >= 3)
    return lines
      .flatMap((l) => split(l))
      .map(squash)
      .filter(Boolean);
  const first = lines[0] ?? '';
  const pieces = split(
    first
      .replace(/^[\p{L} ]{2,20}:\s*/u, '')
      .replace(/^["“]/, '')
      .replace(/["”]\s*$/, ''),
  );
  if (pieces.length < 3) return [];
  // A headline that runs into notes ("… · ex-Plastimex — Valeria Quintero-Hughes. Call notes: …") ends at the sentence.
  const last = pieces.length - 1;
  pieces[last] = cut(pieces[last]!);
  const short = pieces.filter((p) => p.split(' ').length <= 7).length;
  if (pieces.slice(0, -1).some((p) => p.split(' ').length > 10)) return [];
  return short * 2 > pieces.length ? pieces.map(squash).filter(Boolean) : [];
}

/** Whether the record is written one fact a piece (a headline, bullets, signature lines): see segmentsOf. */
export const inPieces = (source: string) => segmentsOf(source).length >= 3;

/** A person's name as a headline writes it, quotes and initials included ("Jordan "JJ" Whitfield", "Marcus T. Holloway"). */
const PERSON_PIECE = new RegExp(String.raw`^(${CAP}(?:\s+(?:["“'‘][\p{L} .-]{1,20}["”'’]|\p{Lu}\.|(?:${PARTICLE}\s+)*${CAP})){1,4})$`, 'u');

/** The name in a headline that does not open with it: "VP Eng | Coralbyte | Manila, PH | … | Isabel Santos-Reyes". */
export function segmentName(source: string): { firstName: string; lastName: string } | null {
  const segs = segmentsOf(source).map((s) => clean(s.replace(EMOJI, ' ')));
  if (segs.length < 3) return null;
  const isPerson = (t: string) =>
    PERSON_PIECE.test(t) &&
    !hasRoleWord(t) &&
    !new RegExp(String.raw`\s${COMPANY_SUFFIX}$`).test(t) &&
    !/^(?:ex|prev|formerly)\b/i.test(t) &&
    t.split(' ').every((w) => !NOT_NAME_WORDS.has(lower(w)));
  // The first piece is the name when it looks like one; a title, a company with a suffix or a place comes first otherwise.
  if (isPerson(segs[0]!)) {
    const n = splitName(segs[0]!.replace(/\s+["“'‘][\p{L} .-]{1,20}["”'’]|\s+\p{Lu}\.(?=\s)/gu, ''));
    return n.firstName && n.lastName ? n : null;
  }
  // "Kenji — plant manager — Kobe Steelworks": a lone capitalised word before the title is the name (findName reads it).
  if (/^\p{Lu}[\p{Ll}\p{M}'’-]+$/u.test(segs[0]!) && hasRoleWord(segs[1]!) && !isKnownPlace(segs[0]!)) return null;
  const skipFirst = new RegExp(String.raw`\s${COMPANY_SUFFIX}$`).test(segs[0]!);
  const candidates = skipFirst ? [segs[1]!, segs.at(-1)!] : [segs.at(-1)!];
  for (const c of candidates) {
    if (!isPerson(c)) continue;
    const plainName = c.replace(/\s+["“'‘][\p{L} .-]{1,20}["”'’]|\s+\p{Lu}\.(?=\s)/gu, '');
    const n = splitName(plainName);
    if (n.firstName && n.lastName) return n;
  }
  return null;
}

/** Role, company, place and former employer of a record written in pieces (see segmentsOf). */
export function segmentFacts(
  source: string,
  name: { firstName: string; lastName: string },
): Placement & { place: string; previous: string } {
  const out = { role: '', company: '', place: '', previous: '' };
  const segs = segmentsOf(source);
  if (segs.length < 3) return out;
  type Seg = { text: string; paren: string; kind: 'name' | 'ex' | 'role' | 'plain' | 'other'; company?: string; place?: string };
  const isName = (t: string) =>
    Boolean(name.firstName) && t.includes(name.firstName) && (!name.lastName || t.includes(name.lastName)) && !hasRoleWord(t);
  const plain = (t: string) =>
    Boolean(t) &&
    t.split(' ').length <= 6 &&
    /^[\p{Lu}\p{Lo}\d]/u.test(t) &&
    !/[.!?:;]/.test(t.replace(/\b(?:St|Co|Inc|Ltd|Dr|No|S\.A|A\.Ş)\.|\.\d/g, '')) &&
    t
      .split(' ')
      .every(
        (w) =>
          /^[\p{Lu}\p{Lo}\d&'’]/u.test(w) ||
          /^(?:de|do|da|del|dos|das|di|du|des|la|le|el|of|and|y|e|van|von|der|den|am|upon|on|sur|en)$/.test(w),
      );
  const parsed: Seg[] = segs.map((raw) => {
    let text = clean(raw.replace(EMOJI, ' '));
    const paren = /\s*\(([^)]*)\)\s*$/.exec(text);
    if (paren) text = clean(text.slice(0, paren.index));
    // "Hyderabad → Austin", "Toronto ← Tehran": where they are now.
    const move = /^(.+?)\s*(→|->|←)\s*(.+)$/u.exec(text);
    if (move && isPlaceWords(move[1]!) && isPlaceWords(move[3]!)) text = move[2] === '←' ? move[1]! : move[3]!;
    const seg: Seg = { text, paren: paren?.[1] ?? '', kind: 'other' };
    if (!text) return seg;
    // "Hamid Rahimi, Facilities Director": the name, then the title.
    const named = name.firstName && name.lastName ? `${name.firstName} ${name.lastName}` : '';
    if (named && text.startsWith(`${named},`) && hasRoleWord(text.slice(named.length + 1))) {
      text = clean(text.slice(named.length + 1));
      seg.text = text;
    }
    const nameAt = /^(.+?)\s+(?:@|at)\s+(.+)$/u.exec(text);
    if (nameAt && isName(nameAt[1]!)) {
      // "Nadia Rahman @ Meridian Bank": the name and the company.
      seg.kind = 'name';
      seg.company = companyAt(nameAt[2]!);
    } else if (isName(text)) seg.kind = 'name';
    else if (/^(?:ex[-\s]|prev(?:iously)?\.?\s|formerly\s|was at\s|prev:\s)/i.test(text)) seg.kind = 'ex';
    else if (
      hasRoleWord(text.split(/\s*(?:,|@|\bat\b|\bchez\b|\bbei\b)\s*/)[0]!) &&
      text.split(' ').length <= 12 &&
      !/\b(?:is|was|are|met)\b/i.test(text)
    )
      seg.kind = 'role';
    else if (plain(text)) seg.kind = 'plain';
    return seg;
  });
  const ex = parsed.find((p) => p.kind === 'ex');
  if (ex)
    out.previous = companyAt(
      ex.text
        .replace(/^(?:ex[-\s]|prev(?:iously)?\.?\s|formerly\s|was at\s|prev:\s)\s*/i, '')
        .split(/\s*,\s*/)[0]!
        .replace(/\s+\d+\s*(?:yrs?|years?|months?)\b.*$/i, ''),
    );
  const ri = parsed.findIndex((p) => p.kind === 'role');
  if (ri < 0) return out;
  const roleSeg = parsed[ri]!;
  // Plain pieces after the title, before the first piece of another kind: company, then place.
  const after: Seg[] = [];
  for (const p of parsed.slice(ri + 1)) {
    if (p.kind === 'plain') after.push(p);
    else if (p.kind !== 'name' && p.kind !== 'ex') break;
  }
  const m = /^(.+?)\s*(?:@|\s(?:at|chez|bei|for|en|em|na|no|presso|bij|på|hos|tại|di)\s)\s*(.+)$/u.exec(roleSeg.text);
  const commaPieces = roleSeg.text.split(/\s*,\s*/);
  const companyWithPlace = (t: string) => {
    const [co, ...where] = t.split(/\s*,\s*/);
    return { company: co!, place: where.length && isPlaceWords(where.join(', ')) ? where.join(', ') : '' };
  };
  const namedCompany = parsed.find((p) => p.company)?.company;
  // The piece after the title: "Bazaar Kuzey (Istanbul)", "Sakura Institute of Technology, Osaka", "Acme Ltd" is a company
  // with its place, so a comma in the title is the department ("Category Manager, Home & Living").
  const next = after[0];
  // A one-word name before the comma ("Ikeja, Lagos", "Bamako, Mali") is a city and its region.
  const nextIsCompany =
    next &&
    !isKnownPlace(next.text.split(/\s*,\s*/)[0]!) &&
    ((next.paren && isPlaceWords(next.paren)) ||
      (companyWithPlace(next.text).place && next.text.split(/\s*,\s*/)[0]!.split(' ').length >= 2) ||
      new RegExp(String.raw`\s${COMPANY_SUFFIX}$`).test(next.text));
  if (namedCompany) {
    out.role = commaPieces.length >= 2 && !m ? roleSeg.text : clean(m?.[1] ?? roleSeg.text);
    out.company = namedCompany;
  } else if (m && hasRoleWord(m[1]!)) {
    out.role = clean(m[1]!);
    const cw = companyWithPlace(m[2]!);
    out.company = companyAt(cw.company) || cw.company;
    out.place = cw.place;
    // "Head of Ops at a 40-bed private clinic, Clínica San Rafael, Guadalajara": what the company is, then its name.
    const rest = m[2]!.split(/\s*,\s*/);
    if (!companyAt(rest[0]!) && rest[1] && companyAt(rest[1]) === rest[1]) {
      out.company = rest[1];
      out.place = rest.slice(2).join(', ') && isPlaceWords(rest.slice(2).join(', ')) ? rest.slice(2).join(', ') : '';
    }
  } else if (commaPieces.length >= 2 && nextIsCompany) out.role = roleSeg.text;
  else if (
    commaPieces.length >= 2 &&
    after.length < 2 &&
    (!DEPARTMENTS.has(lower(commaPieces.at(-1)!.split(' ').at(-1)!)) || (next && isKnownPlace(next.text)))
  ) {
    // "Procurement Director, Sakura Rail Systems" then "Osaka"; "Ops Manager, Greenleaf Pharmacies" then "Port Harcourt".
    out.role = commaPieces[0]!;
    const cw = companyWithPlace(commaPieces.slice(1).join(', '));
    out.company = cw.company;
    out.place = cw.place;
  } else out.role = roleSeg.text;
  if (!out.company) {
    // The company is the plain piece beside the title: one with a legal suffix, else the next, else the one before.
    const before = parsed
      .slice(0, ri)
      .reverse()
      .find((p) => p.kind === 'plain');
    const suffixed = [...after, before].find((p) => p && new RegExp(String.raw`\s${COMPANY_SUFFIX}$`).test(p.text));
    // "Chloé Martin | COO | Paris": a piece the NLP library knows as a place is the place.
    const lonePlace = after.length === 1 && isKnownPlace(after[0]!.text);
    const pick =
      suffixed ??
      (lonePlace ? undefined : after[0]) ??
      (before && !isPlaceWords(before.text) && !isKnownPlace(before.text) ? before : undefined);
    if (pick) {
      const cw = companyWithPlace(pick.text);
      out.company = cw.company;
      out.place ||= cw.place;
      if (!out.place && pick.paren && isPlaceWords(pick.paren)) out.place = pick.paren;
    }
  }
  if (!out.place && roleSeg.paren && isPlaceWords(roleSeg.paren)) out.place = roleSeg.paren;
  if (!out.place) {
    // A piece the NLP library knows as a place comes first: "Industrial IoT | … | Reykjavík".
    const pieces = [...after, ...parsed.filter((p) => p.kind === 'plain' && !after.includes(p))];
    const where = [...pieces.filter((p) => isKnownPlace(p.text)), ...pieces].find(
      (p) => p.text !== out.company && isPlaceWords(p.text) && !hasRoleWord(p.text) && p.text.split(' ').length <= 4,
    );
    if (where) out.place = where.text;
  }
  return out;
}
