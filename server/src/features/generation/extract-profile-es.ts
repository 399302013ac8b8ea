import type { PersonProfile, ProfileEvent } from './extract-profile';
import { sameFact } from './extract-profile-facts';

/*
 * Reading a description written in Spanish (docs/product.md#output-language): the patterns Spanish
 * uses for a person's title and company ("María López, directora de ventas en Acme (Madrid)", "es el
 * Director de Tecnología de Pagos Ya", "trabaja como jefe de mantenimiento en Eléctrica del Ebro"),
 * what they are evaluating or struggling with ("está evaluando…", "busca…", "se queja de…"), news
 * ("acaban de abrir…", "cerró una ronda…"), pastimes ("le encanta el ciclismo") and where they were
 * met ("Conocí a … en Expoagro"). extractProfile calls it for text detected as Spanish; a field it
 * finds replaces the general reader's, a field it misses keeps it. Events and needs stay in the
 * text's words, third person: the Spanish writer addresses the person as "usted", whose verb forms
 * are the same.
 */

/** Capitalised word (accents, hyphens, apostrophes). */
const CAPW = String.raw`\p{Lu}[\p{L}\p{M}'’.&-]*`;
/** Lower-case words that stay inside a Spanish company or place name ("Frutas del Segura", "Viajes Sol y Mar"). */
const JOIN = String.raw`(?:de|del|la|las|los|el|y|e|i|d')`;
const NAME_RUN = String.raw`(?:${CAPW}|\d[\p{L}\d]*)(?:\s+(?:${JOIN}\s+)*(?:${CAPW}|\d[\p{L}\d]*))*`;

/** Titles in Spanish (both genders) and the common English ones Spanish profiles keep. */
const ES_ROLE =
  /(?:^|[^\p{L}])(?:director|directora|gerente|jef[ea]|responsable|coordinador|coordinadora|consejer[oa] delegad[oa]|fundador|fundadora|cofundador|cofundadora|soci[oa]|president[ea]|vicepresident[ea]|ingenier[oa]|analista|consultor|consultora|comprador|compradora|encargad[oa]|administrador|administradora|supervisor|supervisora|técnic[oa]|abogad[oa]|profesor|profesora|médic[oa]|enfermer[oa]|propietari[oa]|dueñ[oa]|delegad[oa]|subdirector|subdirectora|agente|asesor|asesora|especialista|ceo|cto|cfo|coo|cmo|cio|head|vp|manager|lead|founder|owner|partner)(?=$|[^\p{L}])/iu;
/** Functions that follow a title with "de" ("Jefe de Logística"): never the company. */
const ES_DEPARTMENT =
  /^(?:ventas|marketing|operaciones|logística|compras|finanzas|tecnología|producción|mantenimiento|flota|innovación|recursos humanos|personas|talento|sistemas|ingeniería|calidad|seguridad|proyectos|producto|desarrollo|negocio|desarrollo de negocio|expansión|transformación digital|datos|comunicación|atención al cliente|experiencia de cliente|clientes|cuentas|administración|contabilidad|tesorería|riesgos|cumplimiento|estrategia|alianzas|planta|almacén|distribución|cadena de suministro|exportación|importación|comercio exterior|infraestructura|ti|it|rrhh|i\+d|obra|obras)$/iu;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const trimEnd = (s: string) => squash(s).replace(/[\s.,;:!?–—|·-]+$/, '');

/** The clauses of the text: sentences, headline parts, note lines; "… y está evaluando …" starts another. */
function clausesOf(text: string): string[] {
  return text
    .split(
      /(?<=[.!?])\s+(?=[\p{Lu}¿¡"(])|\s*[|·•\n;]\s*|\s+[–—]\s+|,?\s+(?:y|pero|aunque)\s+(?=(?:le|les|es|está|están|tiene|tienen|busca|buscan|quiere|quieren|necesita|necesitan|se|acaba|acaban|ha|han)\s)/u,
    )
    .map((c) => squash(c.replace(/^\s*[-*•]\s*/, '')))
    .filter(Boolean);
}

/** The name at the start of `s` ("Frutas del Segura (Murcia). Antes…" → "Frutas del Segura"). */
function nameRunAt(s: string): string {
  const m = new RegExp(`^(${NAME_RUN})`, 'u').exec(s.trim().split(/[.;!?](?=\s|$)/)[0]!);
  if (!m) return '';
  let run = m[1]!.replace(/\.$/, '');
  // A joining word at the end belongs to what follows ("Agrícola Los Andes y" cannot end a name).
  run = run.replace(new RegExp(String.raw`(?:\s+${JOIN})+$`, 'u'), '');
  return /^(?:Es|Está|Ha|Le|Su|Sus|La|El|Los|Las|Un|Una|En|Con|Para|Por|Antes|Ahora|Desde)$/u.test(run) ? '' : run;
}

const isRole = (s: string) =>
  ES_ROLE.test(s) && s.split(/\s+/).length <= 8 && !/(?<![\p{L}])(?:es|está|trabaja|conocí)(?![\p{L}])/iu.test(s);

interface Placement {
  role: string;
  company: string;
  place: string;
}

/** "… en Acme (Madrid)", "…, en Valencia", "…, una fintech de Medellín": where, after the company. */
function placeAfter(rest: string): string {
  const paren = /^\s*\(([^)]+)\)/u.exec(rest);
  if (paren && /^\p{Lu}/u.test(paren[1]!)) return squash(paren[1]!);
  const m =
    /^\s*,?\s*(?:en|con sede en|desde)\s+(\p{Lu}.+)$/u.exec(rest) ??
    // ", una fintech de Medellín", ", fintech de Lima": a note may drop the article.
    /^\s*,\s*(?:(?:una?|la|el)\s+)?[^,.]{1,60}?\s+(?:de|en)\s+(\p{Lu}.+)$/u.exec(rest);
  if (!m) return '';
  const place = nameRunAt(m[1]!);
  if (!place || /^\d/.test(place)) return '';
  const comma = new RegExp(`^${place.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},\\s*(${CAPW}(?:\\s+${CAPW})?)(?=$|[.,;])`, 'u').exec(m[1]!);
  return comma ? `${place}, ${comma[1]}` : place;
}

/** A title and a company in one clause. */
function placementIn(clause: string, name: string): Placement | null {
  let c = clause;
  // "llamada con Álvaro (CTO) de Pagafácil": what comes before the name is not the title.
  if (name && c.includes(name)) c = c.slice(c.indexOf(name) + name.length);
  // "Álvaro (CTO) de Pagafácil, fintech de Lima": the title in brackets after the name, then its company.
  const bracket = /^\s*\(([^()]{2,60})\)\s*(?:de|del|en|@|para|,|[-–—])\s*(.+)$/u.exec(c);
  if (bracket && isRole(bracket[1]!)) {
    const company = nameRunAt(bracket[2]!);
    if (company) return { role: trimEnd(bracket[1]!), company, place: placeAfter(bracket[2]!.slice(company.length)) };
  }
  c = c
    .replace(/^\s*[,:]?\s*/, '')
    .replace(/^(?:es|era|será|fue|trabaja como|trabaja de|ejerce como|actualmente es|ahora es)\s+/iu, '')
    .replace(/^(?:el|la|un|una|nuestr[oa])\s+/iu, '');
  // "trabaja en Acme como directora de ventas"
  const worksAt = /^trabaja\s+(?:en|para)\s+(.+?)\s+como\s+(.+)$/iu.exec(c);
  if (worksAt) {
    const company = nameRunAt(worksAt[1]!);
    const role = trimEnd(worksAt[2]!.replace(/^(?:el|la)\s+/iu, ''));
    if (company && isRole(role)) return { role, company, place: '' };
  }
  // "<title> en|@|de|del <Company>…": the first "de" that does not start a function names the company.
  const anchor = /\s+(en|@|para|de|del)\s+(?=[\p{Lu}\d])/gu;
  for (let m = anchor.exec(c); m; m = anchor.exec(c)) {
    const role = trimEnd(c.slice(0, m.index));
    const right = c.slice(m.index + m[0].length);
    const company = nameRunAt(right);
    if (!company || !role || !isRole(role)) continue;
    if ((m[1] === 'de' || m[1] === 'del') && ES_DEPARTMENT.test(company)) continue;
    // "Jefe de Logística de Frutas del Segura": a function and then the company.
    const fn = /^(.+?)\s+(?:de|del)\s+(?=\p{Lu})/u.exec(company);
    if ((m[1] === 'de' || m[1] === 'del') && fn && ES_DEPARTMENT.test(fn[1]!)) continue;
    return { role, company, place: placeAfter(right.slice(company.length)) };
  }
  // "Responsable de Compras, Construcciones Mediterráneo"
  const comma = /^([^,]{2,60}),\s*(.+)$/u.exec(c);
  if (comma && isRole(comma[1]!)) {
    const company = nameRunAt(comma[2]!);
    if (company && company === trimEnd(comma[2]!.split(/[,(]/)[0]!))
      return { role: trimEnd(comma[1]!), company, place: placeAfter(comma[2]!.slice(company.length)) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Events, needs, interests

/** News: a clause that starts with one of these verbs (third person, singular or plural). */
const EVENT_START =
  /(?:^|\s)((?:acaba[n]? de|ha[n]? (?:abierto|lanzado|inaugurado|cerrado|publicado|ganado|recaudado|firmado|adquirido|comprado|presentado|ampliado|abierto|completado|terminado|corrido|fichado|contratado|conseguido|duplicado|triplicado|superado|creado|fundado|sido nombrad[oa]|sido ascendid[oa])|cerró|cerraron|abrió|abrieron|lanzó|lanzaron|inauguró|inauguraron|presentó|presentaron|ganó|ganaron|publicó|publicaron|recaudó|recaudaron|firmó|firmaron|adquirió|adquirieron|compró|compraron|fundó|corrió|completó|fue nombrad[oa]|fue ascendid[oa]|fue ponente|dio una charla|habló en|participó en|se incorporó|está[n]? (?:contratando|ampliando|abriendo|lanzando|expandiendo|creciendo|preparando|construyendo|digitalizando|migrando)|abrirá[n]?|lanzará[n]?|inaugurará[n]?|va[n]? a (?:abrir|lanzar|inaugurar|ampliar|contratar|expandir)|planea[n]? (?:abrir|lanzar|ampliar|expandir))(?![\p{L}\p{M}]).*)$/iu;
/** What they are evaluating, want or struggle with. */
const NEED_START =
  /(?:^|\s)((?:está[n]? evaluando|evalúa[n]?|está[n]? buscando|busca[n]?|necesita[n]?|quiere[n]?|quisiera[n]?|le[s]? preocupa[n]?|se queja[n]? de|tiene[n]? (?:problemas|dificultades) con|(?:hay )?problemas con|no está[n]? content[oa]s? con|está[n]? descontent[oa]s? con|sufre[n]? (?:de )?|le[s]? cuesta[n]?|evaluando|buscando)(?![\p{L}\p{M}]).*)$/iu;
const INTEREST =
  /(?<![\p{L}\p{M}])(?:le[s]? encanta[n]?|le[s]? gusta[n]?|le[s]? apasiona[n]?|es (?:un[a]? )?(?:gran )?(?:fanátic[oa]|aficionad[oa]|apasionad[oa]|amante)\s+(?:del?|al?|por)|(?:fanátic[oa]|aficionad[oa]|apasionad[oa]|amante)\s+(?:del?|al?|por)|practica|juega al?|en su tiempo libre,?\s+(?:hace|practica|juega al?)?)\s+([^.;!?]+)/giu;

/** A clause ends where another thought starts ("… y le encanta el ciclismo", "…, pero …"). */
function cutClause(s: string): string {
  return trimEnd(
    s.split(
      /\s*(?:,\s*(?:pero|aunque|y)\s+|\s+y\s+(?=le\s|les\s|es\s|está|tiene|busca|quiere|necesita|se\s)|\s+pero\s+|,\s+(?=le\s|es\s))/iu,
    )[0]!,
  );
}

/** "La empresa cerró…", "Frutas del Segura abrió…": who the news is about, so the writer can say it. */
function subjectOf(before: string, company: string): 'person' | 'company' | 'team' {
  const b = before.trim().toLowerCase();
  if (!b) return 'person';
  if (/(?:^|\s)(?:la empresa|la compañía|su empresa|su compañía|la firma|el grupo|el equipo|su equipo)$/.test(b)) return 'company';
  if (company && b.endsWith(company.toLowerCase())) return 'company';
  return 'person';
}

const isPluralVerb = (clause: string) =>
  /^(?:acaban|han|cerraron|abrieron|lanzaron|inauguraron|presentaron|ganaron|publicaron|recaudaron|firmaron|adquirieron|compraron|están|abrirán|lanzarán|inaugurarán|van|planean|quieren|buscan|necesitan|evalúan|tienen|sufren)(?![\p{L}\p{M}])/iu.test(
    clause,
  );

/** "un nuevo almacén frigorífico" from "acaban de abrir un nuevo almacén frigorífico en marzo". */
function objectOf(clause: string): string {
  const m =
    /(?<![\p{L}\p{M}])(?:abrir|lanzar|inaugurar|cerrar|publicar|ganar|recaudar|firmar|adquirir|comprar|presentar|ampliar|abierto|lanzado|inaugurado|cerrado|publicado|ganado|recaudado|firmado|adquirido|comprado|presentado|ampliado|cerró|abrió|lanzó|inauguró|presentó|ganó|publicó|recaudó|firmó|adquirió|compró|abrirá[n]?|lanzará[n]?|inaugurará[n]?|cerraron|abrieron|lanzaron|inauguraron|presentaron|ganaron|publicaron|recaudaron|firmaron|adquirieron|compraron)\s+((?:un|una|unos|unas|el|la|los|las|su|sus|\d+)\s+.+)$/iu.exec(
      clause,
    );
  if (!m) return '';
  return trimEnd(
    m[1]!.replace(
      /\s+(?:en|el|este|esta|la pasada|el pasado)\s+(?:\d{4}|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|semana|mes|año|trimestre|primavera|verano|otoño|invierno)(?![\p{L}\p{M}]).*$/iu,
      '',
    ),
  );
}

function findEventsEs(parts: string[], company: string): ProfileEvent[] {
  const out: ProfileEvent[] = [];
  for (const part of parts) {
    const m = EVENT_START.exec(part);
    if (!m) continue;
    const clause = cutClause(m[1]!);
    if (clause.split(' ').length < 2 || clause.split(' ').length > 20) continue;
    const before = part.slice(0, m.index + (m[0].length - m[1]!.length)).trim();
    const subject = subjectOf(before, company);
    const plural = isPluralVerb(clause);
    const lowered = clause[0]!.toLowerCase() + clause.slice(1);
    // Said as the writer will use it: about the person (usted), the company by name, or the team ("en Acme acaban de…").
    const said =
      subject === 'company' && company && !plural
        ? `${company} ${lowered}`
        : plural && company
          ? `en ${company} ${lowered}`
          : plural
            ? `en su equipo ${lowered}`
            : lowered;
    const personal = /(?<![\p{L}\p{M}])(?:maratón|carrera|corrió|escaló|ironman|triatlón|medalla)(?![\p{L}\p{M}])/iu.test(clause);
    if (!out.some((e) => e.said === said)) out.push({ said, you: said, topic: objectOf(clause), personal });
  }
  return out.slice(0, 4);
}

function findNeedsEs(parts: string[]): string[] {
  const out: string[] = [];
  for (const raw of parts) {
    const part = trimEnd(raw.replace(/^(?:notas?|observaciones|comentarios)\s*:\s*/iu, ''));
    const m = NEED_START.exec(part);
    if (m) {
      const need = cutClause(m[1]!);
      const lowered = need[0]!.toLowerCase() + need.slice(1);
      if (need.split(' ').length >= 2 && need.split(' ').length <= 16 && !out.includes(lowered)) out.push(lowered);
      continue;
    }
    // A note that names a problem on its own: "alta rotación de personal", "demasiados accidentes".
    const problem =
      /^(?:alt[ao]s?|demasiad[oa]s|much[oa]s|poc[oa]s|baj[oa]s?|falta de|retrasos|quejas|pérdidas|errores)(?![\p{L}\p{M}])[^.;]{2,60}$/iu.exec(
        part,
      );
    if (problem) out.push(trimEnd(problem[0][0]!.toLowerCase() + problem[0].slice(1)));
  }
  return out.slice(0, 3);
}

function findInterestsEs(text: string): string[] {
  const out: string[] = [];
  for (let m = INTEREST.exec(text); m; m = INTEREST.exec(text)) {
    const det = /(?:del|al)\s*$/iu.test(m[0].slice(0, m[0].length - m[1]!.length)) ? 'el ' : '';
    for (const piece of m[1]!.split(/,\s*|\s+y\s+|\s+e\s+/u)) {
      const item = trimEnd(`${det}${piece}`);
      if (item && item.split(' ').length <= 6 && !out.includes(item)) out.push(item);
    }
  }
  INTEREST.lastIndex = 0;
  return out.slice(0, 5);
}

function findPreviousEs(text: string): string {
  const m =
    /(?:antes trabajó en|trabajó antes en|anteriormente (?:trabajó )?en|antes estuvo en|viene de|procede de|exemplead[oa] de|ex-?\s?emplead[oa] de|\bex-)\s*(.+)$/imu.exec(
      text,
    );
  return m ? nameRunAt(m[1]!) : '';
}

function findMetAtEs(text: string): string {
  const m =
    /(?:[Cc]onocí a [^.,;]+?|[Ll][oa]s? conocimos|[Nn]os conocimos|[Cc]oincidimos|[Hh]ablé con [^.,;]+?)\s+en\s+(?:el |la )?(?:congreso |feria |evento |conferencia )?(\p{Lu}[^.,;!?]*)/u.exec(
      text,
    );
  if (!m) return '';
  const at = trimEnd(m[1]!.replace(/\s+(?:el|la|en|hace)\s.*$/u, ''));
  return at.split(' ').length <= 6 ? at : '';
}

function findNameEs(text: string): { firstName: string; lastName: string } | null {
  const m = new RegExp(
    String.raw`(?:[Cc]onocí a|[Hh]ablé con|[Rr]eunión con|[Ll]lamada con|[Cc]ontacto:)\s+(${CAPW}(?:\s+(?:de\s+(?:la\s+|los\s+)?)?${CAPW}){1,3})`,
    'u',
  ).exec(text);
  if (!m) return null;
  const words = m[1]!.split(/\s+/);
  return { firstName: words[0]!, lastName: words.slice(1).join(' ') };
}

/**
 * The general reading of a Spanish text (`base`), with what the Spanish patterns find put first.
 * Names stay the general reader's unless it found none.
 */
export function readSpanish(text: string, base: PersonProfile): PersonProfile {
  const parts = clausesOf(text);
  const name = base.firstName
    ? { firstName: base.firstName, lastName: base.lastName }
    : (findNameEs(text) ?? { firstName: '', lastName: '' });
  const full = [name.firstName, name.lastName].filter(Boolean).join(' ');
  let placement: Placement | null = null;
  for (const part of parts) {
    if (/^(?:conocí|hablé|nos conocimos|antes|trabajó antes|ex)/iu.test(part)) continue;
    placement = placementIn(part, full);
    if (placement) break;
  }
  // "Nombre: …\nCargo: …": the labelled fields the general reader read stay.
  const labelled = /^\s*(?:cargo|puesto|empresa|compañía)\s*:/imu.test(text);
  const company = (labelled ? base.company : '') || placement?.company || base.company;
  const role = (labelled ? base.role : '') || placement?.role || base.role;
  // "… oficinas en Mendoza, Argentina, donde vive": where the person lives says more than where the company is.
  const lives = /\b(?:donde vive|vive en|reside en|radicad[oa] en)\b/iu.test(text) && base.place;
  const place = (labelled ? base.place : '') || lives || placement?.place || base.place;
  const previousCompany = findPreviousEs(text) || base.previousCompany;
  const events = findEventsEs(parts, company);
  const needs = findNeedsEs(parts);
  const interests = findInterestsEs(text);
  return {
    ...base,
    ...name,
    role: role === company ? '' : role,
    company: company === place ? base.company : company,
    place: place === company ? '' : place,
    previousCompany: previousCompany === company ? '' : previousCompany,
    // The general reader's news in Spanish words ("migrando a Snowflake") joins the Spanish patterns' news.
    events: [
      ...events,
      ...base.events.filter((e) => !/\b(?:the|and|of|with|for)\b/i.test(e.said) && !events.some((f) => sameFact(f.said, e.said))),
    ].slice(0, 4),
    // The general reader's pains said as a state ("los pagos se hacen en efectivo") join the Spanish wants.
    needs: [...needs, ...base.needs.filter((n) => !needs.some((m) => sameFact(m, n)))].slice(0, 4),
    interests: interests.length ? interests : base.interests,
    metAt: findMetAtEs(text) || base.metAt,
  };
}
