import nlp from 'compromise';
import { clean, escapeRe, hasRoleWord, lower } from './extract-profile-words';

/*
 * News and pains the English verb patterns of extract-profile.ts miss: a note's line or a clause in another
 * language that says something changed or hurts, and a want split from its reason. Called by the description
 * reader after its own events and needs; what it finds is kept in the text's words.
 */

/** Something under way or done, in the languages read: "rollout started", "eröffnen acht neue Filialen", "vient de lever". */
const FACT_EVENT = new RegExp(
  [
    // English: states and nouns of change that EVENT_VERBS in extract-profile.ts does not carry.
    String.raw`\b(?:approved|started|under ?way|rollout|go-live|went live|merged|merging|acquired|integrating|commissioning|bidding on|applying for|published|grew|growing|doubled|tripled|recovered|took over|got (?:a|an|the|planning|approval|funding|certification)|passed|crossed|installing|re-?platforming|spoke (?:on|at|about)|leading a|preparing|planted|switched|built|renovat(?:ed|ing)|reopened|going through|enrolment|launch(?:ed|ing)|opening|opened|hiring|raised|closed|signed)\b`,
    // Dates ahead and behind: "renewal due in May", "RFP expected in February", "contract ends in March", "opens Q2".
    String.raw`\b(?:new|arriving|arrives|arrived|installed|delivered|due|deadline|coming|expected|starts|ends|opens|comes up|renewal|going live|go live|joining|promoted|appointed|won(?!['’])|bought|acquired|shipped|rose|record|trialling|trialing|piloting|pilots?)\b`,
    // German.
    String.raw`\b(?:eröffnet|eröffnen|eingeführt|führen|führt|gebaut|bauen|baut|stellen|stellt|gehalten|läuft|expandier\w*|gegründet|übernommen|gewonnen|gestartet|umgestellt|wächst|wachsen|kennengelernt|getroffen|gesprochen|geplant|bekommt|bringt|recruiting|in betrieb)\b`,
    // French.
    String.raw`(?:^|\s)(?:vient d['’]|viennent d['’])|(?:^|\s)(?:vient de|viennent de|a lancé|ont lancé|lancent|lance|lancement|prépare|préparent|a déménagé|ouvert|ouvre|ouvrent|a donné|a présenté|déploient|déploie|en cours|en construction|recrute|recrutent|a levé|ont levé|levée|migration|nouvelle|nouveau|nouvelles|prévue?s?|rencontré|vus)(?=\s|$)`,
    // Spanish and Portuguese.
    String.raw`(?:^|\s)(?:abre|abrió|abriendo|abrindo|abriu|abrir|renovando|contratando|se mudó|acabamos de|acaban de|acabaram de|recibieron|lanzó|lançou|lançaram|lanzando|lançando|implantando|instalando|está a instalar|a crescer|cresceram|creciendo|crescendo|recorde|récord|cerró|cerramos|nueva|nuevo|nova|novo|novos|comprou|compró|anunciou|anunció|expandir|fusão|fusión|aprovad[ao]|aprobad[ao]|chegou|llegó)(?=\s|$)`,
    // Something under way said with a gerund or an adverb of now: "migrando a Snowflake", "stanno digitalizzando",
    // "führt gerade die E-Akte ein", "neue Käserei in Planung", "Werk im Aufbau", "aan het uitbreiden", "en train de".
    String.raw`(?:^|\s)(?:\p{Ll}{3,}(?:ando|endo|indo)|gerade|derzeit|in planung|im aufbau|im bau|aan het \p{L}+en|en train de|under construction|in construction|en construction|en obras|em obras|in costruzione|agrandi\p{L}*|construi\p{L}*|embauch\p{L}*|obtenu|aprono|apre|hiren|hired|onboarding|electrifying|certification|certified|acquiring|soeben|abgeschlossen|inaugur\p{L}*|ouverture|apertura|abertura|en curso|em curso|in corso|grows|nowa|nowy|nowe|uruchomion\p{L}*|ny|nya|nytt|invigd\p{L}*)(?=\s|$)`,
    // Italian, Dutch, Polish, Swedish.
    String.raw`(?:^|\s)(?:ha appena|hanno appena|appena|aperto|aperta|stiamo|assumendo|ha aperto|rinnovato|relatore|relatrice|openen|opent|geopend|bouwen|nieuwe|groeit|verhuisd|opgehaald|werven|loopt|rekrutujemy|otworzyli|otwierają|budujemy|przejęcie|prelegent|bygger|öppnar|öppnade|anställer)(?=\s|$)`,
  ].join('|'),
  'iu',
);
/**
 * What is wrong said as a state, in the languages read: "customs declarations slow", "LIMS is ancient", "pipeline keeps
 * breaking", "members can't pay online", "double bookings happen", "Mantenimiento predictivo inexistente", "liste
 * d'attesa lunghissime", "pagos en efectivo", "inventario descuadrado", "trucks wait up to 5 hours", "boilers are 30 years old".
 */
export const PAIN_STATE =
  /\b(?:slow|outdated|ancient|legacy|obsolete|broken|keeps? (?:breaking|crashing|failing)|crash(?:es|ing)|unreliable|noisy|brutal|nightmare|missed|non-?existent|retyped|re-?keyed|double[- ]bookings?|duplicates?|no way to|no visibility|can['’]t|cannot|doesn['’]t|don['’]t|won['’]t|isn['’]t|aren['’]t|wait(?:s|ing)? (?:up to|for) \d+|frustrat\w*|up \d+(?:x|%)|\d+ years old|inexistente|descuadrad\p{L}*|lunghissim\p{L}*|lent[oa]s?|lentos|lentas|langsam|veraltet|obsolet[oa]s?|antiguo|antigo|en efectivo|em dinheiro|in contanti|in cash|demandent|demandan|exigent|exigem|glosas|unplanned|non planifi\p{L}*|ungeplant\p{L}*|no planificad\p{L}*|não planejad\p{L}*|shortages?|tekort|engpass|(?:by|in|via|through|per|par|por) (?:e-?mail|whatsapp|phone|fax|post|paper|spreadsheets?|shared drives?|pdfs?|excel)|as pdfs|(?:in|im|w|op|sur|en|em|no|na|auf|über|à) (?:excel\p{L}*|papier|papel|carta|paper|notebooks?|cuadernos?|cadernos?|whatsapp|e-?mail)|handmatig|manuell|à la main|a mano|à mão|by hand|manually|manualmente|ręcznie|elle girilm\p{L}*|(?:dauert|tar|tarda|demora|leva|prend|richiede|duurt)\b[^.;]{0,20}\d+|för lång tid|trop long|troppo lung\p{L}*|demasiado lent\p{L}*)\b/iu;

/** A pain or a want, in the languages read: "= big pain", "drowning in", "Probleme mit", "pas satisfait de", "missnöjd med". */
const FACT_NEED = new RegExp(
  [
    String.raw`\b(?:pain|painful|drowning|struggl\w*|unhappy|complain\w*|out of control|killing|by hand|manual(?:ly)?|clipboards?|excel|spreadsheets?|a mess|slipping|poor|spoil\w*|biggest (?:problem|issue|headache)|make\w* \w+ hard|required|asking for|too much|too many|silos?|siloed|scattered|lost|losing|fines?|backlog|errors?|delays?|turnover|churn|no-shows?|takes? \d+|(?:costs?|prices?|shrink|returns|churn|turnover) (?:up|rising|doubled)|(?:is|are) (?:down|up)\b.*%)`,
    String.raw`\b(?:too (?:slow|high|long|many|much)|bottleneck|worr(?:y|ied)|chaos|talk to each other|disputes?|shortages?|excursions?|failed|theft|flagged|on paper|by phone|takes? (?:days|weeks|hours|ages)|volatility|squeeze|low adoption|still rising|wants?|needs?)\b`,
    String.raw`\b(?:probleme?|unzufrieden|überstunden|evaluiert|sucht|kämpft|schwierig|beschwerden|\p{L}*beschwerden|verdoppelt|verdreifacht|verdubbeld|verdrievoudigd|kampen|wünscht|will|möchte|differenzen|manuelle|nicht wahrgenommene)\b`,
    String.raw`(?:^|\s)(?:trop|encore sur papier|pertes|délais|se plaint|souffre|doublé|troppo|cerca|demasiad[oa]s?|sequía|accidentes?|en papel|digitalizar|reduzir|reclamou|faltas|paradas|retrabalho|leva \d+|trwa|vill|chaos)(?=\s|$)`,

    String.raw`(?:pas satisfait|insatisfait|a du mal|cherche|recherche|évalue|en hausse|encore papier|unhappy avec)`,
    PAIN_STATE.source,
    // "Il TMS attuale non gestisce le temperature", "la historia clínica no se integra", "das System kann keine …".
    String.raw`(?:^|\s)(?:(?:non|não|nicht|geen|ne)\s+|kein\p{L}*\s+|n['’])(?:se\s+|si\s+)?\p{Ll}{3,}|(?:^|\s)no\s+se\s+\p{Ll}{3,}`,
    // "non sono soddisfatti", "não estão satisfeitos", "nicht zufrieden", "not happy with".
    String.raw`\b(?:no|não|non|nicht|pas|not)\s+(?:\p{L}+\s+){0,2}?(?:content[oa]s?|satisf\p{L}*|soddisfatt\p{L}*|zufrieden|happy)\b`,
    String.raw`(?:^|\s)(?:insatisfeit[oa]s?|insatisfech[oa]s?|frustra|evaluier\p{L}*|planning to replace|plans to replace|planning to switch|looking to replace|problemas?|atrasos?|falta de|reclama\w*|quer|querem|avaliando|altas|quieren|quiere|busca|buscan|evaluando|no se presentan|ontevreden|zoekt|zoeken|missnöjd|utvärderar|vuole|valuta|frequenti|problemi)(?=\s|$)`,
  ].join('|'),
  'iu',
);
/** What a fact-less clause is instead: a hobby, a greeting, a next step, who someone is. */
const NOT_A_FACT =
  /\b(?:loves?|enjoys?|likes?|fan|hobby|hobbies|plays?|passionate|keen on|gosta|houdt van|spielt|joue|juega|jagar|marathons?|weekends?|week-end|freizeit|fritiden|next step|follow[- ]?up|send|call (?:back|next)|met at|meet|rencontre|budget:|timeline:|source:|personal:|friendly|nice|sharp|talkative|vient de chez|vinda d[ao]|came from|came over from|before joining|spent \w+ (?:years?|months?)|based in|lives in|sits in|grew up|used to|originally from|who won['’]t)\b|^(?:which|that|who|where)\b|^(?:don['’]t|do not|avoid|make sure|remember|be sure to|never|try to)\b/i;

/** The clauses a fact may be: a sentence or note cut where a second predicate starts ("… and just signed …", "…; wants …"). */
/**
 * Where a sentence turns to a second thought: "…, though we added a second chapel", "… and now want Gift Aid claims
 * automated". Alternatives of a regular expression, for every splitter of clauses.
 */
export const CLAUSE_TURN = String.raw`,\s+(?:though|although|while)\s+(?=(?:we|they|she|he|it)\s)|\s+and\s+now\s+(?=(?:wants?|needs?|plans?|hopes?|is|are)\s)`;

const FACT_SPLIT = new RegExp(
  String.raw`,\s+(?=(?:she|he|they|we)(?:['’]s|['’]re)?\s)|,?\s+(?:and|but|so|und|et|mais|e|y|pero|en|och|ed)\s+(?=(?:is|are|was|were|has|have|had|just|recently|also|then|wants?|needs?|hates?|plans?|hopes?|looking|seeking|evaluat\w+|évalu\w+|evalu\w+|avali\w+|cherche\w*|veut|veulent|sucht|suchen|prüft|busca\w*|quiere\w*|procura\w*|quer\w*|zoek\w*|söker|vill|cerca\w*|vuole|szuka\w*|hat|haben|ist|sind|wird|werden|a|ont|est|sont|vient|viennent|está|están|estão|ha|han|tem|têm|heeft|hebben|är|har|they|she|he|sie|er|ils|elles|il|elle|ela|ele|eles|\p{Ll}+(?:ed|ing)\b))|\s*[;:]\s+|\s+[–—]\s+|,\s+(?=(?:so|which|and)\s)|${CLAUSE_TURN}|,\s+(?=(?:\p{Ll}{3,}ing|wants?|needs?|plans?|hopes?)\s)|,?\s+(?:et|and|y|e|und)\s+(?=(?:n['’]\p{L}+|no|não|non|nicht|not)\s)`,
  'u',
);

function factClauses(parts: string[]): string[] {
  return (
    parts
      .flatMap((p) => p.split(FACT_SPLIT))
      // "Want to join us?": a question the text asks its reader is no fact about them.
      .filter((c) => !/\?\s*$/.test(c))
      .map((c) =>
        clean(
          c
            .replace(/[.!]+$/, '')
            .replace(/^(?:(?:she|he|they)\s+)?(?:said|says|told (?:me|us)|mentioned|noted)(?: that)?\s+/i, '')
            .replace(
              /^(?:\d{1,2}[.)]\s+)?(?:(?:and|but|so|also|plus|then|und|et|y|e)\s+)?(?:(?:she|he|they|we|sie|er|wir|il|elle|ils|elles|ela|ele|eles|ella|él|ellos|hij|zij|ze|hon|han|de|lei|lui)\s+)?/iu,
              '',
            ),
        ),
      )
      .filter((c) => c.split(' ').length >= 2 && c.split(' ').length <= 18)
  );
}

/** Content words of a phrase, to tell whether two phrases tell the same fact. */
const factWords = (s: string) =>
  new Set(
    lower(s)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(
        (w) =>
          w.length > 2 &&
          !/^(?:the|and|for|with|from|their|her|his|they|are|was|has|have|this|that|der|die|das|und|les|des|une|est|que|los|las|una|com|para)$/.test(
            w,
          ),
      ),
  );
function sameFact(a: string, b: string): boolean {
  const A = factWords(a);
  const B = factWords(b);
  if (!A.size || !B.size) return false;
  let shared = 0;
  for (const w of A) if (B.has(w)) shared++;
  return shared >= Math.ceil(Math.min(A.size, B.size) / 2);
}

/**
 * News and pains the English verb patterns miss: a note's line or a clause in another language that says
 * something changed ("18-month smart meter rollout started", "eröffnen dieses Jahr acht neue Filialen") or
 * hurts ("stockouts on cold-chain meds = big pain", "pas satisfait de son prestataire"). Identity lines
 * (the name, the title, the company, the place, a former employer) and hobbies are not facts.
 */
export function moreFacts(parts: string[], taken: string[], identity: string[]): { events: string[]; needs: string[] } {
  const events: string[] = [];
  const needs: string[] = [];
  const seen = [...taken];
  const fullName = identity[0] ?? '';
  // "Biggest issue: scheduling the site crews", "stockouts on cold-chain meds = big pain": the pain is the other side of the label.
  const painLabel =
    /^(?:pain(?: points?)?|(?:the |his |her |their |ihre |seine |sus |ses |i suoi |os seus )?(?:(?:biggest|main|real) )?(?:issue|problem|challenge|headache|pain|frustration|probleme?|problemas?|problèmes?|problemi|dores?)s?|big pain|headache)$/iu;
  const cut = parts.map((p) =>
    p
      .replace(/^(.{3,}?)\s*=\s*(?:a\s+)?(?:big|huge|real|major)?\s*(?:pain|problem|issue|headache)\b.*$/i, '$1')
      .replace(/^(?:.*?\b)?((?:the )?(?:biggest|main|real) (?:issue|problem|challenge|headache)|pain(?: points?)?)\s*:\s*/i, ''),
  );
  // "Sandrine Kouassi, Responsable Marketing chez Cacao Ivoire, a lancé …": the news, without who they are.
  const unnamed = fullName
    ? cut.map((p) =>
        p
          .replace(new RegExp(String.raw`^${escapeRe(fullName)}\s*\([^)]*\)\s*[:,–—-]?\s*`, 'u'), '')
          .replace(new RegExp(String.raw`^${escapeRe(fullName)}(?:\s*,[^,]*)*,\s+(?=\p{Ll})`, 'u'), ''),
      )
    : cut;
  for (const c of factClauses(unnamed)) {
    // "Halifax, Nova Scotia": a clause of capitalised words only is a place or a name, not news.
    if (painLabel.test(c) || /^\p{Lu}[\p{L}\p{M}'’.-]*(?:,?\s+\p{Lu}[\p{L}\p{M}'’.-]*)*$/u.test(c)) continue;
    if (NOT_A_FACT.test(c) || identity.some((i) => i && (c === i || (c.includes(i) && c.split(' ').length <= i.split(' ').length + 2))))
      continue;
    if (
      /^(?:ex[-\s]|prev|formerly|previously)/i.test(c) ||
      hasRoleWord(c.split(/[,@]/)[0]!.split(' ').slice(0, 2).join(' ')) ||
      seen.some((t) => sameFact(t, c))
    )
      continue;
    // A share said as a figure ("Food waste at 7% of sales", "perdite idriche del 40%") is a pain unless it is news.
    // "Magdalena Wiśniewska is the Plant Manager at Kromet Castings": who someone is, not news.
    if (/\b(?:is|was)\s+(?:the|a|an|our|their|her|his)\s/i.test(c) && identity.slice(1, 3).some((i) => i && c.includes(i))) continue;
    // Under way: "they're consolidating suppliers", "is now migrating" (a verb in lower case, not "is Marketing Director").
    const event = FACT_EVENT.test(c) || /\b(?:is|are|['’]re)\s+(?:now\s+|currently\s+|also\s+)?[a-z]{3,}ing\b/.test(c);
    const need = FACT_NEED.test(c) || (!event && /\d\s?%/.test(c));
    if (!need && !event) continue;
    (need ? needs : events).push(c);
    seen.push(c);
  }
  return { events, needs };
}

/**
 * "The problem: A, B, and C", "Ihre Probleme: A, B und C", "His pain points are that A, B, and C", "Pain: A; B",
 * "Sus problemas: …": a list after a word for problems is one pain an item, in the text's words.
 */
export function painList(source: string): string[] {
  const label = String.raw`(?:(?:the|his|her|their|our|main|biggest|key|ihre|seine|sus|ses|leurs|les|os|seus|i|suoi)\s+)*(?:problems?|pains?|pain points?|issues|challenges|probleme|problemas|problèmes|problemi|dores|dolores|schmerzpunkte|herausforderungen|défis|retos|desafios)`;
  const m = new RegExp(
    String.raw`(?:^|[.!?\n]\s*)${label}(?:\s+(?:are|is|sind|son|sont|são|sono)(?:\s+that)?\s+|\s*:\s*)([^.!?\n]+)`,
    'iu',
  ).exec(source);
  if (!m) return [];
  return m[1]!
    .split(/\s*;\s*|,\s+(?:(?:and|und|et|y|e|en|och)\s+)?/u)
    .map((item) => clean(item.replace(/^(?:and|und|et|y|e|en|och)\s+/u, '')))
    .filter((item) => item.split(' ').length >= 2 && item.split(' ').length <= 14 && !NOT_A_FACT.test(item));
}

/**
 * A labelled line's list, one fact an item: "zwei Hotels übernommen, Spa-Neubau", "fermi macchina frequenti,
 * manutenzione su carta", "exporting plantain chips to UK • new factory line". A comma before a place ("opened in
 * Leeds, UK") or before "and"/"which" does not start an item.
 */
export function listItems(value: string): string[] {
  const out: string[] = [];
  for (const piece of value.split(/\s*[;•]\s*|,\s+/u)) {
    const item = clean(piece);
    if (!item) continue;
    const joins =
      out.length > 0 &&
      (/^(?:and|und|et|y|e|en|och|which|who|where|but|so|incl|including|e\.g)\b/iu.test(item) ||
        /^\p{Lu}{2,3}$/u.test(item) ||
        /^\d/.test(item) ||
        (item.split(' ').length <= 2 && nlp(item).places().length > 0));
    if (joins) out[out.length - 1] = `${out.at(-1)}, ${item}`;
    else out.push(item);
  }
  return out;
}

/** "Events: CQC inspection next month; hiring 45 carers", "News: …", "Why now: …": one event an item. */
export function eventLines(source: string): string[] {
  return source
    .split('\n')
    .map((line) =>
      /^\s*(?:[-•*]\s*)?(?:events?|news|trigger(?: event)?|why now|neuigkeiten|aktuelles|actualités?|nouvelles|novedades|noticias|notícias|novità|notizie|nieuws|nyheter|nyheder|nowości|aktualności|haberler)\s*(?::|•)\s*(.+)$/iu.exec(
        line,
      ),
    )
    .flatMap((m) => (m ? listItems(m[1]!) : []))
    .map((item) => clean(item))
    .filter((item) => item.split(' ').length >= 2);
}

export { sameFact };

/**
 * "evaluando un software de tesorería porque el cierre mensual les toma tres semanas", "Die Energiekosten haben sich
 * verdreifacht, deshalb prüfen sie …": a want and its reason are two facts.
 */
export function splitReasons(needs: string[]): string[] {
  const out: string[] = [];
  for (const n of needs)
    for (const piece of n.split(
      /\s+(?:because|porque|parce que|puisque|weil|pois|perché|omdat|eftersom)\s+|,\s*(?:so|deshalb|daher|donc|por eso|por isso|então|quindi)\s+|,?\s+and\s+(?=(?:wants?|needs?|would like|hopes?|is looking|looking)\b)|\s+and\s+(?=(?:the|their|its|our|his|her)\s+(?:\S+\s+){0,3}(?:is|are|was|were|keeps?)\s)/i,
    ))
      if (piece.trim() && !out.includes(piece.trim())) out.push(clean(piece));
  return out;
}
