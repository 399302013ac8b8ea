import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { ColdCallScript, LinkedinDm } from '@shared/schemas/enrich';
import type { PersonProfile } from '../extract-profile';
import type { WriterContext } from '../text-generator';
import { readSender, type Sender } from './sender';
import { spokenCompany } from './prose-facts';
import { spanishEventClause } from './spanish-clause';
import { createPicker, seedOf, type Picker } from './variation';
import { countWords } from '../content-rules';
import { fitMessage, fitParts, type Part } from './fit-parts';

/*
 * The offline writer in Spanish (docs/product.md#output-language). The same plan as the English
 * writer — facts first, the most specific one leads, the goal steers and is never said — realised as
 * Spanish sentences. The person is addressed as "usted": its verb forms are the third person's, so a
 * clause the reader took from a Spanish description ("está evaluando sensores…") is said as written.
 * A fact written in another language (an English note, an English "About me" sentence) cannot be
 * said in Spanish without translating it, so it is left out; names and titles are names and stay as
 * written ("como Head of Talent en Shiori Games").
 */

// ---------------------------------------------------------------------------------------------
// Words

const EN_WORDS = new Set(
  'the and of to in is at for with on he she his her who from was has are they their we our you your this that it an a be by or not will would'.split(
    ' ',
  ),
);
const ES_WORDS = new Set(
  'el la los las y de del en con por para una un que su sus es está están ha han se le les al lo como más muy nuevo nueva'.split(' '),
);
/** A phrase the Spanish writer may say: it has no English function word (a name or a Spanish phrase). */
export function isSayableInSpanish(phrase: string): boolean {
  const words = phrase.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const en = words.filter((w) => EN_WORDS.has(w) || /'(?:s|re|ve|ll|d|t)$/.test(w)).length;
  const es = words.filter((w) => ES_WORDS.has(w)).length;
  // "game design": words of neither list, two or more of them, are not known to be Spanish.
  return (en === 0 && (es > 0 || words.length < 2)) || es > en * 2;
}

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const tidy = (s: string) =>
  s
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/\.([?!])/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();

const DETERMINER =
  /^(?:el|la|los|las|un|una|unos|unas|su|sus|este|esta|estos|estas|ese|esa|mi|mis|nuestro|nuestra|demasiad[oa]s?|much[oa]s?|poc[oa]s?|vari[oa]s|tod[oa]s?|alg[uú]n[oa]?s?|ning[uú]n[oa]?|\d[\d.,]*)$/i;

/** A guess at the gender and number of a bare noun phrase, for its article ("alta rotación" → "la"). */
function definiteArticle(np: string): string {
  const head = np.split(/\s+/)[0]!.toLowerCase();
  if (/(?:as)$/.test(head)) return 'las';
  if (/(?:os|es|s)$/.test(head)) return 'los';
  if (
    /(?:a|ción|sión|dad|tad|tud|umbre|ez)$/.test(head) &&
    !/^(?:día|mapa|sistema|programa|problema|tema|clima|idioma|software)$/.test(head)
  )
    return 'la';
  return 'el';
}

/** "un nuevo almacén" → "el nuevo almacén"; "retrasos de proveedores" → "los retrasos de proveedores". */
export function definite(np: string): string {
  const words = np.trim().split(/\s+/);
  const first = words[0]!.toLowerCase();
  const swap: Record<string, string> = { un: 'el', una: 'la', unos: 'los', unas: 'las' };
  if (swap[first]) return [swap[first], ...words.slice(1)].join(' ');
  if (DETERMINER.test(first)) return np.trim();
  // An infinitive ("correr maratones") or a name takes no article.
  if (/^[\p{Ll}]+(?:ar|er|ir)$/u.test(first) || /^\p{Lu}/u.test(words[0]!)) return np.trim();
  return `${definiteArticle(np)} ${np.trim()}`;
}

/** "de" / "a" before a phrase, contracted with "el" ("del equipo", "al cliente"). */
const de = (np: string) => (/^el\s/i.test(np) ? `del ${np.slice(3)}` : `de ${np}`);
const to = (np: string) => (/^el\s/i.test(np) ? `al ${np.slice(3)}` : `a ${np}`);
/** "el tema del nuevo ERP"; a topic already said as "lo de digitalizar…" needs no "el tema de" before it. */
const theTopic = (np: string) => (/^lo de\s/.test(np) ? np : `el tema ${de(np)}`);
const isPlural = (np: string) => /^(?:los|las|unos|unas|sus|demasiad[oa]s|much[oa]s|poc[oa]s|vari[oa]s|\d)/i.test(definite(np));

// ---------------------------------------------------------------------------------------------
// Facts

/** Something to open with or ask about, realised in Spanish. */
interface Moment {
  kind: 'need' | 'event' | 'met' | 'interest';
  /** A whole sentence that opens a message ("Vi que está evaluando sensores…"). */
  openers: string[];
  /** Questions about it. */
  questions: string[];
  /** Advice for the rep, a clause ("pregunte cómo va la evaluación"). */
  advice: string;
  label: string;
  /** A need's subject, for the sentences about it ("un nuevo ERP", "digitalizar los partes", "la alta rotación"). */
  topic?: string;
}

/** "digitalizar los partes de obra" said where a noun phrase goes: "lo de digitalizar los partes de obra". */
const asNounPhrase = (topic: string) => (/^\p{Ll}+(?:ar|er|ir)(?:se|lo|la|los|las|le|les)?\b/u.test(topic) ? `lo de ${topic}` : topic);

/** "está evaluando X", "busca X", "se queja de X", "alta rotación de personal": what it is and its object. */
function needMoment(need: string, company: string): Moment | null {
  const where = company ? `en ${company}` : 'en su equipo';
  const plural = /^(?:están|evalúan|buscan|necesitan|quieren|quisieran|les|se quejan|tienen|sufren|no están)\b/i.test(need);
  const subject = plural ? `${where} ` : '';
  let m = /^(?:(?:está[n]?\s+)?evaluando|evalúa[n]?)\s+(.+)$/iu.exec(need);
  if (m)
    return {
      kind: 'need',
      label: 'Lo que evalúa',
      topic: m[1],
      openers: [
        `Vi que ${subject}${plural ? 'están' : 'está'} evaluando ${m[1]}.`,
        `Me contaron que ${subject}${plural ? 'están' : 'está'} evaluando ${m[1]}.`,
      ],
      // The questions name what they evaluate: two leads' scripts share no question.
      questions: [
        `¿Qué criterio pesa más al evaluar ${m[1]}?`,
        `En cuanto a ${m[1]}, ¿qué tendría que resolver la opción elegida para que el cambio merezca la pena?`,
      ],
      advice: 'pregunte qué criterio pesa más en la evaluación antes de hablar de lo que usted ofrece',
    };
  m = /^(?:está[n]?\s+buscando|buscando|busca[n]?|necesita[n]?|quiere[n]?|quisiera[n]?)\s+(.+)$/iu.exec(need);
  if (m) {
    const verb = /^necesita/i.test(need) ? 'necesita' : /^quier|^quisier/i.test(need) ? 'quiere' : 'busca';
    const v = plural ? `${verb}n` : verb;
    return {
      kind: 'need',
      label: 'Lo que busca',
      topic: m[1],
      openers: [`Vi que ${subject}${v} ${m[1]}.`, `Entiendo que ${subject}${v} ${m[1]}.`],
      questions: [`En cuanto a ${m[1]}, ¿qué es lo que más lo frena hoy?`, `En cuanto a ${m[1]}, ¿qué han probado ya, y qué faltó?`],
      advice: 'pregunte qué han probado ya y qué faltó, antes de proponer nada',
    };
  }
  const problem: readonly string[] | null =
    /^(?:se queja[n]? de|le[s]? preocupa[n]?|tiene[n]? (?:problemas|dificultades) con|(?:hay )?problemas con|no está[n]? content[oa]s? con|está[n]? descontent[oa]s? con|sufre[n]?(?: de)?|le[s]? cuesta[n]?)\s+(.+)$/iu.exec(
      need,
    ) ??
    (/^(?:alt[ao]s?|demasiad[oa]s|much[oa]s|poc[oa]s|baj[oa]s?|falta de|retrasos|quejas|pérdidas|errores)\s/iu.test(need)
      ? [need, need]
      : null);
  if (problem) {
    const topic = definite(problem[1]!);
    return {
      kind: 'need',
      label: 'Lo que le preocupa',
      topic,
      openers: [
        `Entiendo que ${where} les ${isPlural(topic) ? 'preocupan' : 'preocupa'} ${topic}.`,
        `Me llamó la atención lo que se comenta sobre ${topic} ${where}.`,
      ],
      questions: [`¿Cuánto les cuesta hoy ${topic}?`, `¿Qué han intentado ya contra ${topic}?`],
      advice: `pregunte cuánto les cuesta hoy ${topic} y deje que le cuenten lo que ya han intentado`,
    };
  }
  return null;
}

/** "El colegio abre secundaria" inside a sentence: "que el colegio abre secundaria" (a name keeps its capital). */
const lowerArticle = (said: string) => said.replace(/^(?:El|La|Los|Las|Un|Una|Unos|Unas)(?=\s)/, (w) => w.toLowerCase());

function eventMoment(said: string, topic: string): Moment {
  const what = topic ? definite(topic) : '';
  return {
    kind: 'event',
    label: 'Novedad',
    openers: [`Vi que ${lowerArticle(said)}.`, `Me enteré de que ${lowerArticle(said)}.`],
    questions: what
      ? [`¿Qué cambia para su equipo con ${what}?`, `¿Qué espera que cambie con ${what} en los próximos meses?`]
      : // Said with the news itself: a question two leads' scripts could share says nothing about either.
        [
          `Ahora que ${lowerArticle(said)}, ¿cómo lo está viviendo el equipo?`,
          `Ahora que ${lowerArticle(said)}, ¿qué está siendo lo más difícil?`,
        ],
    advice: what ? `felicítele por ${what} y pregunte qué cambia para su equipo` : 'mencione la novedad y pregunte cómo lo vive el equipo',
  };
}

function interestMoment(interest: string): Moment {
  const it = definite(interest);
  const verb = isPlural(it) ? 'gustan' : 'gusta';
  return {
    kind: 'interest',
    label: 'Afición',
    openers: [`Por cierto, vi que le ${verb} ${it}.`],
    questions: [`¿Sigue encontrando tiempo para ${it}?`, `¿Cómo empezó con ${it}?`],
    advice: `si la conversación lo permite, pregunte por ${it}: es terreno común sin hablar de negocio`,
  };
}

function metMoment(at: string): Moment {
  return {
    kind: 'met',
    label: 'Dónde se conocieron',
    openers: [`Fue un placer coincidir en ${at}.`, `Me alegró conocerle en ${at}.`],
    questions: [`¿Qué se llevó de ${at}?`, `¿Volverá a ${at} el año que viene?`],
    advice: `recuérdele que se conocieron en ${at}; es el mejor punto de partida`,
  };
}

/** The moments a profile gives, most specific first; facts in another language make none. */
function momentsOf(p: PersonProfile, company: string): Moment[] {
  const ok = isSayableInSpanish;
  const needs = p.needs
    .filter(ok)
    .map((n) => needMoment(n, company))
    .filter((m): m is Moment => m !== null);
  // News without a finite verb ("nueva central de envasado") cannot follow "Vi que": it is left out, never pasted.
  const events = p.events
    .filter((e) => ok(e.said) && !/^(?:moved from|spoke at)\b/.test(e.said))
    .flatMap((e) => {
      const clause = spanishEventClause(e.said);
      return clause ? [eventMoment(clause, e.topic)] : [];
    });
  const met = p.metAt && ok(p.metAt) ? [metMoment(p.metAt)] : [];
  const interests = p.interests.filter(ok).map(interestMoment);
  return [...needs, ...events, ...met, ...interests];
}

// ---------------------------------------------------------------------------------------------
// Industry

export interface Angle {
  concerns: string[];
  questions: string[];
}
/**
 * What matters in an industry, in Spanish: the same families as the English angles (writer/industry.ts),
 * each with six concerns so one text can name a different one in every sentence. A food producer is not a
 * retailer ("el margen por tienda"): its angle comes before the shops'.
 */
const ANGLES: [RegExp, Angle][] = [
  [
    /log[ií]st|transport|flota|cami[oó]n|freight|shipping|fleet|almac[eé]n|distribuci|mensajer|paqueter|naviera|mar[ií]tim|courier|supply chain|cadena de suministro/i,
    {
      concerns: [
        'los kilómetros en vacío',
        'las entregas con retraso',
        'la planificación de rutas',
        'la retención de conductores',
        'el coste del combustible',
        'los cambios de pedido de última hora',
      ],
      questions: [
        '¿Cuánta planificación sigue haciéndose en hojas de cálculo?',
        '¿Dónde suelen empezar los retrasos: en la recogida, en el almacén o en la entrega?',
        '¿Qué rutas cuesta más mantener rentables este año?',
        '¿Cómo retienen a los conductores una vez formados?',
        '¿Qué pasa con la planificación cuando un cliente cambia un pedido en el último momento?',
        '¿Cómo ponen precio a una ruta nueva cuando sube el combustible?',
      ],
    },
  ],
  [
    /salud|cl[ií]nic|hospital|dental|farma|m[eé]dic|health|pharma|care|residencia|geri[aá]tric|enfermer/i,
    {
      concerns: [
        'las citas perdidas',
        'la carga administrativa',
        'la experiencia del paciente',
        'los cuadrantes del personal',
        'los tiempos de espera',
        'las guardias que hay que cubrir con poco margen',
      ],
      questions: [
        '¿Cuántas citas se pierden en una semana normal?',
        '¿Cuánto tiempo dedica el equipo a tareas administrativas?',
        '¿Qué es lo que más repiten los pacientes cuando algo no funciona?',
        '¿Qué pasa con el cuadrante cuando dos personas se ponen enfermas el mismo día?',
        '¿Cómo cubren un turno con poca antelación?',
        '¿Qué preguntan más los pacientes antes de su primera visita?',
      ],
    },
  ],
  [
    /alimentaci|alimentos|alimentari|conserva|bebidas|l[aá]cte|c[aá]rnic|panader|food|beverage|dairy/i,
    {
      concerns: [
        'la trazabilidad de los lotes',
        'las mermas en producción',
        'la caducidad del producto',
        'las auditorías de seguridad alimentaria',
        'los contratos con la gran distribución',
        'el coste de las materias primas',
      ],
      questions: [
        '¿Cuánto tardan hoy en rastrear un lote hasta su proveedor?',
        '¿Dónde se produce más merma: en la línea, en el almacén o en el transporte?',
        '¿Qué piden los auditores que más les cuesta preparar?',
        '¿Cómo negocian con la gran distribución cuando suben las materias primas?',
        '¿Qué producto les da más problemas de caducidad?',
        '¿Cómo ajustan la producción cuando un cliente cambia el pedido?',
      ],
    },
  ],
  [
    /retail|tienda|supermercad|farmacias|comercio|minorista|e-?commerce|moda|textil|store|shop|grocer|fashion|apparel/i,
    {
      concerns: [
        'la rotura de stock',
        'el margen por tienda',
        'la formación del personal de temporada',
        'las colas en caja',
        'la apertura de tiendas nuevas',
        'el espacio en los lineales',
      ],
      questions: [
        '¿Cómo saben hoy qué tienda va a quedarse sin stock?',
        '¿Qué tiendas les cuesta más mantener rentables?',
        '¿Cómo preparan al personal nuevo antes de la temporada alta?',
        '¿Qué canal está creciendo más este año?',
        '¿Cómo deciden qué productos ocupan el mejor espacio del lineal?',
        '¿De qué se quejan más los clientes en caja?',
      ],
    },
  ],
  [
    /energ[ií]a|el[eé]ctric|e[oó]lic|solar|renovable|petr[oó]le|energy|utilit|power|grid/i,
    {
      concerns: [
        'las paradas no planificadas',
        'el mantenimiento de los activos',
        'los costes de operación',
        'las cuadrillas de campo',
        'la fiabilidad de la red',
        'las reparaciones de urgencia',
      ],
      questions: [
        '¿Cuántas paradas no planificadas tuvieron el último año?',
        '¿Cómo deciden hoy qué activo revisar primero?',
        '¿Qué parte del mantenimiento sigue siendo reactiva?',
        '¿Qué parte del trabajo de campo se planifica y qué parte llega por sorpresa?',
        '¿Cuánto tardan en llevar una cuadrilla hasta una avería?',
        '¿Qué parte del presupuesto de mantenimiento se va en urgencias?',
      ],
    },
  ],
  [
    /banc|financ|fintech|pagos|seguros|asegurador|contab|inversi|bank|payment|insur/i,
    {
      concerns: [
        'el fraude en los pagos',
        'el cierre de mes',
        'el cumplimiento normativo',
        'la conciliación manual',
        'el alta de proveedores',
        'los informes para el regulador',
      ],
      questions: [
        '¿Cuánto tarda hoy el cierre de mes?',
        '¿Dónde se les escapa más fraude?',
        '¿Qué parte del cumplimiento normativo sigue siendo manual?',
        '¿Dónde sigue conciliando el equipo a mano?',
        '¿Cuánto tardan en dar de alta a un proveedor nuevo?',
        '¿Qué informe le lleva más tiempo al equipo cada mes?',
      ],
    },
  ],
  [
    /telecomunicaci|telecom|telco|fibra [oó]ptica|banda ancha|broadband|fibre|fiber/i,
    {
      concerns: [
        'las caídas de red',
        'la pérdida de clientes',
        'las instalaciones en domicilio',
        'el volumen del centro de llamadas',
        'el tiempo de alta de un cliente',
        'las averías que más tardan en resolverse',
      ],
      questions: [
        '¿Cuánto tarda una instalación nueva desde el pedido hasta que funciona?',
        '¿Qué motiva la mayoría de las llamadas al servicio de atención?',
        '¿Cómo detectan a un cliente que está a punto de irse?',
        '¿Dónde tardan más en resolverse las caídas?',
      ],
    },
  ],
  [
    /software|tecnolog|saas|games|juegos|digital|datos|cloud|ciberseguridad|inform[aá]tic|tech|data/i,
    {
      concerns: [
        'la contratación de ingenieros',
        'los plazos de entrega',
        'la deuda técnica',
        'la pérdida de clientes',
        'la cantidad de herramientas',
        'las incidencias de soporte',
      ],
      questions: [
        '¿Qué perfiles les cuesta más contratar ahora mismo?',
        '¿Qué frena más las entregas: las personas, las herramientas o las prioridades?',
        '¿Cuánto tiempo se va en mantener lo que ya existe?',
        '¿Cómo deciden qué se construye el próximo trimestre?',
        '¿De qué herramienta le gustaría más al equipo deshacerse?',
        '¿Qué parte del producto genera más incidencias de soporte?',
      ],
    },
  ],
  [
    /agr[ií]col|agro|vi[nñ]edo|granja|cosecha|cultivo|ganader|cacao|farm|crop|cocoa|pesca|pesquer|acuicultura|visserij|fisher|aquacult|seafood/i,
    {
      concerns: [
        'la planificación de la cosecha',
        'las pérdidas en el almacenamiento',
        'los contratos con los compradores',
        'el riesgo climático',
        'el consumo de agua',
        'la trazabilidad del campo al cliente',
      ],
      questions: [
        '¿Con cuánta antelación pueden planificar hoy la cosecha?',
        '¿Cuánto se pierde entre el campo y el almacén?',
        '¿Cómo reorganizan el calendario en una semana de mal tiempo?',
        '¿Qué compradores les piden más trazabilidad?',
        '¿Cómo miden hoy el consumo de agua en cada parcela?',
      ],
    },
  ],
  [
    /f[aá]brica|producci[oó]n|industri|manufactur|planta|automoci|qu[ií]mic|sider|metal|cemento|miner|vidrio|cer[aá]mic|pl[aá]stico|papeler/i,
    {
      concerns: [
        'el rendimiento de la planta',
        'el consumo de recursos',
        'las paradas de producción',
        'el porcentaje de rechazo',
        'los retrasos de los proveedores',
        'el tiempo de cambio entre lotes',
      ],
      questions: [
        '¿Qué línea les da más quebraderos de cabeza?',
        '¿Cómo miden hoy el consumo de agua y energía?',
        '¿Qué parte de la producción se planifica todavía a mano?',
        '¿Qué retrasos de proveedores afectan más a la producción?',
        '¿Cuánto se tarda en preparar la línea con más carga para un producto nuevo?',
        '¿De dónde viene la mayor parte del rechazo?',
      ],
    },
  ],
  [
    /hotel|turismo|viajes|hosteler|restaura|catering|aerol[ií]ne|travel|hospitality|touris|toerism/i,
    {
      concerns: [
        'la ocupación fuera de temporada',
        'las reservas directas',
        'la rotación de personal',
        'los picos de trabajo en sala',
        'el coste de los alimentos',
        'los clientes que repiten',
      ],
      questions: [
        '¿Cómo llenan las habitaciones fuera de temporada?',
        '¿Qué parte de las reservas llega de forma directa?',
        '¿Cómo preparan al equipo para la temporada alta?',
        '¿Qué hace que un cliente vuelva una segunda vez?',
        '¿Qué costes se han movido más este año?',
        '¿Cómo aprende el personal nuevo en un turno con mucho trabajo?',
      ],
    },
  ],
  [
    /jur[ií]dic|abogad|bufete|despacho de abogados|notar|legal|law firm|lawyer|attorney/i,
    {
      concerns: [
        'las horas facturables',
        'el registro de horas',
        'la apertura de asuntos',
        'la revisión de documentos',
        'el reparto del trabajo entre socios y asociados',
        'las peticiones de los clientes',
      ],
      questions: [
        '¿Cuánto tiempo facturable se pierde porque nadie lo registró?',
        '¿Cuánto se tarda hoy en abrir un asunto nuevo?',
        '¿Qué parte de la revisión de documentos se lleva más horas?',
        '¿Cómo deciden qué trabajo va a los asociados y cuál a los socios?',
        '¿Qué le piden más los clientes que al despacho le cuesta dar?',
      ],
    },
  ],
  [
    /colegio|escuela|universidad|educaci|academia|school|education|college/i,
    {
      concerns: [
        'la comunicación con las familias',
        'la carga administrativa del profesorado',
        'la matrícula del próximo curso',
        'la elaboración de horarios',
        'el uso real de las herramientas en el aula',
        'las consultas que recibe secretaría',
      ],
      questions: [
        '¿Cómo se comunican hoy con las familias?',
        '¿Cuánto tiempo dedica el profesorado a tareas administrativas?',
        '¿Qué les preocupa más de cara al próximo curso?',
        '¿Cómo avisan a las familias cuando algo cambia con poca antelación?',
        '¿Cómo se organizan los horarios al empezar el curso?',
        '¿Cómo saben si una herramienta nueva se usa de verdad en el aula?',
      ],
    },
  ],
  [
    /construc|obra|inmobiliar|licitaci|arquitect|promotor|construction|real estate|property/i,
    {
      concerns: [
        'los retrasos de los subcontratistas',
        'el control de costes en obra',
        'las licitaciones',
        'el retrabajo en obra',
        'los partes diarios de obra',
        'los remates antes de la entrega',
      ],
      questions: [
        '¿Qué retrasa más una obra hoy: los proveedores o los permisos?',
        '¿Cómo controlan los costes mientras la obra avanza?',
        '¿Cuántas licitaciones preparan en un trimestre?',
        '¿Cómo llegan hoy las noticias de la obra a la oficina?',
        '¿Cuánto retrabajo necesitó el último proyecto?',
        '¿Qué papeleo sigue en papel en la obra?',
      ],
    },
  ],
  [
    /ayuntamiento|administraci[oó]n p[uú]blica|sector p[uú]blico|ministerio|municipal|diputaci|gobierno|\bONG\b|fundaci[oó]n|sin [aá]nimo de lucro|government|public sector|non-?profit|charity/i,
    {
      concerns: [
        'los ciclos de financiación',
        'la justificación ante los financiadores',
        'las normas de contratación pública',
        'las listas de espera de los servicios',
        'el impacto de los programas',
        'la atención a la ciudadanía',
      ],
      questions: [
        '¿Cuánto del año se va en justificar ante los financiadores o el patronato?',
        '¿Por qué pasos tiene que pasar una compra antes de aprobarse?',
        '¿Qué servicio tiene la lista de espera más larga?',
        '¿Cómo demuestran el impacto de un programa nuevo?',
      ],
    },
  ],
  [
    /medios de comunicaci|agencia de (?:publicidad|comunicaci|marketing)|publicidad|editorial|peri[oó]dic|prensa|productora|audiovisual|m[uú]sica|media|advertis|publish|broadcast/i,
    {
      concerns: [
        'las aprobaciones del cliente',
        'los plazos de producción',
        'la contratación de freelances',
        'los ingresos por publicidad',
        'los briefings que se atascan',
        'las rondas de cambios',
      ],
      questions: [
        '¿Cuántas rondas de aprobación pasa una pieza normal?',
        '¿Cómo reservan freelances para un mes con mucha carga?',
        '¿Qué plazo se les escapó la última vez, y por qué?',
        '¿Dónde suele atascarse el briefing de un cliente nuevo?',
      ],
    },
  ],
];
const GENERAL: Angle = {
  concerns: [
    'las prioridades del trimestre',
    'el crecimiento del equipo',
    'los procesos manuales',
    'las herramientas del día a día',
    'los traspasos entre equipos',
    'los informes mensuales',
    // Más de un puñado: los leads cuyo sector no se lee comparten estas, y pocas daban a dos las mismas frases.
    'el seguimiento de pedidos',
    'los retrasos de proveedores',
    'la planificación de turnos',
    'el papeleo',
    'la incorporación de personal nuevo',
    'el seguimiento de clientes',
  ],
  questions: [
    '¿Qué quiere dejar resuelto antes de que acabe el trimestre?',
    '¿Qué les quita más tiempo que debería llevarles menos?',
    '¿Qué ha cambiado en su trabajo en el último año?',
    '¿Dónde espera más el trabajo entre dos equipos?',
    '¿Qué informe le lleva más tiempo cada mes?',
    '¿Qué tarea delegaría primero si pudiera?',
    '¿Cómo siguen un pedido desde la primera llamada hasta la entrega?',
    '¿Qué parte de la semana se les va en papeleo?',
    '¿Cuánto tarda una persona nueva en ponerse al día?',
    '¿Qué proveedor no querría perder?',
    '¿Cómo se enteran de un problema antes que el cliente?',
    '¿Qué frena más a un cliente nuevo en su primer mes con ustedes?',
  ],
};

/**
 * The Spanish angle for an industry (the company, role and facts as clues when it is not given). Within a
 * clue the word said first is the head ("retail farmacéutico" is a retailer, "distribución farmacéutica"
 * a distributor): the angle whose word comes first wins.
 */
export function angleOf(...clues: string[]): Angle {
  for (const clue of clues.filter(Boolean)) {
    // "Industria alimentaria", "Sector de la energía": the word after a generic head is the head.
    const head = clue.replace(/^(?:industria|sector|servicios?)(?:\s+(?:de|del|la|las|los|el))*\s+/i, '');
    for (const text of [head, clue]) {
      let best: { at: number; angle: Angle } | undefined;
      for (const [re, angle] of ANGLES) {
        const at = text.search(re);
        if (at >= 0 && (!best || at < best.at)) best = { at, angle };
      }
      if (best) return best.angle;
    }
  }
  return GENERAL;
}

// ---------------------------------------------------------------------------------------------
// Plan

type Intent = 'meeting' | 'partner' | 'hire' | 'learn';
function intentOf(goal: string): Intent {
  const g = goal.toLowerCase();
  if (/\b(?:hire|hiring|recruit|contratar|fichar)/.test(g)) return 'hire';
  if (/\b(?:partner|alianza|socio)/.test(g)) return 'partner';
  if (
    /\b(?:demo|meeting|call|book|schedule|set up|appointment|pilot|trial|close|sell|pitch|present|deal|quote|proposal|reuni|llamada|cita|vender|propuesta)/.test(
      g,
    )
  )
    return 'meeting';
  return 'learn';
}

interface Plan {
  p: PersonProfile;
  sender: Sender;
  intent: Intent;
  moments: Moment[];
  angle: Angle;
  concerns: string[];
  questions: string[];
  pick: Picker;
  first: string;
  full: string;
  company: string;
  role: string;
  /** The lead's need, when it states one: the message's ask and the call are about it. */
  need?: Moment;
  /** What the ask and the call are about: the need's subject, else the industry's first concern. */
  topic: string;
  /** The rep's company or product, when "About me" names one. */
  ours: string;
  product: string;
}

function plan(kind: string, p: PersonProfile, ctx: WriterContext): Plan {
  const pick = createPicker(seedOf(kind, 'es', p, ctx.goal, ctx.settings, ctx.headlines), ctx.variant ?? 0);
  const sender = readSender(ctx.settings);
  const company = p.company ? spokenCompany(p.company) : '';
  const all = momentsOf(p, company);
  const top = all.slice(0, 3);
  const k = top.length ? (ctx.variant ?? 0) % top.length : 0;
  const angle = angleOf(p.industry, p.company, p.role, [...p.needs, ...p.events.map((e) => e.said)].join(' '));
  // A name from "About me" is a name in any language; its category and claims are English sentences and stay out.
  const ours = sender.offer.company && isSayableInSpanish(sender.offer.company) ? sender.offer.company : '';
  const product = sender.offer.product && isSayableInSpanish(sender.offer.product) ? sender.offer.product : '';
  const concerns = pick.rotate('concerns', angle.concerns);
  const need = all.find((m) => m.topic);
  return {
    p,
    sender,
    intent: intentOf(ctx.goal),
    moments: [...top.slice(k), ...top.slice(0, k), ...all.slice(3)],
    angle,
    need,
    topic: need?.topic ? asNounPhrase(need.topic) : concerns[0]!,
    concerns,
    questions: pick.rotate('questions', angle.questions),
    pick,
    first: p.firstName,
    full: p.nameAsWritten ?? [p.firstName, p.lastName].filter(Boolean).join(' '),
    company,
    role: isSayableInSpanish(p.role) || /^\p{Lu}/u.test(p.role) ? p.role : '',
    ours,
    product,
  };
}

const en = (pl: Plan) => (pl.company ? `en ${pl.company}` : '');
/**
 * The industry's concern for one place in a text: each sentence of a text names its own (the message's
 * hook the third, its ask the first…), so no text says the same concern twice.
 */
const nth = (pl: Plan, i: number) => pl.concerns[i % pl.concerns.length]!;
/** The industry's first question that does not name `concern` (which another sentence of the text names). */
const questionAvoiding = (pl: Plan, concern: string) => {
  const words = concern.replace(/^(?:el|la|los|las|lo)\s+/i, '').toLowerCase();
  return pl.questions.find((q) => !q.toLowerCase().includes(words)) ?? pl.questions[0]!;
};
const team = (pl: Plan) => (pl.company ? `el equipo de ${pl.company}` : 'su equipo');

function hook(pl: Plan, key: string): string {
  const m = pl.moments[0];
  if (m) return pl.pick.pick(key, m.openers);
  const concern = nth(pl, 2);
  if (pl.role && pl.company)
    return pl.pick.pick(key, [
      `Me llamó la atención su trabajo como ${pl.role} en ${pl.company}.`,
      `Estuve leyendo sobre ${pl.company} y sobre cómo abordan ${concern}.`,
      `Di con su perfil como ${pl.role} en ${pl.company} mientras leía sobre ${concern}.`,
      `Llevo un tiempo siguiendo cómo trabajan en ${pl.company}, sobre todo en lo que respecta ${to(concern)}.`,
      `Su experiencia como ${pl.role} en ${pl.company} me pareció muy interesante.`,
    ]);
  if (pl.company)
    return pl.pick.pick(key, [
      `Estuve leyendo sobre ${pl.company} y sobre cómo abordan ${concern}.`,
      `Me interesa cómo abordan en ${pl.company} ${concern}.`,
      `Llevo un tiempo siguiendo cómo trabajan en ${pl.company}.`,
    ]);
  if (pl.role) return `Me llamó la atención su trabajo como ${pl.role}.`;
  return 'Vi su perfil y quería saludarle.';
}

function offerSentence(pl: Plan, key: string): string {
  if (pl.intent === 'hire')
    return pl.pick.pick(key, [
      `Estamos ampliando el equipo${pl.ours ? ` de ${pl.ours}` : ''} y buscamos personas con su experiencia.`,
      `Estamos contratando${pl.ours ? ` en ${pl.ours}` : ''}, y su trayectoria me llamó la atención.`,
    ]);
  if (pl.product && pl.ours && pl.product !== pl.ours)
    return pl.pick.pick(key, [
      `Trabajo en ${pl.ours}, donde desarrollamos ${pl.product}.`,
      `Le escribo desde ${pl.ours}; nuestro producto es ${pl.product}.`,
      `Formo parte del equipo de ${pl.product}, en ${pl.ours}.`,
    ]);
  if (pl.ours)
    return pl.pick.pick(key, [
      `Le escribo desde ${pl.ours}.`,
      `Trabajo en ${pl.ours}.`,
      `Formo parte del equipo de ${pl.ours}.`,
      `Soy de ${pl.ours}.`,
    ]);
  return '';
}

/**
 * No claim of fit: the Spanish writer cannot say what the product does, so it asks, about one of the
 * industry's concerns (not the ask's): a sentence with nothing of the lead in it is every lead's.
 */
function fitSentence(pl: Plan, key: string): string {
  if (pl.intent === 'hire' || !pl.ours) return '';
  const there = pl.company ? ` en ${pl.company}` : '';
  // A concern no other sentence of the message or the call's reason names.
  const c = nth(pl, pl.moments[0] ? 2 : 5);
  return pl.pick.pick(key, [
    `No sé todavía si encaja con su forma de abordar ${c}${there}, así que prefiero preguntar antes que suponer.`,
    `Antes de contarle nada más, me gustaría entender cómo están abordando ${c}${there}.`,
    `Puede que ${c} no ${isPlural(c) ? 'sean' : 'sea'} una prioridad${there} ahora mismo; por eso prefiero preguntar.`,
    `Si no encaja con lo que tienen entre manos${there} en cuanto a ${c}, me lo dice sin problema.`,
    `Me falta contexto sobre ${c}${there} para saber si les sería útil, y prefiero no dar nada por hecho.`,
  ]);
}

/** The ask, about the lead's need when it states one (else the industry's first concern). */
function callToAction(pl: Plan, key: string): string {
  const c = pl.topic;
  const options: Record<Intent, string[]> = {
    meeting: [
      `¿Le vendría bien una llamada de 20 minutos la semana que viene para hablar ${de(c)}?`,
      `¿Podríamos buscar 20 minutos en las próximas dos semanas para ver si podemos ayudar a ${team(pl)} con ${c}?`,
      `¿Le interesaría una demostración breve sobre ${c} para ${team(pl)}?`,
      `¿Tendría 20 minutos en algún momento de la semana que viene para que repasemos juntos ${theTopic(c)}?`,
      `Si ${c} ${isPlural(c) ? 'están' : 'está'} en su agenda, ¿le parece que lo veamos en una llamada corta?`,
    ],
    partner: [
      `¿Le interesaría que habláramos de cómo colaborar con ${team(pl)}?`,
      `¿Podríamos buscar media hora para ver si tiene sentido una colaboración?`,
    ],
    hire: [`¿Le parecería bien una conversación confidencial de 20 minutos?`, `¿Tendría 20 minutos para una conversación sin compromiso?`],
    learn: [
      `Me encantaría saber cómo ve ${team(pl)} ${theTopic(c)}, cuando tenga un momento.`,
      `Sin propuestas de por medio: solo me interesa cómo ven ${c} ${en(pl) || 'ustedes'}.`,
      `Con dos líneas sobre cómo va ${theTopic(c)} ya me ayudaría mucho.`,
      `Si le apetece, podemos comparar lo que estamos viendo sobre ${c}.`,
      `Si ${c} ${isPlural(c) ? 'están' : 'está'} en su agenda este año, me gustaría intercambiar impresiones.`,
    ],
  };
  return pl.pick.pick(key, options[pl.intent]);
}

function greeting(pl: Plan): string {
  if (!pl.first) return pl.sender.style.formal ? 'Buenos días:' : 'Hola:';
  return pl.sender.style.formal ? `Buenos días, ${pl.full}:` : `Hola, ${pl.first}:`;
}

function signOff(pl: Plan): string {
  const word = pl.sender.style.formal
    ? 'Atentamente'
    : pl.sender.style.casual
      ? 'Un abrazo'
      : pl.pick.pick('sign', ['Un saludo', 'Saludos cordiales']);
  return pl.sender.firstName ? `${word},\n${pl.sender.firstName}` : word;
}

// ---------------------------------------------------------------------------------------------
// LinkedIn

export function writeLinkedinDmEs(p: PersonProfile, ctx: WriterContext): LinkedinDm {
  const pl = plan('dm', p, ctx);
  const limit = pl.sender.style.wordLimit;
  const hi = pl.first ? `Hola, ${pl.first}.` : 'Hola.';
  const h = hook(pl, 'hook');
  // The note is about the lead's need: said in the hook, or else in the close.
  const needLater = pl.need && pl.moments[0] !== pl.need;
  const c = needLater ? pl.topic : nth(pl, 1);
  const close = pl.pick.pick('noteclose', [
    `Me gustaría conectar y saber cómo ve ${theTopic(c)}.`,
    `Sería un placer conectar e intercambiar impresiones sobre ${needLater ? c : nth(pl, 0)}.`,
    `Me encantaría conectar, si ${c} también ${isPlural(c) ? 'están' : 'está'} en su agenda.`,
  ]);
  const sign = pl.sender.firstName ? `${pl.sender.firstName}` : '';
  const note = fitParts(
    [
      { text: hi, drop: 0 },
      { text: h, drop: 1 },
      { text: close, drop: 0 },
      { text: sign ? `Un saludo, ${sign}` : '', drop: 0 },
    ],
    (kept) => {
      const t = kept.map((x) => x.text).join(' ');
      return t.length <= LINKEDIN_CONNECTION_NOTE_MAX && (!limit || countWords(t) <= limit);
    },
  );
  let connectionNote = tidy(note.map((x) => x.text).join(' '));
  if (connectionNote.length > LINKEDIN_CONNECTION_NOTE_MAX) connectionNote = tidy(`${hi} ${close}`);

  // The second moment follows the hook; when the hook is not the lead's need, the need does.
  const second = needLater ? pl.need : pl.moments[1];
  const body: Part[] = [
    { text: greeting(pl), drop: 0 },
    {
      text: [h, second && (second === pl.need || second.kind !== pl.moments[0]?.kind) ? pl.pick.pick('hook2', second.openers) : '']
        .filter(Boolean)
        .join(' '),
      drop: 0,
    },
    { text: offerSentence(pl, 'offer'), drop: 2 },
    { text: fitSentence(pl, 'fit'), drop: pl.sender.style.short ? 4 : 3 },
    { text: pl.moments[0] ? pl.pick.pick('question', pl.moments[0].questions) : questionAvoiding(pl, nth(pl, 0)), drop: 1 },
    { text: callToAction(pl, 'cta'), drop: 0 },
    { text: signOff(pl), drop: 0 },
  ];
  const message = tidy(fitMessage(body, limit, h).join('\n\n'));
  return { connectionNote, message };
}

// ---------------------------------------------------------------------------------------------
// Cold-call script

function sourceSentence(source: string): string {
  const s = source.toLowerCase();
  if (/trade show|seminar|conference|event|expo|feria|congreso/.test(s)) return 'Coincidimos en un evento hace poco.';
  if (/webinar/.test(s)) return 'Gracias por asistir a nuestro seminario web.';
  if (/download|descarga/.test(s)) return 'Gracias por descargar una de nuestras guías.';
  if (/referral|recomendaci/.test(s)) return 'Un contacto en común me sugirió que le llamara.';
  if (/partner|socio/.test(s)) return 'Uno de nuestros socios nos sugirió que habláramos.';
  if (/chat/.test(s)) return 'Le llamo a raíz de su conversación con nosotros por chat.';
  return '';
}

export function writeColdCallScriptEs(p: PersonProfile, ctx: WriterContext): ColdCallScript {
  const pl = plan('script', p, ctx);
  const { pick, sender } = pl;
  // The opener and close name what the call is about (the lead's need, else the industry's concern); the rest names others.
  const c = pl.topic;
  const c2 = nth(pl, 1);
  const from = pl.ours ? `, de ${pl.ours}` : '';
  const me = sender.fullName
    ? pick.pick('me', [`soy ${sender.fullName}${from}.`, `le habla ${sender.fullName}${from}.`, `mi nombre es ${sender.fullName}${from}.`])
    : pick.pick('me', ['gracias por atenderme.', 'gracias por coger el teléfono.', 'le agradezco que me atienda.']);
  const opener = `${pl.first ? `Hola, ${pl.first}, ` : 'Hola, '}${me} ${pick.pick('permission', [
    `Le llamo por ${c}; ¿tiene dos minutos?`,
    `Sé que le llamo sin avisar por ${c}: ¿me deja medio minuto para explicarle por qué, y usted decide si seguimos?`,
    `¿Es un buen momento para hablar dos minutos sobre ${c}, o prefiere que le llame más tarde?`,
    `Seré breve: es sobre ${c} y no le llevará más de dos minutos, ¿le parece bien?`,
    `¿Le pillo en un mal momento, o tiene dos minutos para hablar ${de(c)}?`,
  ])}`;
  const why = pl.moments[0]
    ? pick.pick('why', [
        `Antes de contarle nada sobre nosotros, me gustaría saber cómo lo están viviendo, con ${c2} también sobre la mesa.`,
        `Me gustaría entenderlo mejor, junto con ${c2}, antes de hablar de lo que hacemos.`,
        `Mi pregunta es sencilla: ¿qué haría que esto saliera bien para ustedes, sin descuidar ${c2}?`,
        `Antes que nada, me gustaría saber en qué punto están${pl.company ? ` en ${pl.company}` : ''}, y cómo pesa ${c2} en todo ello.`,
      ])
    : pick.pick('why', [
        `Le llamo para saber cómo gestionan hoy ${c2}.`,
        `Me interesa su punto de vista sobre ${c2}.`,
        `Tengo curiosidad por saber cómo lleva el equipo ${c2}.`,
      ]);
  // The reason for the call is the lead's need: said by the hook, or else right after it.
  const needLine = pl.need && pl.moments[0] !== pl.need ? pick.pick('needline', pl.need.openers) : '';
  const reason = [sourceSentence(p.leadSource), hook(pl, 'hook'), needLine, why].filter(Boolean).join(' ');
  const value =
    [offerSentence(pl, 'offer'), fitSentence(pl, 'fit')].filter(Boolean).join(' ') ||
    pick.pick('value', [
      `Antes de contarle nada sobre nosotros, me gustaría saber cómo gestionan ${nth(pl, 3)}${pl.company ? ` en ${pl.company}` : ''}.`,
      `Prefiero preguntar antes que venderle nada: ¿cuánto tiempo se les va hoy en ${nth(pl, 3)}?`,
    ]);
  const discovery = [
    ...pl.moments.slice(0, 2).map((m, i) => pick.pick(`moment-q${i}`, m.questions)),
    ...pl.questions.slice(0, 2),
    pick.pick('decide', [
      `¿Quién más participaría si ${team(pl)} se planteara un cambio en ${nth(pl, 4)}?`,
      `¿Cómo deciden normalmente ${en(pl) || 'en su equipo'} una herramienta nueva para ${nth(pl, 4)}?`,
      `¿Quién tendría la última palabra sobre un cambio en ${nth(pl, 4)}?`,
      `Si ${nth(pl, 4)} se ${isPlural(nth(pl, 4)) ? 'revisaran' : 'revisara'}, ¿quién se encargaría${pl.company ? ` en ${pl.company}` : ''}?`,
    ]),
    pl.questions[2]!,
  ];
  const vendor = p.details.find((d) => /vendor|provider|supplier|incumbent|proveedor/i.test(d.label))?.value;
  const objectionHandling = [
    {
      objection: 'No me interesa.',
      response: pick.pick('obj1', [
        `Lo entiendo. Antes de colgar: ¿cómo gestionan hoy ${nth(pl, 5)}?`,
        `De acuerdo. ¿Me permite una sola pregunta sobre ${nth(pl, 5)}, y le dejo seguir con su día?`,
        `Sin problema. ¿${isPlural(nth(pl, 5)) ? 'Son' : 'Es'} ${nth(pl, 5)} algo que revisarán más adelante este año?`,
      ]),
    },
    {
      objection: vendor && isSayableInSpanish(vendor) ? `Ya trabajamos con ${vendor}.` : 'Ya tenemos una solución para eso.',
      response: pick.pick('obj2', [
        `Tiene sentido. ¿Qué tal les funciona con ${nth(pl, 3)}?`,
        `Me alegra oírlo. Si pudiera cambiar algo en cómo resuelve ${nth(pl, 3)}, ¿qué sería?`,
        `¿Cuándo fue la última vez que la compararon con otras opciones en lo que respecta ${to(nth(pl, 3))}?`,
      ]),
    },
    {
      objection: 'Envíeme un correo.',
      response: pick.pick('obj3', [
        `Con mucho gusto. ¿Lo centro en ${c} o hay algo más urgente${pl.first ? `, ${pl.first}` : ''}?`,
        `Claro. ¿Prefiere que hable ${de(c)} o ${de(c2)}?`,
      ]),
    },
  ];
  const closes: Record<Intent, string[]> = {
    meeting: [
      `¿Le parece que busquemos 20 minutos la semana que viene para repasar ${c} con ${team(pl)}, el martes o el jueves?`,
      `¿Le envío una invitación para una demostración de 20 minutos sobre ${c}, el día que mejor le venga?`,
      `¿Podríamos reservar una llamada de seguimiento sobre ${c} con ${team(pl)} la semana que viene?`,
    ],
    partner: [`¿Le parece que organicemos una llamada con ${team(pl)} para explorar una colaboración? ¿Qué semana le viene bien?`],
    hire: [`¿Le parecería bien que siguiéramos hablando en una conversación confidencial? ¿Cuándo le viene bien?`],
    learn: [
      `Gracias por su tiempo. ¿Le puedo enviar una nota breve sobre lo que hemos hablado de ${c}?`,
      `Le agradezco el tiempo. ¿Le parece bien que le vuelva a llamar el mes que viene para hablar ${de(c)}?`,
      `Me ha sido muy útil, gracias. ¿Le puedo mandar una idea sobre ${c} después de esta llamada?`,
    ],
  };
  return {
    opener: tidy(opener),
    reason: tidy(reason),
    value: tidy(value),
    discoveryQuestions: [...new Set(discovery)].slice(0, 5).map(tidy),
    objectionHandling: objectionHandling.map((o) => ({ objection: o.objection, response: tidy(o.response) })),
    close: tidy(pick.pick('close', closes[pl.intent])),
  };
}

// ---------------------------------------------------------------------------------------------
// Icebreak

const INTENT_GOAL: Record<Intent, string> = {
  meeting: 'conseguir una reunión',
  partner: 'explorar una colaboración',
  hire: 'abrir una conversación sobre un posible puesto',
  learn: 'entender mejor su situación',
};

/** A moment's label the second time a starter list uses it. */
const AGAIN: Record<string, string> = {
  Novedad: 'Otra novedad',
  Afición: 'Otra afición',
  'Lo que busca': 'Algo más que busca',
  'Lo que evalúa': 'Algo más que evalúa',
  'Lo que le preocupa': 'Otra preocupación',
};

function starters(pl: Plan): string[] {
  const { p, pick } = pl;
  const items: { label: string; question: string }[] = pl.moments
    .slice(0, 3)
    .map((m, i) => ({ label: m.label, question: pick.pick(`start${i}`, m.questions) }));
  if (pl.company)
    items.push({
      label: pl.company,
      question: pick.pick('companyq', [
        `¿En qué está centrado ${team(pl)} este trimestre${pl.role ? `, y dónde encaja su trabajo como ${pl.role}` : ''}?`,
        `¿Qué ha cambiado en ${pl.company} desde que empezó allí?`,
      ]),
    });
  // Each bullet has its own label (an industry field is often English: not used as one).
  for (const [i, q] of pl.questions.slice(0, 2).entries()) items.push({ label: i ? 'Su día a día' : 'Su sector', question: q });
  if (!p.firstName && !pl.company && !pl.moments.length)
    return [
      `- **Pregunta abierta:** «${pick.pick('open', ['¿En qué está trabajando ahora mismo que más le ilusiona?', '¿Qué le gustaría dejar resuelto este trimestre?'])}»`,
      '- **Su trayectoria:** «¿Cómo llegó a dedicarse a lo que hace hoy?»',
    ];
  const who = pl.first ? `Pregúntele a ${pl.first}` : 'Pregunte';
  // Two events or two pastimes: the second bullet says it is another one, not the same label again.
  const seen = new Set<string>();
  for (const it of items) {
    if (seen.has(it.label)) it.label = AGAIN[it.label] ?? `${it.label} (2)`;
    seen.add(it.label);
  }
  return items
    .slice(0, 4)
    .map((it, i) => (i === 0 ? `- **${it.label}:** ${who}: «${it.question}»` : `- **${it.label}:** «${it.question}»`));
}

function rapportTips(pl: Plan): string[] {
  const { pick } = pl;
  const who = pl.first || (pl.company ? `el equipo de ${pl.company}` : 'esta persona');
  const tips: string[] = [];
  const lead = pl.moments.find((m) => m.kind === 'need' || m.kind === 'event' || m.kind === 'met');
  const common = pl.moments.find((m) => m.kind === 'interest');
  tips.push(
    lead
      ? `- **Empiece por lo concreto:** ${cap(lead.advice)}; así demuestra que se ha informado.`
      : `- **Empiece con curiosidad:** pregunte cómo gestionan ${en(pl) || 'en su equipo'} ${pl.concerns[0]} antes de mencionar lo que ofrece.`,
  );
  tips.push(
    `- **No pierda de vista su objetivo:** quiere ${INTENT_GOAL[pl.intent]}; ${pick.pick('goaltip', [
      `deje que ${who} hable primero de sus prioridades y gánese el derecho a proponer un siguiente paso`,
      'haga dos preguntas sobre su trabajo por cada frase sobre usted',
    ])}.`,
  );
  if (pl.product && pl.intent !== 'hire')
    tips.push(
      `- **Relaciónelo con lo suyo:** cuando ${pl.first || 'su interlocutor'} haya nombrado una prioridad, relaciónela con ${pl.product}. Nada de lo que sabe todavía demuestra que encaje, así que pregunte antes de afirmarlo.`,
    );
  if (pl.role)
    tips.push(
      `- **Respete su agenda:** alguien que trabaja como ${pl.role} recibe muchos mensajes; sea breve y termine con una sola pregunta clara.`,
    );
  if (common) tips.push(`- **Terreno común:** ${cap(common.advice)}.`);
  const second = pl.moments.find((m) => m !== lead && m !== common);
  if (second) tips.push(`- **Segundo hilo:** ${cap(second.advice)}.`);
  if (pl.sender.style.wordLimit)
    tips.push(`- **Con su estilo:** no pase de ${pl.sender.style.wordLimit} palabras, como piden sus preferencias.`);
  tips.push(
    `- **Seguimiento:** anote algo que ${pl.first ? `${pl.first} le cuente` : 'le cuenten'} sobre ${pl.company || 'su trabajo'} y retómelo en el siguiente mensaje.`,
  );
  return tips;
}

function insights(pl: Plan, ctx: WriterContext): string[] {
  const { p } = pl;
  const said = (s: string) => (isSayableInSpanish(s) ? s : '');
  const facts: [string, string][] = [
    ['Nombre', pl.full],
    ['Cargo', pl.role],
    ['Empresa', p.company],
    ['Sector', said(p.industry)],
    ['Ubicación', p.place],
    ['Antes en', p.previousCompany],
    ['Busca', p.needs.filter(isSayableInSpanish).join('; ')],
    [
      'Novedades',
      p.events
        .filter((e) => isSayableInSpanish(e.said))
        .map((e) => e.said)
        .join('; '),
    ],
    ['Intereses', p.interests.filter(isSayableInSpanish).join(', ')],
    ['Noticias', ctx.headlines.length ? ctx.headlines.map((h) => `[${h.title}](${h.url}) — ${h.source}`).join('; ') : 'no se encontraron'],
    ['Objetivo', cap(INTENT_GOAL[pl.intent])],
  ];
  return facts.filter(([, v]) => v).map(([k, v]) => `- **${k}:** ${v}`);
}

/** The three Icebreak sections (starters, rapport tips, what was understood), one markdown line each. */
export function icebreakSectionsEs(p: PersonProfile, ctx: WriterContext): string[][] {
  const pl = plan('icebreak', p, ctx);
  return [starters(pl), rapportTips(pl), insights(pl, ctx)].map((lines) => lines.map(tidy));
}
