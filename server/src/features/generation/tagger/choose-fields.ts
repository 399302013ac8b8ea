import {
  COMPANY_FIRST,
  COMPANY_HEAD,
  COMPANY_SUFFIX,
  DANGLING,
  escapeRe,
  HONORIFIC,
  isDepartmentName,
  KOREAN_TITLE,
  LEGAL_FORMS,
  NOTE_VERB,
  PARTICLE,
  unquotedName,
} from '../extract-profile-words.js';
import type { TagField } from './perceptron.js';

export type Fields = Record<TagField, string>;
/** What the rules read: the four fields, and the facts that name a company which is not the current employer. */
export type RuleFields = Fields & { previousCompany: string; metAt: string };

// "Bapak Agus Santoso", "Herr Prof. Weißgerber", "Suzuki Haruto-san": the labelling rules keep a title or an
// honorific out of the name, in every language the sets are written in.
const HONORIFIC_SUFFIX = /-(?:san|sama|sensei|kun|chan|ssi|nim)$/i;

// Vietnamese forms of address ("Chị Lê Hoàng Mai", "Anh Trần Quốc Bảo"). Some are given names too ("Anh Tran"):
// one is taken for a form of address only before a full name of three words.
const VIETNAMESE_ADDRESS = /^(?:anh|chị|em|ông|bà|cô|chú)$/iu;
// "Bonjour Julien", "Dear Ms Okafor": a greeting the tagger ran into the name.
const GREETING = /^(?:hi|hello|hey|dear|bonjour|salut|hola|hallo|olá|ola|oi|ciao|hej|hei|moi|merhaba|halo|szia|ahoj|cześć)[,!]?$/iu;
// "Called Joaquín about the pilot", "Ask for Haruto": a note's verb (and its preposition) the tagger ran into the name.
// "שיחה עם", "مكالمة مع": "(a call) with" in Hebrew and Arabic too.
const NOTE_VERB_PREPOSITION = /^(?:for|to|with|עם|مع)$/i;
// "Dr. Emeka Chukwu-Adams MBBS FWACS", "Jane Roe, PhD": letters after a name are a degree or a fellowship, no part of it.
const POST_NOMINAL =
  /^(?:PhD|Ph\.D\.?|DPhil|MBA|MBBS|MBChB|MD|DO|RN|NP|PA-C|CPA|CFA|CMA|PMP|FCA|ACA|ACCA|CIMA|Esq\.?|MSc|BSc|BA|MA|MPH|MPA|DDS|DMD|DVM|PE|P\.?Eng\.?|CEng|JD|LLB|LLM|F[A-Z]{3,5}|M[A-Z]{3,4}P)$/;
const KOREAN_TITLE_AFTER = new RegExp(`^${KOREAN_TITLE}$`, 'u');
// "Voicemail", "Bio from …", "BOOTH VISITOR", "GPS proof", "Slack from Ben": a note's heading or a product's acronym
// the tagger marked; "Коллеги" ("colleagues"), "مع خالص التحية" ("with sincere regards"): a note's address or sign-off
// (greetings are GREETING's); "Experience", "Skills": a LinkedIn profile's headings; "Lean Six Sigma Black Belt",
// "Proud Veteran": a headline's credential or badge.
const NOT_A_NAME =
  /^(?:voicemail|vm|bio|booth|visitor|urgent|gps|crm|erp|pos|api|sms|kpi|roi|sla|seo|saas|slack|teams|regards|cheers|thanks|speaker|tbd|tba|tbc|n\/a|unknown|experience|education|skills|summary|certifications?|certified|sigma|veteran|коллеги|التحية)$/iu;

/**
 * Whether a name read is a heading, an acronym, a greeting, a description ("Dutch-speaking Belgian") or a business
 * ("Vaalkop Resources", "Sawit Makmur Sdn"), not a person.
 */
export const notAName = (name: string) =>
  name.split(/\s+/).some((w) => NOT_A_NAME.test(w) || GREETING.test(w) || /-(?:speaking|based|born)$/u.test(w)) || isBusinessName(name);

/** "Vaalkop Resources", "Lembah Hijau Sdn": a name that ends as a business's does. */
function isBusinessName(name: string): boolean {
  const words = name.split(/\s+/);
  return words.length > 1 && (COMPANY_HEAD.test(words.at(-1)!) || new RegExp(String.raw`^${COMPANY_SUFFIX}$`, 'u').test(words.at(-1)!));
}
// "La Montserrat Puigdomènech i Vidal": Catalan puts an article before a person's name ("El Hadji" is a name).
const PERSONAL_ARTICLE = /^(?:la|en|na)$/i;
// Lower-case words that belong to names: particles ("bin Osman", "van der Berg") and the "i"/"y"/"e" joining two
// surnames ("Puigdomènech i Serra").
const NAME_PARTICLE = new RegExp(String.raw`^(?:${PARTICLE}|i|y|e)$`, 'u');

/**
 * The tagged name without a title, an honorific, a greeting or a list number, without a possessive ending
 * ("Rosalind Achterberg's"), and ending before a lower-case word that is no name particle ("Siti Rahmawati adalah
 * Manajer Pemasaran": "adalah" is "is"). A name typed all in lower case ("gary") is kept whole.
 */
// "昨天在上海的展会上认识了陈思远" ("met Chen Siyuan at the Shanghai fair yesterday"): a Chinese note's verb of meeting
// before a name written without spaces.
const CHINESE_MET = /^.*(?:认识了|認識了|见了|見了|拜访了|拜訪了|遇到了|遇見了|联系了|聯繫了)(?=\p{sc=Han}{2,4}$)/u;

export function cleanName(span: string): string {
  let words = span.replace(CHINESE_MET, '').split(/\s+/).filter(Boolean);
  const addressOrNumber = (w: string) => HONORIFIC.test(w) || GREETING.test(w) || NOTE_VERB.test(w) || /^[\d.)(]+$/.test(w);
  const addressOfFullName = (w: string) =>
    (VIETNAMESE_ADDRESS.test(w) && words.length >= 4) || (PERSONAL_ARTICLE.test(w) && words.length >= 3);
  while (words.length > 1 && (addressOrNumber(words[0]!) || addressOfFullName(words[0]!))) {
    const verb = NOTE_VERB.test(words.shift()!);
    if (verb && words.length > 1 && NOTE_VERB_PREPOSITION.test(words[0]!)) words.shift();
  }
  // Only after a name written in mixed case: "MIGUEL ÁNGEL FLORES" typed in capitals ends with a surname.
  const mixedCase = (w: string) => /\p{Ll}/u.test(w);
  while (words.length > 2 && mixedCase(words[0]!) && POST_NOMINAL.test(words.at(-1)!.replace(/,$/, ''))) words.pop();
  // "박서연 상무": a Korean title after the name.
  if (words.length > 1 && KOREAN_TITLE_AFTER.test(words.at(-1)!)) words.pop();
  if (/^\p{Lu}/u.test(words[0] ?? '')) {
    const end = words.findIndex((w, i) => i > 0 && /^\p{Ll}/u.test(w) && !NAME_PARTICLE.test(w));
    if (end > 0) words = words.slice(0, end);
  }
  // "USipho Mthembu": Zulu's noun-class prefix before a name at a sentence's start is no part of it.
  if (words.length > 1) words[0] = words[0]!.replace(/^[uU](?=\p{Lu}\p{Ll})/u, '');
  if (words.length)
    words[words.length - 1] = words
      .at(-1)!
      .replace(HONORIFIC_SUFFIX, '')
      // "高橋美咲さん", "Գրիգորյանը": an honorific or Armenian's article written onto the name.
      .replace(/(?<=\p{sc=Han})(?:さん|様|氏)$|(?<=\p{sc=Armenian}{3})ը$/u, '')
      .replace(/['’]s$/u, '');
  return words.join(' ').replace(/^[^\p{L}'"]+|[^\p{L}\p{M}.'"]+$/gu, '');
}

// "Anadolu Tarım Makineleri'nde" ("at …"): a Turkish case ending after an apostrophe is no part of the name.
const TURKISH_CASE = /(?<=\p{L})['’](?:n?d[ae]ki|n?[dt][ae]n?|n?[ıiuü]n|y?[ıiuüae]|n[ae])$/u;
// "dell'Agriturismo Le Querce": an Italian "of the" elided onto the name.
const ITALIAN_ELISION = /^(?:dell|dall|nell|sull|all|coll)['’](?=\p{Lu})/u;
// "Kilang Beras Sri Kedah Sdn Bhd di Alor Setar": the name ends with its legal form, where a sentence's lower-case
// word goes on ("GmbH & Co. KG", "Pty Ltd" go on as the name).
const ENDS_AT_LEGAL_FORM = new RegExp(String.raw`^(.*?\s(?:${LEGAL_FORMS}))\s+\p{Ll}.*$`, 'u');
// "Straits Maritime Services. SG-based": a sentence's end; "St. Hedwig's" and "Dr." are abbreviations.
const SENTENCE_END = /^(.*?\p{L}{4,})\.\s+\S.*$/u;

/** A tagged company as its name: without quotation marks, a case ending, an elided article, or the words after its end. */
export function cleanCompany(span: string): string {
  const value = unquotedName(span).replace(TURKISH_CASE, '').replace(ITALIAN_ELISION, '');
  return value.replace(ENDS_AT_LEGAL_FORM, '$1').replace(SENTENCE_END, '$1').trim();
}

const fold = (s: string) => s.toLocaleLowerCase('und').trim();
const sameOrInside = (a: string, b: string) => !!a && !!b && (fold(b).includes(fold(a)) || fold(a).includes(fold(b)));

// "el director financiero", "the Head of Fleet": an article is no part of a title.
const ARTICLE = /^(?:the|a|an|el|la|los|las|le|les|l'|der|die|das|den|un|una|uno|une|o|um|uma|il|lo|de|het|een)\s+/iu;

/** A tagged value without its article, and without the person's name when it ran into it. */
function trimmed(span: string, field: 'role' | 'company' | 'place', name: string): string {
  const value = span.trim().replace(ARTICLE, '');
  if (!name || !value.includes(name)) return value;
  // "Head of Clinical Operations Thandiwe Mokoena": a title run into the name ends before it; "Precious Moyo of
  // Zambezi Rise Foundation": a company begins after it.
  const at = value.indexOf(name);
  if (field !== 'company') return value.slice(0, at).trim();
  // "Kofi's Kitchen", "Sutrisno Jaya Furniture": a business named after its owner keeps the name; a company begins
  // after the name only where a word or a mark joins them ("of", "at", ",").
  const after = value.slice(at + name.length);
  if (!/^\s*(?:of|at|from|de|di|von|[,–—-])\s/iu.test(after)) return value;
  return after.replace(/^\s*(?:of|at|from|de|di|von|[,–—-])\s+/iu, '');
}

const SMALL_WORDS = new Set(['of', 'and', 'am', 'an', 'der', 'de', 'del', 'la', 'le', 'van', 'von', 'y', 'e', 'et', 'for', 'the', 'at']);
const ACRONYM_ROLES = /^(?:ceo|cfo|cto|coo|cmo|cio|cro|cpo|ciso|vp|svp|evp|gm|md|hr|it)$/;

/**
 * A value from a note typed in lower case ("tidewater fish co.", "ahmed al-mansouri", "cfo"), written as a name is
 * written in a sentence ("Tidewater Fish Co.", "Ahmed Al-Mansouri", "CFO"); a value with any capital is kept as it is.
 */
export function asWritten(value: string, field: TagField): string {
  if (/\p{Lu}/u.test(value)) return value;
  const word = (w: string, i: number) => {
    if (ACRONYM_ROLES.test(w)) return w.toUpperCase();
    if (field === 'role' || (i > 0 && SMALL_WORDS.has(w))) return w;
    // "al-mansouri", "o'connell", "'jj'": each part of a name; "kofi's": not the ending.
    return w.replace(/(?<=^[('"‘“]?|-|(?:^|[^\p{L}])\p{L}['’])\p{Ll}/gu, (c) => c.toLocaleUpperCase('und'));
  };
  // "new bedford, ma": a state or country code after a comma.
  return value
    .split(' ')
    .map(word)
    .join(' ')
    .replace(/(?<=,\s*)\p{L}{2}$/u, (code) => (field === 'place' ? code.toUpperCase() : code));
}

/**
 * The reader's answer: the rules' where the tagger agrees with them (it marked the same value, or the start of it:
 * "VP" of "VP of Field Services"); else the tagger's first value that no other field holds (it reads unseen wordings
 * better than rules tuned on the dev set); else the rules'.
 */
export function chooseFields(tagged: Record<TagField, string[]>, rules: RuleFields): Fields {
  // "Rozmowa 7.", "Call 14.": a call's number is no part of a name.
  // "Café Central", "Klinik Sonnenhof": a business read as a name is the company, when none was read.
  const business = (n: string) => COMPANY_FIRST.test(n.split(' ')[0]!) && n.includes(' ');
  const asCompany = [...tagged.name, rules.name].map(cleanName).find(business) ?? '';
  // A name the rules read as the company is the company, unless the tagger marked another company ("Lead recap" read
  // as a title by the rules, the name on the line after it as its company).
  const taggedElsewhere = tagged.company.some((c) => !sameOrInside(c, rules.company) && !sameOrInside(rules.company, c));
  const names = tagged.name
    .map(cleanName)
    .filter(
      (n) => /\p{L}/u.test(n) && !/\d/.test(n) && !notAName(n) && (!sameOrInside(n, rules.company) || taggedElsewhere) && !business(n),
    );
  // "Arjun … Arjun Malhotra": the whole name where the text gives it, not a first name said first.
  // "أحمد" of "أحمد الخطيب": where the tagger marked only the start of the rules' name, the rules' whole name; and where
  // it marked one word only ("Li" of "Li agrada", Catalan's "she likes"), a whole name of three words or more the rules
  // read ("Núria Puig i Ferrer").
  const ruledName = notAName(rules.name) ? '' : cleanName(rules.name);
  const start = names.find((n) => n.split(' ').length > 1) ?? names[0];
  const whole = ruledName.split(' ').length >= 3 && !business(ruledName);
  const name = start && !start.includes(' ') && whole ? ruledName : (start ?? ruledName);
  // A company the rules read as a former employer or as where they met is not where the person works now.
  const elsewhere = [rules.previousCompany, rules.metAt].filter(Boolean).map(fold);
  const taken = [name];
  let pastJob = false;
  const pick = (field: 'role' | 'company' | 'place'): string => {
    const ruled = rules[field];
    // "Kofi's Kitchen" is free though it holds "Kofi".
    const owned = (v: string, t: string) => new RegExp(`^${escapeRe(fold(t))}['’]s\\s`, 'u').test(fold(v));
    const free = (v: string) => !!v && !taken.some((t) => sameOrInside(v, t) && !owned(v, t));
    if (free(ruled) && tagged[field].some((t) => fold(ruled).startsWith(fold(t)))) return ruled;
    for (const span of tagged[field]) {
      let value = trimmed(field === 'company' ? cleanCompany(span) : span, field, name);
      // "Online Programmes", "dott.ssa …": a department or a title is never the company.
      if (field === 'company' && (isDepartmentName(value) || value.split(/\s+/).some((w) => HONORIFIC.test(w)))) continue;
      // "Design, Kyoto" after "Kansai University of Design": a span that runs into another field's value is the
      // rules' reading without it.
      if (ruled && fold(value).includes(fold(ruled))) {
        const left = fold(value)
          .replace(fold(ruled), ' ')
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim();
        if (left && taken.some((t) => fold(t).includes(left))) value = ruled;
      }
      if (!free(value) || DANGLING.test(value)) continue;
      if (field === 'company' && elsewhere.includes(fold(value))) {
        pastJob = true;
        continue;
      }
      return value;
    }
    // "Fernanda Lopes, dentist, Porto Alegre": a company the rules read where the tagger read the place, and no
    // company, is the place; not one named as a business is ("Company: Liffey College").
    const aPlace =
      field === 'company' &&
      !tagged.company.length &&
      !isBusinessName(ruled) &&
      !business(ruled) &&
      tagged.place.some((t) => fold(t) === fold(ruled));
    return ruled && !aPlace && !taken.some((t) => fold(t) === fold(ruled)) ? ruled : '';
  };
  const company = cleanCompany(pick('company')) || asCompany;
  taken.push(company);
  const role = pick('role');
  taken.push(role);
  const place = pick('place');
  // "Sawit Makmur Sdn. Bhd. … Pengurus Besarnya, Encik Faizal Ismail": a company read with a form of address before
  // it is the person, and the name read in its place the company ("Dr. Oetker", "Mr Price Group" stay companies).
  const addressed = /^(\S+)\s+(\S+(?:\s+\S+){1,3})$/u.exec(company);
  const swapped =
    !!addressed && HONORIFIC.test(addressed[1]!) && !notAName(addressed[2]!) && /^\p{Lu}/u.test(addressed[2]!) && (!name || notAName(name));
  // The tagger read a former job as the current one: its title is the former title too.
  const chosen = {
    name: swapped ? addressed![2]! : name,
    role: pastJob && rules.role ? rules.role : role,
    company: swapped ? ([name, cleanName(rules.name)].find(isBusinessName) ?? '') : company,
    place,
  };
  return Object.fromEntries(Object.entries(chosen).map(([f, v]) => [f, asWritten(v, f as TagField)])) as Fields;
}
