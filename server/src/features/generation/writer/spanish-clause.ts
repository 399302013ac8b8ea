/*
 * A Spanish event as a clause the writer can put after "Vi que …" / "Ahora que …". Notes often write news without
 * a finite verb ("nearshoring boom, abriendo planta en Lagos de Moreno", "nueva central de envasado", "45
 * sucursales, abriendo 10 más"): pasted after "que" they are not Spanish. A gerund gets its auxiliary ("están
 * abriendo …"); a piece with no verb is left out; a clause with none at all makes no sentence.
 */

/** Conjugated forms that are verbs wherever they stand (auxiliaries, "es", "hay"). */
const FINITE_WORD =
  /^(?:está|están|estaba|estaban|estará|estarán|ha|han|había|habían|va|van|iba|iban|acaba|acaban|es|son|fue|fueron|era|eran|será|serán|tiene|tienen|tuvo|tuvieron|sigue|siguen|hay|hubo|hará|harán|hizo|hicieron|puso|pusieron|abre|abren|cierra|cierran|lanza|lanzan|contrata|contratan|compra|compran|renueva|renuevan|prepara|preparan|planea|planean|construye|construyen)$/;
/** Preterite and future third persons ("cerró", "abrieron", "abrirá", "ganaron"): a verb by its ending. */
const FINITE_ENDING = /^\p{Ll}{2,}(?:ó|aron|ieron|yeron|ará|erá|irá|arán|erán|irán)$/u;
/** "abriendo", "construyendo": a gerund, said with "están". */
const GERUND = /^\p{Ll}{2,}(?:ando|iendo|yendo)$/u;
/** First person ("acabamos", "abrimos", "cerré"): news in the company's own voice is not said to them as is. */
const FIRST_PERSON = /^\p{Ll}{2,}(?:amos|emos|imos|é)$/u;
/** A present third person before its object ("abre un campus", "contrata 20 personas"). */
const PRESENT_BEFORE_OBJECT = /^\p{Ll}{3,}(?:a|e|an|en)$/u;
const OBJECT_START = /^(?:el|la|los|las|un|una|unos|unas|su|sus|otro|otra|otros|otras|nuevo|nueva|nuevos|nuevas|más|\d[\d.,]*)$/;

/** The subject the reader may have put first: "en Viñedos Quillay", "en su equipo", "El colegio", "Pagos Ya". */
const SUBJECT =
  /^(?:en\s+(?:su\s+equipo|(?:\p{Lu}[\p{L}\p{M}'’&.-]*)(?:\s+(?:de|del|la|las|los|y|el|\p{Lu}[\p{L}\p{M}'’&.-]*))*)\s+|(?:El|La|Los|Las)\s+\p{Ll}+\s+|(?:\p{Lu}[\p{L}\p{M}'’&.-]*\s+){1,4})/u;

/** The clause `rest` after its `subject`, when its first word is a verb (a gerund gets its auxiliary); else null. */
function withVerb(subject: string, rest: string): string | null {
  const words = rest.split(/\s+/);
  // "Se mudó de Ciudad de México": a reflexive pronoun before the verb.
  const at = /^se$/i.test(words[0] ?? '') && words[1] ? 1 : 0;
  const w = (words[at] ?? '').toLowerCase();
  const next = (words[at + 1] ?? '').toLowerCase();
  if (!w || FIRST_PERSON.test(w)) return null;
  const body = rest[0]!.toLowerCase() + rest.slice(1);
  if (GERUND.test(w) && at === 0) return `${subject}${subject && !/^en\s/.test(subject) ? 'está' : 'están'} ${body}`;
  if (FINITE_WORD.test(w) || FINITE_ENDING.test(w) || (PRESENT_BEFORE_OBJECT.test(w) && OBJECT_START.test(next))) return subject + body;
  return null;
}

/** One comma piece as a finite clause, or null when it has no verb the writer can read. */
function finitePiece(piece: string): string | null {
  const p = piece.trim();
  if (!p) return null;
  // "Abriendo dos hoteles en 2027": a capitalised first word may be the verb itself, before it may be a subject.
  const bare = withVerb('', p);
  if (bare) return bare;
  const subject = SUBJECT.exec(p)?.[0] ?? '';
  return subject && subject.length < p.length ? withVerb(subject, p.slice(subject.length)) : null;
}

/**
 * `said` as a clause to put after "que", or null. A news item whose first piece has no verb keeps the pieces from
 * the first that has one ("nearshoring boom, abriendo planta en …" → "están abriendo planta en …").
 */
export function spanishEventClause(said: string): string | null {
  const pieces = said
    .trim()
    .replace(/[.!;]+$/, '')
    .split(/,\s+/);
  for (let i = 0; i < pieces.length; i++) {
    const first = finitePiece(pieces[i]!);
    if (first) return [first, ...pieces.slice(i + 1)].join(', ');
  }
  return null;
}
