import nlp from 'compromise';
/*
 * The words the description readers share (extract-profile.ts, extract-profile-pieces.ts,
 * extract-profile-facts.ts): titles, departments, name particles, company suffixes, what is never a name or a
 * place, and the readers of one name, one company or one place at the start of a piece of text.
 */

// ---------------------------------------------------------------------------------------------
// Vocabulary

/** A capitalised word in any cased script, or a word of an uncased script (CJK, Arabic, Devanagari…). */
export const CAP = String.raw`(?:\p{Lu}(?:\.|[\p{L}\p{M}'’-]*)|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}\p{Script=Bengali}\p{Script=Tamil}][\p{L}\p{M}]*)`;
/** Lower-case particles that belong to names: "Jan van der Berg", "Ana de la Cruz", "Ahmed bin Zayed". */
/** Function words that end a cut-off title ("responsabile della", "Head of", "директор по"): the title goes on after them. */
export const DANGLING =
  /\s(?:of|for|at|de|del|della|di|du|des|da|do|das|dos|na|no|van|von|der|den|für|bei|chez|och|og|ve|и|по|з|із|для|voor|od|and|&|y|e|et)$/iu;
/**
 * The verbs a note opens with before whom it is about ("call w/ marco", "lig. c/ rafael", "Met Aoife Lane"): the
 * person after them is the prospect; one the tagger ran into a name, or read as one, is nobody's name.
 */
export const NOTE_VERBS = String.raw`call(?:ed)?|met|meeting|mtg|spoke|spk|emailed|talked|visited|pinged|messaged|rang|phoned|texted|ask|asked|chat(?:ted)?|lig\.?|ligação|falei|habl[eé]|snakket|talte|pratade|sprach|שיחה|פגישה|דיברתי|נפגשתי|مكالمة|اجتماع|تحدثت`;
export const NOTE_VERB = new RegExp(String.raw`^(?:${NOTE_VERBS})$`, 'iu');
export const PARTICLE = String.raw`(?:van|von|der|den|de|del|della|di|da|dos|das|do|du|la|las|los|le|bin|binti|bint|ibn|al|el|ter|ten|zu|ap)`;
export const NAME_SEQ = String.raw`${CAP}(?:\s+(?:${PARTICLE}\s+)*${CAP}){0,3}`;
/** A courtesy or academic title before a name, in the languages read ("Dr.", "Mme", "Herr", "Sra."). */
// "Ing.", "Lic.", "Arq.", "Eng.": Latin American and Portuguese professional titles are said before names too.
const TITLE_WORDS = String.raw`Dr|Prof|Mr|Mrs|Ms|Mx|Mme|Mlle|M|Herr|Frau|Dra|Sr|Sra|Srta|Dña?|Dott|Dott\.ssa|Pan|Pani|Sig|Sig\.ra|Ing|Lic|Licda?|Arq|Eng|Mgr|Bc|MUDr|JUDr|PhDr|RNDr|MVDr|PaedDr|Doc|mgr|inż|dr hab`;
export const TITLE = String.raw`(?:(?:${TITLE_WORDS})\.?\s+)`;
/**
 * A title or an honorific as a word of its own, in any case: the titles above and the forms of address the
 * trained reader meets before or in a name ("Bapak Agus Santoso", "Cllr Desmond Achebe-Whyte"), a clergy member's
 * ("הרב אליהו בן-שושן", "Mchungaji Joseph Otieno", "протоиерей Николай") and Arabic's "the engineer" or "the doctor".
 */
export const HONORIFIC = new RegExp(
  String.raw`^(?:${TITLE_WORDS}|miss|sir|dame|monsieur|madame|hr|fr|don|doña|bapak|pak|ibu|bu|sayın|cllr|hon|rev|sheikh|mevrouw|meneer|dhr|mevr|signor|signora|senhor|senhora|encik|puan|cik|tuan|datuk|dato'?|datin|khun|ginoong|ginang|binibining|gng|kyria|kyrios|gospodin|gospođa|ọ̀gbẹ́ni|ogbeni|arábìnrin|malam|malama|alhaji|alhaja|hajiya|captain|capt|kapitän|kapitein|م|د|አቶ|ወ/ሮ|ወ/ሪት|ዶ/ር|ወይዘሮ|ወይዘሪት|លោក|លោកស្រី|mbak|marwo|mudane|rre|mme|madamu|bwana|nwanyị|nwanyi|maazị|obbo|aadde|andriamatoa|ramatoa|خانم|آقای|آقا|جناب|محترمہ|محترم|திருமதி|திரு|செல்வி|श्रीमती|श्री|ਸ੍ਰੀਮਤੀ|ਸ੍ਰੀ|ma['’]|rabbi|הרב|imam|reverend|revd|father|padre|pater|părintele|mchungaji|mama|mzee|протоиерей|иерей|отец|الإمام|الشيخ|المهندس|المهندسة|الدكتور|الدكتورة|الأستاذ|الأستاذة)\.?$`,
  'i',
);

export const ROLE_WORDS = [
  'ceo',
  'cto',
  'cfo',
  'coo',
  'cmo',
  'cio',
  'cro',
  'cpo',
  'ciso',
  'cso',
  'cdo',
  'chro',
  'founder',
  'co-founder',
  'cofounder',
  'owner',
  'co-owner',
  'president',
  'chair',
  'chairman',
  'chairwoman',
  'chairperson',
  'partner',
  'principal',
  'vp',
  'svp',
  'evp',
  'avp',
  'head',
  'director',
  'manager',
  'lead',
  'leader',
  'engineer',
  'developer',
  'designer',
  'consultant',
  'recruiter',
  'analyst',
  'architect',
  'scientist',
  'executive',
  'officer',
  'specialist',
  'coordinator',
  'administrator',
  'editor',
  'journalist',
  'counsel',
  'attorney',
  'lawyer',
  'paralegal',
  'accountant',
  'controller',
  'associate',
  'researcher',
  'professor',
  'lecturer',
  'teacher',
  'physician',
  'surgeon',
  'nurse',
  'pharmacist',
  'buyer',
  'planner',
  'strategist',
  'producer',
  'trader',
  // "productora ejecutiva", "produtor", "productrice", "produttore".
  'productor',
  'productora',
  'produtor',
  'produtora',
  'productrice',
  'produttore',
  'produttrice',
  'writer',
  'marketer',
  'representative',
  'rep',
  'advisor',
  'adviser',
  'agent',
  'broker',
  'superintendent',
  'dean',
  'chef',
  'investor',
  'treasurer',
  'secretary',
  'technician',
  'supervisor',
  'intern',
  'student',
  'trainer',
  'coach',
  'programmer',
  'economist',
  'product owner',
  'scrum master',
  'general counsel',
  'sales',
  'gm',
  'md',
  // Abbreviations headlines and notes use: "Hd of Growth", "Regional Sales Mgr", "Dir. of Clinical Ops", "Sr. Analyst".
  'hd',
  'mgr',
  'dir',
  'registrar',
  'plumber',
  'electrician',
  'farmer',
  'chief of staff',
  'editor-in-chief',
  // French, Spanish, Portuguese, Swedish: "Président", "DSI" (directeur des systèmes d'information), "VD" (verkställande direktör).
  'président',
  'présidente',
  'presidente',
  'vice-président',
  'vice-présidente',
  'vicepresidente',
  'dsi',
  'vd',
  'abogado',
  'abogada',
  'avocat',
  'avocate',
  'advogado',
  'advogada',
  'sócio',
  'sócia',
  'socio',
  'socia',
  'associé',
  'associée',
  'lehrer',
  'lehrerin',
  'arzt',
  'ärztin',
  'chefarzt',
  'chefärztin',
  // Titles in the other languages the dev set has (es, fr, de, pt, it).
  'directora',
  'directeur',
  'directrice',
  'gerente',
  'jefe',
  'jefa',
  'leiter',
  'leiterin',
  'responsable',
  'diretor',
  'diretora',
  'gestor',
  'gestora',
  'responsabile',
  'geschäftsführer',
  'geschäftsführerin',
  'gründer',
  'gründerin',
  'fondateur',
  'fondatrice',
  'fundador',
  'fundadora',
  'fondatore',
  'fondatrice',
  'cheffe',
  'administrador',
  'administradora',
  'coordinador',
  'coordinadora',
  'coordenador',
  'coordenadora',
  'coordinatore',
  'coordinatrice',
  'direttore',
  'direttrice',
  'director',
  'hoofd',
  'dyrektor',
  'dyrektorka',
  'dyrektorką',
  'kierownik',
  'kierowniczka',
  'müdür',
  'müdürü',
  'daf',
  'drh',
  // "Chief Actuary", "EMS Operations Chief", "Fire Chief": a chief of anything is a title, as are these professions.
  'chief',
  'actuary',
  'agronomist',
  'prokurist',
  'prokuristin',
  'gérant',
  'gérante',
  'commissioner',
  // German, Dutch and Nordic compounds: "Werksleiter", "Praxismanagerin", "inkoopmanager", "inköpschef".
  String.raw`\p{L}+(?:leiter|leiterin|manager|managerin|chef|direktor|direktorin|leider|leidster|beauftragter|beauftragte)`,
  // Titles in more of the languages salespeople paste: Czech, Slovak, Hungarian, Finnish, Nordic, Dutch, Turkish,
  // Greek (and its usual romanisation), Vietnamese, Indonesian and Malay, Italian, Polish, Croatian, Romanian,
  // Swahili, Afrikaans and romanised Japanese. Compounds by their head: "toimitusjohtaja", "innkjøpssjef".
  'ředitel',
  'ředitelka',
  'riaditeľ',
  'riaditeľka',
  'vedoucí',
  'vedúci',
  'jednatel',
  'jednatelka',
  'konateľ',
  'manažer',
  'manažerka',
  'manažér',
  'vezető',
  'igazgató',
  'ügyvezető',
  'vezérigazgató',
  'tulajdonos',
  'alapító',
  String.raw`\p{L}*johtaja`,
  String.raw`\p{L}*päällikkö`,
  'perustaja',
  'direktør',
  'direktör',
  'direktörü',
  'leder',
  String.raw`\p{L}*sjef`,
  'grunnlegger',
  'grundare',
  'grundlægger',
  'ejer',
  'ägare',
  'inkoper',
  'inkoopster',
  'eigenaar',
  'oprichter',
  'yönetici',
  'yöneticisi',
  'kurucu',
  'kurucusu',
  'başkan',
  'başkanı',
  'διευθυντής',
  'διευθύντρια',
  'πρόεδρος',
  'ιδρυτής',
  'ιδρύτρια',
  'υπεύθυνος',
  'υπεύθυνη',
  'diefthyntis',
  'diefthyntria',
  'ypefthynos',
  'ypefthyni',
  'giám đốc',
  'trưởng phòng',
  'chủ tịch',
  'nhà sáng lập',
  'manajer',
  'direktur',
  'kepala',
  'pengurus',
  'pendiri',
  'pemilik',
  'ketua',
  'amministratore',
  'amministratrice',
  'titolare',
  'prezes',
  'prezeska',
  'właściciel',
  'właścicielka',
  'założyciel',
  'założycielka',
  'dyr',
  'voditelj',
  'voditeljica',
  'direktorica',
  'vlasnik',
  'vlasnica',
  'osnivač',
  'fondator',
  'proprietar',
  'mkurugenzi',
  'meneja',
  'mwanzilishi',
  'bestuurder',
  'direkteur',
  'eienaar',
  'stigter',
  'buchou',
  'bucho',
  'buchō',
  'kachou',
  'kacho',
  'shachou',
  'shacho',
  'torishimariyaku',
  'inhaber',
  'inhaberin',
  'einkäufer',
  'einkäuferin',
  'pdg',
  'acheteur',
  'acheteuse',
  'dueño',
  'dueña',
  'propietario',
  'propietaria',
  'proprietário',
  'proprietária',
  'encargado',
  'encargada',
  'gerent',
  // Titles in Albanian, the Baltic languages, Estonian, Icelandic, Welsh, Irish, Tagalog, Basque, Croatian, Bulgarian,
  // Russian and Ukrainian, Hebrew, Arabic, Thai and Hindi (written with spaces around them, as ROLE_WORD_RE needs).
  'drejtor',
  'drejtore',
  'drejtues',
  'menaxher',
  'menaxhere',
  'direktor',
  'direktorin',
  'direktors',
  'direktore',
  String.raw`\p{L}*vadītāj[sa]`,
  'direktorius',
  'direktorė',
  'vadovas',
  'vadovė',
  'juhataja',
  'tegevjuht',
  String.raw`\p{L}*stjóri`,
  'rheolwr',
  'cyfarwyddwr',
  'bainisteoir',
  'stiúrthóir',
  'tagapamahala',
  'zuzendari',
  'ravnatelj',
  'ravnateljica',
  'директор',
  'директорка',
  'управител',
  'управителка',
  'управляющий',
  'руководитель',
  'керівник',
  'начальник',
  'менеджер',
  'основатель',
  'засновник',
  'מנהל',
  'מנהלת',
  'מנכ["״]ל',
  'מנכ["״]לית',
  'סמנכ["״]ל',
  'סמנכ["״]לית',
  'مدير',
  'مديرة',
  'رئيس',
  'رئيسة',
  'مؤسس',
  'ผู้จัดการ',
  'ผู้อำนวยการ',
  'प्रबंधक',
  'निदेशक',
  // Thai titles start with the office ("ผู้จัดการฝ่ายขาย", manager of the sales department): the reader for scripts
  // without capitals reads them as a title's start (extract-profile-scripts.ts).
  'ประธาน',
  'รองประธาน',
  'หัวหน้า',
  'ผู้ก่อตั้ง',
  'ซีอีโอ',
  'วิศวกร',
  // Hindi, Bengali, Persian, Urdu, Tamil, Georgian and Armenian.
  'संस्थापक',
  'सीईओ',
  'हेड',
  'डायरेक्टर',
  'अधिकारी',
  'प्रमुख',
  'मैनेजर',
  'ব্যবস্থাপক',
  'পরিচালক',
  'নির্বাহী',
  'কর্মকর্তা',
  'ম্যানেজার',
  'প্রধান',
  'مدیر',
  'مدیرعامل',
  'منیجر',
  'مینیجر',
  'ڈائریکٹر',
  'மேலாளர்',
  'இயக்குநர்',
  'பொறியாளர்',
  'நிறுவனர்',
  'მენეჯერი',
  'დირექტორი',
  'տնօրեն',
  'մենեջեր',
  // Telugu, Kannada, Malayalam, Gujarati, Punjabi, Nepali, Sinhala, Burmese, Amharic, Mongolian, Kazakh and Uzbek.
  'మేనేజర్',
  'డైరెక్టర్',
  'ವ್ಯವಸ್ಥಾಪಕ',
  'ಮ್ಯಾನೇಜರ್',
  'മേധാവി',
  'മാനേജർ',
  'ડિરેક્ટર',
  'મેનેજર',
  'ਮਾਲਕ',
  'ਮੈਨੇਜਰ',
  'ਡਾਇਰੈਕਟਰ',
  'प्रबन्धक',
  'सञ्चालक',
  'निर्देशक',
  'කළමනාකරු',
  'අධ්‍යක්ෂ',
  'မန်နေဂျာ',
  'አስኪያጅ',
  'захирал',
  'менежер',
  'директоры',
  'директору',
  "boshlig['‘’]i",
  // Professions named by their ending: "pediatric oncologist", "dietician", "boatbuilder".
  String.raw`\p{L}+ologist`,
  String.raw`\p{L}+ician`,
  String.raw`\p{L}+builder`,
];
export const ROLE_WORD_RE = new RegExp(
  // Arabic writes "the" joined to the word: المدير ("the director").
  String.raw`(?:^|[^\p{L}])(?:ال)?(?:${ROLE_WORDS.join('|')}|chief [\p{L} ]+ officer|vice president|managing director|general manager)(?:s)?(?=$|[^\p{L}])`,
  'iu',
);
/** Roles that name a company with "of" ("CEO of Lumen Bank", "founder of Zenith Foods"). */
export const OF_COMPANY_ROLE =
  /(?:^|\s|&|\/)(?:ceo|cto|cfo|coo|cmo|cio|cro|cpo|president|chair(?:man|woman|person)?|founder|co-?founder|owner|co-owner|managing director|md|gm|general manager|partner|principal|chief [a-z ]+ officer)$/i;
/** Departments and functions: "Head of Talent", "VP of Sales" — never a company. */
export const DEPARTMENTS = new Set(
  [
    'sales',
    'marketing',
    'engineering',
    'product',
    'operations',
    'finance',
    'growth',
    'design',
    'people',
    'hr',
    'it',
    'talent',
    'procurement',
    'supply chain',
    'supply chain operations',
    'logistics',
    'customer success',
    'partnerships',
    'business development',
    'research',
    'data',
    'security',
    'legal',
    'strategy',
    'revenue',
    'technology',
    'communications',
    'brand',
    'content',
    'infrastructure',
    'platform',
    'analytics',
    'quality',
    'manufacturing',
    'purchasing',
    'recruiting',
    'human resources',
    'digital',
    'innovation',
    'sustainability',
    'compliance',
    'risk',
    'it operations',
    'devops',
    'support',
    'customer experience',
    'ecommerce',
    'e-commerce',
  ].map((s) => s.toLowerCase()),
);
/** Last words of a function's name ("Ground Operations", "Digital Transformation", "RR. HH."): a department, not a company. */
export const FUNCTION_TAILS =
  /^(?:operations|merchandising|facilities|transformation|communications|partnerships|sales|marketing|finance|procurement|purchasing|success|experience|affairs|development|vendas|ventas|ventes|vertrieb|compras|achats|einkauf|finanzas|finanças|operaciones|operações|rh|rrhh|hh|ti|it)$/i;
export const isDepartmentName = (c: string) => {
  const words = c.replace(/[.,]/g, ' ').trim().split(/\s+/);
  return (
    DEPARTMENTS.has(c.toLowerCase()) ||
    (words.length <= 3 && FUNCTION_TAILS.test(words.at(-1)!) && !new RegExp(String.raw`\s${COMPANY_SUFFIX}$`).test(c))
  );
};

/** English month names, lower case: dates, not names or places. */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A month's name or its abbreviation ("Feb", "Sept.", "June"), as a regular expression's alternatives (ignore case). */
export const MONTH = String.raw`(?:${MONTHS.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?`).join('|')}|sept)\.?`;
/** Capitalised words that start sentences, name roles or times: never part of a person's name. */
export const NOT_NAME_WORDS = new Set(
  [
    'the',
    'a',
    'an',
    'he',
    'she',
    'they',
    'his',
    'her',
    'their',
    'i',
    'we',
    'our',
    'my',
    'this',
    'that',
    'meet',
    'met',
    'mr',
    // Courtesy titles in the other languages read: "Herr Klaus Becker", "Mme Fabre", "Sra. Ruiz".
    'herr',
    'frau',
    'mme',
    'mlle',
    'monsieur',
    'madame',
    'sr',
    'sra',
    'dra',
    'señor',
    'señora',
    'senhor',
    'senhora',
    'signor',
    'signora',
    'dott',
    'mrs',
    'ms',
    'mx',
    'dr',
    'prof',
    'sir',
    'madam',
    'works',
    'based',
    'currently',
    'previously',
    'formerly',
    'loves',
    'enjoys',
    'likes',
    'in',
    'at',
    'on',
    'from',
    'with',
    'for',
    'who',
    'name',
    'person',
    'profile',
    'linkedin',
    'hi',
    'hello',
    'spoke',
    'talked',
    'saw',
    'found',
    'connected',
    'today',
    'yesterday',
    'last',
    'next',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    ...MONTHS,
    'great',
    'nice',
    'good',
    'cool',
    'guy',
    'lady',
    'contact',
    'lead',
    'prospect',
    'call',
    'email',
    'note',
    'notes',
    'ex',
    'senior',
    'junior',
    'global',
    'regional',
    'group',
    'interim',
    'acting',
    'deputy',
    'assistant',
    'associate',
    'executive',
    'general',
    'vice',
    'chief',
    'new',
    'also',
    'just',
    'recently',
    'and',
    'or',
    'but',
    'via',
    'about',
    'anyway',
    'right',
    'ok',
    'okay',
    'so',
    'well',
    'quick',
    'update',
    'btw',
    'fyi',
    'sure',
    'hey',
    'speaker',
    'keynote',
    'conference',
    'webinar',
    'event',
    ...ROLE_WORDS,
  ].map((w) => w.toLowerCase()),
);
export const NOT_PLACE = new Set([
  'hq',
  'headquarters',
  'q1',
  'q2',
  'q3',
  'q4',
  'h1',
  'h2',
  'the',
  'a',
  'an',
  'this',
  'that',
  'her',
  'his',
  'their',
  'fmcg',
  'saas',
  'b2b',
  'b2c',
  'ai',
  'ml',
  'it',
  'hr',
  'retail',
  'fintech',
  'healthcare',
  'tech',
  'charge',
  'touch',
  'person',
  'addition',
  'particular',
  'general',
  'public',
  'office',
  'house',
  'time',
  'total',
  'fact',
  'short',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'english',
  'spanish',
  'french',
  'german',
  'excel',
  'python',
  'java',
  'crm',
  'erp',
  'sap',
  'linkedin',
  ...MONTHS,
]);
/** Upper-case abbreviations that are places. */
export const PLACE_ACRONYMS = new Set(['NYC', 'LA', 'SF', 'UK', 'US', 'USA', 'UAE', 'EU', 'DC', 'KSA', 'NZ', 'HK']);
// Legal forms in the languages read: "Molkerei Bergland eG", "Marmi Apuani S.r.l.", "Andes Quinoa SAC", "Flora Export BV".
export const COMPANY_SUFFIX = String.raw`(?:Inc\.?|inc\.|Ltd\.?|ltd\.|Ltée|ltée|Ltda\.?|LLC|LLP|PLC|plc|GmbH|AG|KG|eG|e\.V\.|SA|S\.A\.|SAS|SAC|S\.L\.|SL|SpA|S\.p\.A\.|Srl|S\.r\.l\.|SE|BV|B\.V\.|NV|Oy|AB|ASA|A/S|KK|K\.K\.|Pty|Pvt|Sdn|Bhd|Co\.|Corp\.?|Group|Holdings)`;
/**
 * Last words that make a capitalised run a business, not a person ("Brannock Hollow Distillery is …", "Oyelaran
 * Foods"): the kinds of organisation names end in, in English and the other languages read.
 */
export const COMPANY_HEAD =
  /^(?:Distillery|Brewery|Winery|Bakery|Resources|Logistiek|Logistik|Logistique|Logística|Foods?|Farms?|Systems|Labs?|Logistics|Shipping|Freight|Airlines?|Motors|Pharma|Energy|Solar|Power|Group|Holdings|Partners|Capital|Ventures|Industries|Services|Solutions|Technologies|Tech|Software|Robotics|Games|Studios?|Pictures|Media|Consulting|Insurance|Mutual|Bank|Hotels?|Resorts?|Clinics?|Hospital|Hospice|Foundation|Association|Charity|Parish|Diocese|Health|Healthcare|Academy|Trust|Schools?|University|College|Builders|Construction|Engineering|Manufacturing|Mills?|Materials|Electronics|Telecom|Networks|Retail|Stores|Markets?|Exports?|Imports?|Trading|Cooperative|Co-op|Agency|Agritech|Fintech|Logística|Sistemas|Alimentos|Construtora|Constructora|Gruppe|Werke|Stadtwerke)$/;

/**
 * First words that make a capitalised run a business, not a person ("Café Central", "Klinik Sonnenhof", "Bodegas
 * Peña Alta"): the kinds of organisation names start with, in the languages read.
 */
export const COMPANY_FIRST =
  /^(?:Hotel|Hôtel|Hotell|Café|Cafe|Caffè|Kafé|Restaurant|Restaurante|Ristorante|Trattoria|Pizzeria|Taverna|Brasserie|Bistro|Klinik|Klinikum|Clínica|Clinica|Clinique|Praxis|Apotheke|Farmacia|Farmácia|Pharmacie|Studio|Atelier|Bodegas?|Cantina|Weingut|Domaine|Château|Quinta|Fazenda|Granja|Agriturismo|Panadería|Padaria|Boulangerie|Bäckerei|Brauerei|Cervecería|Pivovar|Nemocnice|Hospital|Ospedale|Warung|Toko|Pousada|Hostal|Cooperativa|Stichting|Fundación|Fundação|Fondazione|Stiftung|Instituto|Istituto|Institut|Escuela|Escola|Colegio|Schule|Universidad|Universität|Università|Banco|Banca|Museo|Teatro|Galería|Galerie)$/u;

/** First words after which "of Capitalised" stays inside a company name ("Bank of America"). */
export const OF_INSIDE_COMPANY =
  /^(?:bank|university|institute|college|ministry|municipality|province|region|district|department|museum|school|city|republic|government|county|state|church|council|academy|hospital|port|society|federation|association|chamber)$/i;
export const TIME_WORDS =
  /\b(?:last|this|next)\s+(?:week|month|year|quarter|spring|summer|autumn|fall|winter)\b|\b(?:yesterday|today|recently|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+\d{4})?|in\s+\d{4}|(?:a|two|three|few)\s+(?:days?|weeks?|months?)\s+ago)\b/gi;

// ---------------------------------------------------------------------------------------------
// Helpers

export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** A company's legal form ("Sp. z o.o.", "GmbH", "S.A.", "Sdn Bhd", "ehf."), as a regular expression's alternatives. */
export const LEGAL_FORMS = String.raw`Sp\.\s*(?:z\s*o\.\s*o\.?|[jkp]\.?)|GmbH(?:\s*&\s*Co\.?\s*KG)?|KG|OHG|AG|AS|ASA|AB|Oy|Oyj|OÜ|A\/S|ApS|S\.?A\.?S?\.?|S\.?L\.?U?\.?|S\.?r\.?l\.?|S\.?p\.?A\.?|SARL|SAS|B\.?V\.?|N\.?V\.?|Ltda\.?|LLC|L\.?L\.?C\.|[Ii]nc\.?|[Ll]td\.?|[Ll]t[ée]e\.?|\(?Pty\)?\.?(?:\s+Ltd\.?)?|plc|PLC|K\.?K\.?|Kft\.?|Zrt\.?|Nyrt\.?|Bt\.?|d\.o\.o\.|SRL|A\.Ş\.?|Şti\.?|Sdn\.?\s*Bhd\.?|Bhd\.?|Lda\.?|Α\.?Ε\.?|Ε\.?Π\.?Ε\.?|Ι\.?Κ\.?Ε\.?|Ο\.?Ε\.?|e?hf\.?|s\.r\.o\.|a\.s\.|[Cc]orp\.?|Co\.,?\s*Ltd\.?|д\.о\.о\.|ООО|ОАО|ЗАО|ПАО|АО|АД|ЕАД|ЕООД|ООД|ТОВ|ПрАТ|ПАТ|ТОО|ДООЕЛ|ДОО|sh\.p\.k\.|sh\.a\.|d\.d\.|EIRELI|Tbk\.?|בע["״]מ`;
/** "independent brand strategist": how someone is employed is not part of their title. */
export const HOW_EMPLOYED = /^(?:independent|freelance|self-employed)\s+(?=\S)/i;

const TRAILING_LEGAL_FORMS = new RegExp(String.raw`(?:,?\s+(?:${LEGAL_FORMS}))+$`, 'u');
/** "Jadran Plov d.d." → "Jadran Plov", "IT-директор ТОО" → "IT-директор": the legal forms ending a name or a title left out. */
export const withoutLegalForm = (s: string): string => s.replace(TRAILING_LEGAL_FORMS, '');
const ENDS_IN_LEGAL_FORM = new RegExp(String.raw`(?:^|\s)(?:${COMPANY_SUFFIX}|${LEGAL_FORMS})$`, 'u');

// 'UAB „Baltijos Žuvis“', 'ООО «Северный ветер»': a company name in quotation marks is the name inside them; a span
// that lost one of the marks ('Родопи Мляко“ ЕООД', 'ООО «Северный ветер') is the name on the other side of the one it has.
const QUOTED_NAME = /[„«“"]([^„“”"«»]{2,})[“”"»]/u;
// A mark between two letters is no quotation mark: Hebrew writes its abbreviations so ('בע"מ').
const BEFORE_CLOSING_MARK = /^([^„“”"«»]{2,})[“”"»](?!\p{L})[^„“”"«»]*$/u;
const AFTER_OPENING_MARK = /^[^„“”"«»]*(?<!\p{L})[„«“"]([^„“”"«»]{2,})$/u;

// "conserveira Mar de Arousa": words in lower case before a capitalised name, but a name's own particle ("van Oord").
// "tal-bejgħ f'Għarb Imports": a preposition elided onto the name ("f'", "in") goes with them.
const LOWER_CASE_KIND = new RegExp(
  String.raw`^(?:(?!${PARTICLE}\s)\p{Ll}[\p{Ll}\p{M}'’-]*\s+)+(?:\p{Ll}{1,2}['’])?(?=[„«“"]?\p{Lu}\p{Ll})`,
  'u',
);
/** A company without what it is, written in lower case before its name ("conserveira Mar de Arousa" → "Mar de Arousa"). */
export const withoutKind = (company: string): string => company.replace(LOWER_CASE_KIND, '');

/** Azerbaijani, Turkish and Uzbek "in" made an adjective ("Bakıdakı", "Samarqanddagi": "the one in …"), ending a place. */
export const TURKIC_IN = '(?:dakı|dəki|daki|deki|takı|təki|taki|teki|dagi|tagi)';

/**
 * A company without the case ending Estonian and Finnish write after its abbreviation or legal form: "Põhjarannik
 * Kalatööstuse AS-i" ("of … AS"), "Saimaan Saha Oy:ssä" ("at …"), "Revontuli Oy:n".
 */
export const withoutCaseEnding = (company: string): string =>
  company.replace(/(?<=\p{Lu}\p{L}*):\p{Ll}{1,5}$|(?<=(?:^|\s)(?:AS|OÜ|MTÜ|SIA|UAB))-\p{Ll}{1,5}$/u, '');

/** A company name without its quotation marks (and the legal form or other words outside them). */
export const unquotedName = (s: string): string =>
  (QUOTED_NAME.exec(s) ?? BEFORE_CLOSING_MARK.exec(s) ?? AFTER_OPENING_MARK.exec(s))?.[1] ?? s;

/** Trim spaces and trailing punctuation, keep a closing abbreviation dot ("Inc.", "a.s."). */
export function clean(s: string): string {
  let out = squash(s).replace(/^[\s,;:–—|·-]+/, '');
  if (!ENDS_IN_LEGAL_FORM.test(out) || /[,;:!?]$/.test(out)) out = out.replace(/[\s.,;:!?–—|·-]+$/, '');
  return out;
}

export const lower = (s: string) => s.toLocaleLowerCase('en');
export const isCap = (w: string) => new RegExp(`^${CAP}$`, 'u').test(w);
/** A title, not a verb phrase ("leads sustainability", "runs design"). */
/** "CMIO", "CNIO", "CHRO", "CCO": a C-suite title written in capitals, whatever office it names. */
const C_SUITE = /(?:^|[^\p{L}])C[A-Z]{1,3}O(?=$|[^\p{L}])/u;
export const hasRoleWord = (s: string) =>
  (ROLE_WORD_RE.test(s) || (C_SUITE.test(s) && !/\b(?:CARGO|CONGO|CAMEO|CREDO|CAIRO|CUSCO|CIAO)\b/.test(s))) &&
  !/^(?:leads|runs|heads|chairs|manages|oversees|owns|works|is|was)\b/i.test(s.trim());

/** The text in clauses: sentences, and the parts of a LinkedIn headline ("A | B · C"). */
export function clauses(text: string): string[] {
  return text
    .split(
      /(?<!\b(?:St|Dr|Mr|Mrs|Ms|Mx|Prof|Mt|Ste|Jr|Sr|vs|[A-Z])\.)(?<=[.!?])\s+(?=[\p{Lu}\p{Lo}"“(])|\s*[|·•\n;]\s*|\s+[–—]\s+|\s+-\s+/u,
    )
    .map((c) => squash(c))
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// A name, a company, a place

/**
 * Given names that often come second in a compound first name ("Andrés Felipe Cárdenas", "João Vítor
 * Lima", "Mehmet Can Aydoğan", "Ravi Shankar Iyer"): with a surname after them, they belong to the first name.
 */
export const SECOND_GIVEN = new Set([
  'josé',
  'jose',
  'maría',
  'maria',
  'felipe',
  'luis',
  'luís',
  'carlos',
  'eduardo',
  'pedro',
  'paulo',
  'vítor',
  'vitor',
  'victor',
  'henrique',
  'gabriel',
  'antonio',
  'antônio',
  'manuel',
  'miguel',
  'nonato',
  'beatriz',
  'lúcia',
  'lucia',
  'luísa',
  'luiza',
  'fernanda',
  'clara',
  'isabel',
  'sofia',
  'zahra',
  'can',
  'ali',
  'shankar',
  'kumar',
  'mohan',
]);

/**
 * Family names that Vietnamese, Chinese and Korean write first ("Nguyễn Thị Mai", "Jin Xiaoyu", "Park Ji-yeon").
 * Ones that are as often given names in Western order ("Wei", "Yan", "Hao", "Kim" before a Western surname) need
 * the rest of the name to look East Asian too (eastAsianGiven).
 */
const VIET_FAMILY = new Set('nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly dinh trinh luong mai cao'.split(' '));
const SINO_KOREAN_FAMILY = new Set(
  (
    'li wang zhang liu chen yang huang zhao zhou wu xu sun zhu hu guo lin luo gao liang zheng xie song tang han feng deng cao peng zeng xiao tian dong pan yuan cai jiang du ye cheng su lu ding ren shen yao jin fu zhong cui tan lim goh ng tay teo chua koh ' +
    'kim lee park choi jung jeong kang cho yoon jang lim oh seo shin kwon hwang ahn yoo hong jeon moon bae baek'
  ).split(' '),
);
const plain = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'd').toLowerCase();
/** A given name made of Chinese, Korean or Vietnamese syllables ("Xiaoyu", "Ji-yeon", "Lan Anh"), not "Larsen". */
const SYLLABLE = /(?:ch|zh|sh|ng|nh|ph|th|tr|kh|gh|gi|qu|[bcdfghjklmnpqrstvwxyz])?[aeiouy]{1,3}(?:ng|nh|ch|[nmptc])?/.source;
const eastAsianGiven = (words: string[]) =>
  words.length > 0 && words.every((w) => w.split('-').every((part) => new RegExp(`^(?:${SYLLABLE}){1,3}$`).test(plain(part))));

/** A name split into its given and family names; `nameAsWritten` when the text writes the family name first. */
export interface NameParts {
  firstName: string;
  lastName: string;
  nameAsWritten?: string;
}

/**
 * Hungarian given names, as Hungarian spells them: "Szabó Eszter", "Kovács Réka" write the family name first. Names
 * other languages give in the Western order ("Anna", "Petra", "Viktor") are not here.
 */
const HUNGARIAN_GIVEN = new Set(
  (
    'eszter réka lászló zoltán gábor krisztina zsófia ildikó katalin erzsébet ágnes péter balázs bence dániel attila ' +
    'istván tamás ferenc gergely márton zsolt csaba levente szilvia tünde judit éva orsolya dóra boglárka nóra ' +
    'viktória anikó enikő csilla gyöngyi hajnalka kinga lilla melinda mónika noémi tímea zsuzsanna ádám ákos andrás ' +
    'árpád barnabás botond dávid dénes endre gyula imre károly kristóf lajos máté miklós norbert olivér pál richárd ' +
    'róbert sándor szabolcs tibor vilmos zsigmond béla géza jenő kálmán lőrinc mihály ödön bálint benedek marcell ' +
    'kornél gellért bernadett edina emese fanni flóra henrietta ibolya irén jázmin klára magdolna margit marianna ' +
    'piroska rozália sára teréz valéria zita zsanett zsuzsa gergő vince huba ottó'
  ).split(' '),
);

/** "Szabó Eszter", "Kovácsné Tóth Ildikó" (a married name): the family name, then a Hungarian given name. */
function hungarianOrder(kept: string[]): NameParts | null {
  if (kept.length < 2 || kept.length > 3 || !kept.every((w) => /^\p{Lu}/u.test(w))) return null;
  const given = kept.findIndex((w) => HUNGARIAN_GIVEN.has(w.toLowerCase()));
  if (given < 1) return null;
  return { firstName: kept.slice(given).join(' '), lastName: kept.slice(0, given).join(' '), nameAsWritten: kept.join(' ') };
}

/** The name in the order its family name comes first, or null when it is not written so. */
function familyFirst(kept: string[]): NameParts | null {
  if (kept.length < 2 || kept.length > 4 || !kept.every((w) => /^\p{Lu}/u.test(w))) return null;
  const family = plain(kept[0]!);
  const rest = kept.slice(1);
  const nameAsWritten = kept.join(' ');
  // "Lin Wang": a family name last as well is the Western order.
  if (SINO_KOREAN_FAMILY.has(plain(kept.at(-1)!)) || VIET_FAMILY.has(plain(kept.at(-1)!))) return null;
  if (!eastAsianGiven(rest)) return null;
  // "Nguyễn Thị Mai", "Tran Minh Duc", "Nguyễn Thị Lan Anh": family, middle, given (one word, or two after a middle).
  if (VIET_FAMILY.has(family))
    return { firstName: rest.length === 3 ? rest.slice(1).join(' ') : rest.at(-1)!, lastName: kept[0]!, nameAsWritten };
  // "Li Wei", "Jiang Hao": a one-syllable given name after a family name is as often the Western order (Wei Li's
  // "Li Wei" in an English text), so only a longer given name ("Xiaoyu", "Ji-yeon") or a third word says which.
  const syllables = (w: string) => (plain(w).match(/[aeiou]+|y(?![aeiou])/g) ?? []).length;
  const longGiven = rest.length > 1 || rest[0]!.includes('-') || syllables(rest[0]!) >= 2;
  if (SINO_KOREAN_FAMILY.has(family) && longGiven) return { firstName: rest.join(' '), lastName: kept[0]!, nameAsWritten };
  return null;
}

export function nameParts(words: string[]): NameParts {
  const kept = [...words];
  while (kept.length && NOT_NAME_WORDS.has(lower(kept[0]!.replace(/[.]$/, '')))) kept.shift();
  while (kept.length && NOT_NAME_WORDS.has(lower(kept.at(-1)!))) kept.pop();
  // "Ex-Kavala Foods, now COO at …": a former employer, never a name.
  // A lower-case "i" between names joins two Catalan surnames ("Puig i Ferrer"); the pronoun is written "I".
  const joiner = (w: string, i: number) => w === 'i' && i > 0 && i < kept.length - 1;
  if (
    !kept.length ||
    kept.some((w, i) => (NOT_NAME_WORDS.has(lower(w)) && !new RegExp(`^${PARTICLE}$`).test(w) && !joiner(w, i)) || /^ex-/i.test(w))
  )
    return { firstName: '', lastName: '' };
  // "Pieter-Jan de Vries van Hollandse Kaasmakers": after a surname with its particle, "van"/"von" again says "of", not a name.
  const particle = new RegExp(`^${PARTICLE}$`);
  const again = kept.findIndex((w, i) => i > 1 && /^(?:van|von)$/.test(w) && kept.slice(1, i - 1).some((p) => particle.test(p)));
  if (again > 0) kept.splice(again);
  // "Ana Sofía Benítez Olmedo", "Rosa Elvira Huamán Quispe": four names without a particle are two given names and
  // two surnames (the Spanish and Portuguese order); "Conor Mac Giolla Phádraig", "Francesca Esposito De Luca" are not.
  const fourPlain =
    kept.length === 4 &&
    kept.every(
      (w, i) => !new RegExp(`^${PARTICLE}$`, 'i').test(w) && !joiner(w, i) && !/^(?:mac|mc|ó|ní|nic|lo|san|santa|st\.?)$/i.test(w),
    );
  const familyName = familyFirst(kept) ?? hungarianOrder(kept);
  if (familyName) return familyName;
  // "Darius Tan Wei Jie", "Jasmine Lim Hui Min": an English given name before a Chinese name written family name first.
  // ("Wei Lin Tan" is a Chinese given name in the Western order: "Wei" is no English name.)
  if (kept.length >= 3 && SINO_KOREAN_FAMILY.has(plain(kept[1]!)) && !eastAsianGiven([kept[0]!]) && eastAsianGiven(kept.slice(2)))
    return { firstName: kept[0]!, lastName: kept[1]!, nameAsWritten: kept.join(' ') };
  const given = (kept.length >= 3 && SECOND_GIVEN.has(lower(kept[1]!))) || fourPlain ? 2 : 1;
  return { firstName: kept.slice(0, given).join(' '), lastName: kept.slice(given).join(' ') };
}

export function splitName(seq: string) {
  return nameParts(squash(seq).split(' '));
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The company name at the start of `s` ("Brightleaf Home Goods in Austin" → "Brightleaf Home Goods"). */
export function companyAt(s: string): string {
  const words = s.replace(/^[\p{Lu}][\p{L}\p{M}'’.]*(?:[ -][\p{Lu}][\p{L}\p{M}'’.]*)?-based\s+/u, '').split(/\s+/);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const raw = words[i]!;
    const w = raw.replace(/[,;:!?)]+$/, '').replace(/\)\.$/, '.');
    const endsClause =
      w !== raw ||
      (/\.$/.test(w) && !new RegExp(String.raw`^${COMPANY_SUFFIX}$`).test(w) && !/\.\w/.test(w) && !/^(?:St|Mt|Ste)\.$/.test(w));
    const word = endsClause ? w.replace(/\.$/, '') : w;
    const first = kept.length === 0;
    const ok =
      /^[\p{Lu}\p{Lo}\d]/u.test(word) ||
      (!first && (word === '&' || word === '+')) ||
      (!first &&
        /^(?:of|and|for|de|du|des|la|le|y|e)$/.test(word) &&
        OF_INSIDE_COMPANY.test(kept[0]!) &&
        /^[\p{Lu}]/u.test(words[i + 1] ?? '')) ||
      // "Cementos del Bajío", "Hospital Nossa Senhora da Graça", "Forges de l'Ardenne", "Fournil d'Or".
      (!first &&
        /^(?:del|della|da|do|dos|das|di|de|du|des|van|von|der|y|e)$/.test(word) &&
        /^(?:\p{Lu}|[dl]['’]\p{Lu})/u.test(words[i + 1] ?? '')) ||
      (!first && /^[dl]['’]\p{Lu}/u.test(word)) ||
      (!first && new RegExp(String.raw`^${COMPANY_SUFFIX}$`).test(word)) ||
      (!first && /^[a-z][\w-]*\.[a-z]{2,}$/.test(word)) ||
      (first && /^[a-z][\w-]*\.(?:com|io|ai|co|net|org|app|dev)$/.test(word));
    if (!ok) break;
    // A capitalised word that starts the next thought ("… at Acme Based in …") ends the name.
    if (!first && /^(?:In|Based|Where|Who|Since|And|With|As|From|For|She|He|They|Previously|Formerly)$/.test(word)) break;
    kept.push(word);
    if (endsClause) break;
  }
  while (kept.length && /^(?:&|\+|and|of|for|del|della|da|do|dos|das|di|de|du|des|van|von|der|y|e)$/.test(kept.at(-1)!)) kept.pop();
  // "the Municipality of Sharjah's transport department": the owner, without the possessive.
  const name = clean(kept.join(' ').replace(/['’]s$/, ''));
  if (!name || DEPARTMENTS.has(lower(name)) || NOT_NAME_WORDS.has(lower(name)) || /^(?:A|An|The)$/.test(name)) return '';
  return name;
}

export interface Placement {
  role: string;
  company: string;
}

/** "AHMEDABAD", "DENVER": a place written in capitals (a shouted headline) that the NLP library knows once cased. */
const isShoutedPlace = (w: string) => /^\p{Lu}{4,}$/u.test(w) && nlp(w[0] + w.slice(1).toLocaleLowerCase()).places().length > 0;

export function isPlaceWords(place: string): boolean {
  const words = place.split(/[\s,]+/).filter(Boolean);
  if (!words.length || words.length > 5 || words.some((w) => w.length < 2)) return false;
  if (words.some((w) => NOT_PLACE.has(lower(w))) || DEPARTMENTS.has(lower(place))) return false;
  // "Alpen Käse AG", "Volta Cement Ltd": a legal form makes it a company.
  if (new RegExp(String.raw`^${COMPANY_SUFFIX}$`).test(words.at(-1)!)) return false;
  // "Santiago de Chile", "Coeur d'Alene": a joining word inside; "Manila, PH", "Norfolk VA": a region code last.
  return (
    words.every(
      (w, i) =>
        (/^[\p{Lu}]/u.test(w) &&
          (!/^[A-Z]{2,}$/.test(w) || PLACE_ACRONYMS.has(w) || (i > 0 && i === words.length - 1 && w.length <= 3) || isShoutedPlace(w))) ||
        (i > 0 && i < words.length - 1 && /^(?:de|do|da|del|dos|das|am|an|upon|on|sur|en|la|le|el|di)$/.test(w)) ||
        (i > 0 && /^d['’]\p{Lu}/u.test(w)),
    ) && !words.some((w) => /-\p{Ll}+ed$/u.test(w))
  );
}

/**
 * The labels of a pasted CRM note's lines ("Name: …", "Jabatan: …", "Město: …"), by the field they name, in the
 * languages a CRM export is written in. A line with one of these labels is that field; "notes" is free text.
 */
const LINE_LABELS = {
  notes: (
    'note|notes|description|comment|comments|remark|remarks|notas|nota|notizen|notiz|remarques|' +
    'bemerkungen|comentarios|observaciones|observações|notatki|notities|appunti|anteckningar|notater|' +
    'noter|poznámky|poznámka|megjegyzés|megjegyzések|notlar|catatan|ghi chú|muistiinpanot|huomiot|' +
    'σημειώσεις|заметки|примечания|нотатки|maelezo|märkmed|pastabos|piezīmes|bilješke|opombe|' +
    'メモ|備考|备注|備註|메모|비고|บันทึก|หมายเหตุ|ملاحظات|ملاحظات المكالمة|یادداشت|टिप्पणी|नोट|নোট|মন্তব্য|نوٹ|הערות|குறிப்பு|குறிப்புகள்'
  ).split('|'),
  previous:
    'prev|previous|previously|formerly|ex|前職|前公司|前东家|前東家|曾任职|曾任職|此前|이전 직장|전 직장|อดีต|سابقاً|قبلاً|पहले|আগে|پہلے|בעבר|முன்பு'.split(
      '|',
    ),
  name: (
    'name|full name|contact|contact person|prospect|person|lead|who|nom|nombre|nome|contato|contacto|' +
    'kontakt|kontaktperson|ansprechpartner|ansprechpartnerin|naam|namn|navn|nimi|yhteyshenkilö|' +
    "imię i nazwisko|osoba kontaktowa|jméno|meno|név|isim|ad soyad|nama|tên|họ tên|όνομα|имя|ім'я|" +
    'jina|pangalan|nimi ja sukunimi|vārds|vardas|ime|名前|氏名|姓名|联系人|聯絡人|이름|성명|ชื่อ|الاسم|نام|नाम|নাম|שם|பெயர்'
  ).split('|'),
  role: (
    'title|role|position|job title|designation|poste|fonction|titre|cargo|puesto|função|funcao|' +
    'funktion|rolle|titel|functie|ruolo|stanowisko|pozice|pozícia|funkce|funkcia|beosztás|pozíció|' +
    'unvan|pozisyon|görev|jabatan|chức vụ|tehtävä|titteli|nimike|stilling|befattning|roll|tittel|θέση|' +
    'должность|посада|cheo|posisyon|ametikoht|pareigos|amats|funkcija|radno mjesto|役職|職位|职位|職稱|职称|职务|직책|직함|' +
    'ตำแหน่ง|المسمى الوظيفي|المنصب|سمت|पद|পদ|عہدہ|תפקיד|பதவி'
  ).split('|'),
  company: (
    'company|employer|organisation|organization|org|co|account|client|customer|cliente|kunde|société|societe|entreprise|empresa|' +
    'firma|unternehmen|compañía|bedrijf|organisatie|företag|azienda|società|spółka|společnost|' +
    'spoločnosť|cég|vállalat|şirket|sirket|perusahaan|syarikat|công ty|yritys|virksomhed|selskap|' +
    'bedrift|εταιρεία|компания|компанія|kampuni|kumpanya|ettevõte|įmonė|uzņēmums|tvrtka|podjetje|会社|会社名|勤務先|公司|' +
    '회사|회사명|บริษัท|الشركة|شرکت|कंपनी|কোম্পানি|کمپنی|חברה|நிறுவனம்'
  ).split('|'),
  place: (
    'location|city|based|based in|loc|ort|standort|ville|ciudad|cidade|plaats|lieu|città|stad|where|' +
    'hq|headquarters|head office|sede|sitz|siège|ubicación|localização|miasto|město|mesto|város|şehir|' +
    'sehir|kota|bandar|thành phố|kaupunki|paikkakunta|πόλη|город|місто|mji|lungsod|lokasi|lokalizacja|' +
    'helyszín|konum|linn|miestas|pilsēta|grad|kraj|勤務地|所在地|拠点|地点|地點|坐标|坐標|城市|工作地点|工作地點|근무지|위치|도시|' +
    'สถานที่|เมือง|المدينة|الموقع|مکان|شهر|स्थान|शहर|স্থান|শহর|شہر|עיר|מיקום|இடம்|நகரம்'
  ).split('|'),
};

export type LineLabelField = keyof typeof LINE_LABELS;
const LABEL_FIELD = new Map(
  Object.entries(LINE_LABELS).flatMap(([field, labels]) => labels.map((l) => [l, field as LineLabelField] as const)),
);

/** A Korean title written after the name ("김민준 팀장님", "이수진 대표"). */
export const KOREAN_TITLE = '(?:상무|전무|부장|차장|과장|대리|팀장|이사|사장|대표|실장|본부장)(?:님)?';

/** A bullet before a line of a note ("- ", "・", "• "). */
export const BULLET = String.raw`(?:[-*•・·▪●◦‣–][ \t]*)`;

/** "Jabatan: Manajer HRD", "・前東家：南方乳業": the label (group 1) and the value (group 2) of a labelled line, bulleted or not. */
export const LABELLED_LINE = new RegExp(
  String.raw`^\s*${BULLET}?(${[...LABEL_FIELD.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')})\s*[:：]\s*(.+)$`,
  'iu',
);

/** A note's heading ("Notes:", "Poznámky:"), as a regular expression's alternatives. */
export const NOTE_LABEL = LINE_LABELS.notes.map(escapeRe).join('|');

const labelKey = (label: string) => label.toLocaleLowerCase('und').trim();

/** Whether a line's label is one a contact or a note has ("Notes", "Perusahaan", "근무지"). */
export const isLineLabel = (label: string): boolean => LABEL_FIELD.has(labelKey(label));

/** The field a line's label names ("Perusahaan" → company). */
export const labelField = (label: string): LineLabelField => LABEL_FIELD.get(labelKey(label)) ?? 'place';
