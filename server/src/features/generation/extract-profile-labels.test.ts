import { describe, expect, it } from 'vitest';
import { extractProfile, extractWith } from './extract-profile';
import { bareTitle } from './extract-profile-contact';
import { withoutKind } from './extract-profile-words';
import { hasRoleWord, ROLE_WORD_RE } from './extract-profile-words';
import { spokenCompany } from './writer/prose-facts';

const facts = (text: string) => {
  const p = extractProfile(text);
  return { name: [p.firstName, p.lastName].filter(Boolean).join(' '), role: p.role, company: p.company, place: p.place };
};

describe('labelled contacts in CRM notes', () => {
  it('reads the labels of a CRM note in Czech, Turkish and Indonesian, without the tagger', () => {
    const rules = (text: string) => {
      const p = extractWith(text, (_, profile) => profile);
      return { role: p.role, company: p.company, place: p.place };
    };
    expect(
      rules('Jméno: Pavel Dvořák\nPozice: výrobní ředitel\nSpolečnost: Slévárna Brno a.s.\nMěsto: Brno\nPoznámky: Zvažují nový systém.'),
    ).toEqual({
      role: 'výrobní ředitel',
      company: 'Slévárna Brno a.s.',
      place: 'Brno',
    });
    expect(
      rules('İsim: Mert Aydın\nUnvan: Satın Alma Müdürü\nŞirket: Ege Tekstil A.Ş.\nŞehir: Denizli\nNotlar: Yeni ERP arıyorlar.'),
    ).toEqual({
      role: 'Satın Alma Müdürü',
      company: 'Ege Tekstil A.Ş.',
      place: 'Denizli',
    });
    expect(facts('Kontakt: Mgr. Lucie Havlová\nPozice: finanční ředitelka\nFirma: Pekárna Vysočina a.s.\nMěsto: Jihlava').name).toBe(
      'Lucie Havlová',
    );
    expect(rules('Nama: Ratna Sari\nJabatan: Manajer Keuangan\nPerusahaan: PT Kopi Gayo Lestari\nKota: Takengon')).toEqual({
      role: 'Manajer Keuangan',
      company: 'PT Kopi Gayo Lestari',
      place: 'Takengon',
    });
  });

  it('reads a contact written as a chain of pipes: name, title, company, place', () => {
    expect(facts('Contact: Ottilie Brandvold | Head of Treasury | Fjordline Marine | Bergen\nPain: cash forecasts in Excel')).toEqual({
      name: 'Ottilie Brandvold',
      role: 'Head of Treasury',
      company: 'Fjordline Marine',
      place: 'Bergen',
    });
  });

  it('reads a contact written with commas and the place in brackets, also after a sentence on the same line', () => {
    expect(facts('Met at Arab Health. Contact: Dr. Samir Haddad, CNIO, Cedars Valley Hospital (Beirut). Pain: rosters by hand.')).toEqual({
      name: 'Samir Haddad',
      role: 'CNIO',
      company: 'Cedars Valley Hospital',
      place: 'Beirut',
    });
  });

  it('keeps a department after the title with the title, not as the company', () => {
    expect(facts('Contact: Petra Lindqvist, Senior Director, Global Partnerships\nCompany: Nordwave Telecom')).toMatchObject({
      role: 'Senior Director, Global Partnerships',
      company: 'Nordwave Telecom',
    });
  });

  it('reads labelled sentences on one line as fields, and a title that names its company', () => {
    expect(facts('Name: Ilse Verbruggen. Role: Planner at Scheldt Tiles in Antwerp.')).toEqual({
      name: 'Ilse Verbruggen',
      role: 'Planner',
      company: 'Scheldt Tiles',
      place: 'Antwerp',
    });
    expect(
      facts('Lead source: expo. Name: Cormac Doyle. Title: Head of Estates. Company: Liffey College. City: Galway. Pain: rooms.'),
    ).toEqual({
      name: 'Cormac Doyle',
      role: 'Head of Estates',
      company: 'Liffey College',
      place: 'Galway',
    });
  });

  it('drops an aside in brackets from a labelled place, and takes the place from a bracket that describes the company', () => {
    expect(facts('Contact: Wen Hao\nCompany: Greyhill Optics\nBased: Taichung (flies to Penang often)').place).toBe('Taichung');
    expect(facts('Prospect: Aurelio Campos\nCo: Forjas del Norte (steel parts, Monterrey)').place).toBe('Monterrey');
  });

  it('reads a note headed "Notes -" or "Anteckningar -" without taking the heading for a name', () => {
    expect(facts('Notes - call w/ Femi Adebayo (Plant Manager) at Ikeja Plastics. Pain: downtime.').name).toBe('Femi Adebayo');
    expect(facts('Anteckningar - Sofia Berglund, ekonomichef på Norrsken Bygg AB i Luleå.').name).toBe('Sofia Berglund');
  });
});

describe('a title beside the name', () => {
  it('reads a title in brackets after the name, and the company after it', () => {
    expect(facts('Notes - call w/ Tendai Moyo (Sr. Engineer, Water Treatment) at Zambezi Utilities, Harare.')).toMatchObject({
      name: 'Tendai Moyo',
      role: 'Sr. Engineer, Water Treatment',
      company: 'Zambezi Utilities',
    });
    expect(facts('Ask for Haruto (head of logistics) at Sakae Foods about the new depot.')).toMatchObject({
      name: 'Haruto',
      role: 'head of logistics',
      company: 'Sakae Foods',
    });
    expect(facts('Notas - llamada con Renata (COO) de Transportes Alba, logística de Quito. Buscan un TMS.')).toMatchObject({
      role: 'COO',
      company: 'Transportes Alba',
      place: 'Quito',
    });
  });

  it('reads a line labelled with a title as the person who holds it', () => {
    expect(facts('Kestrel Housing Group — 3,000 homes\nCOO: Imogen Ashcroft-Bell\nwants a repairs portal')).toMatchObject({
      name: 'Imogen Ashcroft-Bell',
      role: 'COO',
      company: 'Kestrel Housing Group',
    });
    expect(facts('Lead name: Oren Katz\nJob title: Buyer\nCompany: Galil Foods')).toMatchObject({ name: 'Oren Katz', role: 'Buyer' });
  });
});

describe('a name written family name first', () => {
  it.each([
    ['Zhou Mingyu is Head of Sales at Redlantern Tea in Hangzhou.', 'Mingyu', 'Zhou', 'Zhou Mingyu'],
    ['Talked to Kang Min-seo today, Product Lead at Hanbit Pay.', 'Min-seo', 'Kang', 'Kang Min-seo'],
    ['Phạm Văn Hùng | CFO @ Saigon Steel | Ho Chi Minh City', 'Hùng', 'Phạm', 'Phạm Văn Hùng'],
    ['Trần Thị Thu Hà is the COO of Mekong Rice.', 'Thu Hà', 'Trần', 'Trần Thị Thu Hà'],
    // Hungarian writes the family name first too, and a married name before it ("Kovácsné").
    ['Üdvözlettel:\nSzabó Eszter\nügyvezető\nHegyalja Borház Kft.\nTokaj', 'Eszter', 'Szabó', 'Szabó Eszter'],
    ['Kovácsné Tóth Ildikó, a Duna Acél Zrt. beszerzési vezetője (Győr)', 'Ildikó', 'Kovácsné Tóth', 'Kovácsné Tóth Ildikó'],
  ])('%s', (text, firstName, lastName, nameAsWritten) => {
    expect(extractProfile(text)).toMatchObject({ firstName, lastName, nameAsWritten });
  });

  it.each([
    // A Western surname, or a family name last, keeps the Western order.
    ['Kim Larsen is the CFO of Nordhavn Shipping.', 'Kim', 'Larsen'],
    ['Lin Wang runs procurement at Baywind Solar.', 'Lin', 'Wang'],
    ['Hyun-woo Choi is Head of Smart Factory at Daeil Cells.', 'Hyun-woo', 'Choi'],
    ['Réka Kovács is Head of Procurement at Duna Steel in Győr.', 'Réka', 'Kovács'],
  ])('%s', (text, firstName, lastName) => {
    const p = extractProfile(text);
    expect(p).toMatchObject({ firstName, lastName });
    expect(p.nameAsWritten).toBeUndefined();
  });
});

describe('a title between the words of a sentence', () => {
  it.each([
    ['now COO', 'COO'],
    ['Their head of post-production', 'head of post-production'],
    ['nueva Directora de Recursos Humanos', 'Directora de Recursos Humanos'],
    ['Spoke to the CISO', 'CISO'],
    ['Finance Manager (was', 'Finance Manager'],
    ['Head of Growth', 'Head of Growth'],
    ['jako vedoucí IT', 'vedoucí IT'],
    ['Ops manager in Lagos', 'Ops manager'],
    ['IT-директор ТОО', 'IT-директор'],
    ['Head of Sales in EMEA', 'Head of Sales'],
  ])('%s → %s', (said, title) => {
    expect(bareTitle(said)).toBe(title);
  });

  it('reads a title, a name between commas and the company after "at", without taking the name for the company', () => {
    expect(facts('Talked with the CTO, Amaru Quispe, at Andes Cloud (Cusco). Wants SOC 2.')).toMatchObject({
      name: 'Amaru Quispe',
      role: 'CTO',
      company: 'Andes Cloud',
    });
    expect(facts('Our champion there: the head of finance, Marit Olsen, says budgets are tight.').company).not.toBe('Marit Olsen');
  });
});

describe('where the person is', () => {
  it('reads a place written in capitals in a shouted headline', () => {
    // Read, then written as a sentence writes a place (extract-profile-case.ts): the writer does not shout it back.
    expect(facts('NADIA HOSSAIN - FLEET MANAGER - MEGHNA LOGISTICS - KOLKATA').place).toBe('Kolkata');
  });

  it('reads a place beside a flag emoji', () => {
    expect(facts('Tariq Al-Sayed — Head of IT, Gulf Horizon Schools, Doha 🇶🇦').place).toBe('Doha');
  });

  it('takes where they live even when the employer is named after the town', () => {
    expect(facts('Joana Reis is CFO at Porto de Aveiro Logística. She lives in Aveiro.').place).toBe('Aveiro');
  });
});

describe('a short note of a name and a company', () => {
  it('reads a lone first name before "from" and its company', () => {
    expect(facts('Obiageli from Nnewi Motors, asking about fleet telematics.')).toMatchObject({
      name: 'Obiageli',
      company: 'Nnewi Motors',
    });
  });

  it('takes the first piece after the name that is a name of its own, wherever the note goes on', () => {
    expect(facts('Aino Virtanen – Koivu Logistiikka – just opened a Tampere depot').company).toBe('Koivu Logistiikka');
    expect(facts('Tomasz Nowak, finance, Wisła Foods').company).toBe('Wisła Foods');
  });
});

describe('a business that opens the text', () => {
  it('is not read as the person, and is their employer when nothing else names one', () => {
    expect(
      facts('Cobble Creek Brewery is a craft brewer in Oregon, and the person to talk to is Dana Whitfield, their Head Brewer.'),
    ).toMatchObject({
      name: 'Dana Whitfield',
      company: 'Cobble Creek Brewery',
    });
  });

  it('reads "name\'s X" and "the one who matters is X" as the name', () => {
    expect(facts("notes: name's Priya Raman. wants a new WMS.").name).toBe('Priya Raman');
    expect(facts('Two people will be there, but the one who matters is Hugo Lambert, VP Finance.').name).toBe('Hugo Lambert');
  });
});

describe('the current job among others', () => {
  it('a job held until a time is the previous one; the title they joined as is the current one', () => {
    expect(
      extractProfile('Ruth Adeyemi was Head of Sales at Corallo Foods until June and is now COO at Tidewater Snacks in Lagos.'),
    ).toMatchObject({ role: 'COO', company: 'Tidewater Snacks', previousCompany: 'Corallo Foods' });
    expect(
      facts('Our contact at Ridgeback Surveys is Owen Price, who joined them last year as Head of Geomatics after years at Ordnance.'),
    ).toMatchObject({
      role: 'Head of Geomatics',
    });
  });

  it('reads the business named after what they run, a business that says what it is, a professional title and a German meeting', () => {
    expect(facts('Lautaro Paz runs a family olive grove, Olivares del Cerro, near San Juan.').company).toBe('Olivares del Cerro');
    expect(facts('Account notes: Kuranda Cattle & Co is a family-owned grazing business in Queensland. Contact is Bea Holt.').company).toBe(
      'Kuranda Cattle & Co',
    );
    expect(facts('Contacto: Lic. Mariela Ortiz Ramos, Gerente de Compras, Textiles del Valle.').name).toBe('Mariela Ortiz Ramos');
    expect(facts('Hab gestern Friederike getroffen – sie ist Head of IT bei Nordlicht Reisen in Rostock.')).toMatchObject({
      name: 'Friederike',
      role: 'Head of IT',
      company: 'Nordlicht Reisen',
    });
  });
});

describe('what a title is', () => {
  it.each([
    'Chief Actuary',
    'EMS Operations Chief',
    'CMIO',
    'CNIO',
    'Prokuristin',
    'gérant',
    // Albanian, Latvian, Lithuanian, Estonian, Icelandic, Welsh, Irish, Basque, Bulgarian, Ukrainian, Hebrew, Arabic, Thai.
    'drejtor ekzekutiv',
    'valdes vadītājs',
    'pardavimų vadovas',
    'tegevjuht',
    'framkvæmdastjóri',
    'rheolwr gwerthiant',
    'bainisteoir díolacháin',
    'zuzendari nagusia',
    'директор продажби',
    'керівник відділу',
    'מנהלת תפעול',
    'סמנכ"ל שיווק',
    'مديرة التسويق',
    'ผู้จัดการ ฝ่ายขาย',
  ])('%s is a title', (t) => {
    expect(hasRoleWord(t)).toBe(true);
  });

  it.each(['Cairo', 'Fjordline Marine', 'CARGO', 'مؤسسة الواحة للتجارة'])('%s is not', (t) => {
    expect(hasRoleWord(t)).toBe(false);
  });
});

describe('news with a company as its subject', () => {
  it('keeps the capital of a company that opens the news', () => {
    const p = extractProfile('Kestrel Rail just won the Midlands signalling contract. Ines Duarte is their CFO.');
    expect(p.events.map((e) => e.said).join(' | ')).not.toMatch(/kestrel/);
  });
});

describe('a name in Hebrew or Arabic script (no capital letters to tell it by)', () => {
  it('is the two or three words the text opens with, before "is" or a title', () => {
    expect(facts('יעל כהן היא סמנכ"לית שיווק בחברת גליל לוגיסטיקה בחיפה. החברה פתחה מרכז הפצה חדש.').name).toBe('יעל כהן');
    expect(facts('أحمد الخطيب مدير المبيعات في شركة النخيل للتجارة في دبي.').name).toBe('أحمد الخطيب');
    expect(facts('المهندس خالد العتيبي مدير العمليات في شركة الخليج للمقاولات في الدمام.').name).toBe('خالد العتيبي');
    expect(facts('سارة المنصوري هي مديرة الموارد البشرية في شركة الخليج للإنشاءات في أبوظبي.').name).toBe('سارة المنصوري');
  });

  it('is not "the company" that opens a sentence', () => {
    expect(facts('החברה שלנו היא ספקית לוגיסטיקה בחיפה.').name).toBe('');
    expect(facts('الشركة الجديدة هي مورد في دبي.').name).toBe('');
  });
});

describe('a company written in quotation marks', () => {
  it('is the name inside the marks, without the legal form outside them', () => {
    expect(facts('Георги Петров е управител на „Родопи Мляко“ ЕООД в Смолян. Фирмата откри нова мандра.').company).toBe('Родопи Мляко');
    expect(facts('Jan Novák works at "Modrá Liška" s.r.o. in Brno.').company).toBe('Modrá Liška');
  });
});

describe('a company read from a sentence', () => {
  it('is its name without what it is, written in lower case before it', () => {
    expect(facts('Brais Lago é xerente da conserveira Ría Baixa, en Cambados.').company).toBe('Ría Baixa');
    // A name that starts in lower case stays whole, and so does a name's particle.
    expect(withoutKind('eFleet Systems')).toBe('eFleet Systems');
    expect(withoutKind('van Oord Logistics')).toBe('van Oord Logistics');
  });
});

describe('the company said in a sentence', () => {
  it('leaves out a legal form written in lower case ("inc.", "ltée"), whose dot would end the sentence', () => {
    expect(spokenCompany('Transport Boréal inc.')).toBe('Transport Boréal');
    expect(spokenCompany('Érablière du Nord ltée')).toBe('Érablière du Nord');
    expect(spokenCompany('Dąbrowski Transport Sp. j.')).toBe('Dąbrowski Transport');
    expect(spokenCompany('Hveragerði Geothermal Greenhouses ehf.')).toBe('Hveragerði Geothermal Greenhouses');
    // A name quoted after its legal form is said without the marks, which would sit inside the writer's own quotes.
    expect(spokenCompany('UAB „Baltijos Žuvis“')).toBe('Baltijos Žuvis');
    expect(spokenCompany('ООО «Северный ветер»')).toBe('Северный ветер');
    expect(spokenCompany('"Kaunas Mills" AB')).toBe('Kaunas Mills');
    // A name that lost one of its marks is the name on the other side of the one it kept (no unterminated quote).
    expect(spokenCompany('Родопи Мляко“ ЕООД')).toBe('Родопи Мляко');
    expect(spokenCompany('ООО «Северный ветер')).toBe('Северный ветер');
    // Albanian, Croatian and Slovenian legal forms, whose dots would end a sentence.
    expect(spokenCompany('Adriatik Turizëm sh.p.k.')).toBe('Adriatik Turizëm');
    expect(spokenCompany('Jadran Plov d.d.')).toBe('Jadran Plov');
    expect(spokenCompany('Skyveld Airlink (Pty) Ltd')).toBe('Skyveld Airlink');
    // One no list names yet (Basque and Welsh co-operatives and companies, an English partnership): a short
    // abbreviation with dots at the end is a legal form.
    expect(spokenCompany('Aroztegi Berri S.Koop.')).toBe('Aroztegi Berri');
    expect(spokenCompany('Llaeth Eryri Cyf.')).toBe('Llaeth Eryri');
    expect(spokenCompany('Hartley & Co.')).toBe('Hartley');
    expect(spokenCompany('Tessellate.io')).toBe('Tessellate.io');
    expect(spokenCompany('St. Olav Medical')).toBe('St. Olav Medical');
    // German partnerships.
    expect(spokenCompany('Brauerei Obermaier KG')).toBe('Brauerei Obermaier');
    expect(spokenCompany('Gebrüder Lang OHG')).toBe('Gebrüder Lang');
    // A legal form in Cyrillic or Hebrew, whose dots or quotation mark would end a sentence or open a quote.
    expect(spokenCompany('Дунав Транс д.о.о.')).toBe('Дунав Транс');
    expect(spokenCompany('גליל לוגיסטיקה בע"מ')).toBe('גליל לוגיסטיקה');
    // A Finnish case ending after the colon.
    expect(spokenCompany('Saimaan Saha Oy:ssä')).toBe('Saimaan Saha');
    expect(spokenCompany('Saaremaa Mahetooted OÜ')).toBe('Saaremaa Mahetooted');
    expect(spokenCompany('Tisza Gyógyszer Zrt.')).toBe('Tisza Gyógyszer');
    expect(spokenCompany('Κρητικά Ελαιόλαδα Α.Ε.')).toBe('Κρητικά Ελαιόλαδα');
    expect(spokenCompany('Jadran Brodogradnja d.o.o.')).toBe('Jadran Brodogradnja');
    expect(spokenCompany('Anadolu Tekstil Ltd. Şti.')).toBe('Anadolu Tekstil');
    expect(spokenCompany('Permata Sawit Sdn. Bhd.')).toBe('Permata Sawit');
    expect(spokenCompany('Vinhos do Douro Lda.')).toBe('Vinhos do Douro');
  });
});

describe('a labelled list of news or pains', () => {
  it('is one fact an item, in any language', () => {
    const p = extractProfile(
      'Kontakt: Wiebke Sander | Leiterin Einkauf | Hanse Mühlen | Bremen\nNews: zwei Standorte übernommen, neue Abfüllanlage in Betrieb\nSchmerz: Bestellungen per Fax, Lieferzeiten unklar',
    );
    expect(p.events.map((e) => e.said)).toEqual(['zwei Standorte übernommen', 'neue Abfüllanlage in Betrieb']);
    expect(p.needs).toEqual(expect.arrayContaining(['Bestellungen per Fax', 'Lieferzeiten unklar']));
  });

  it('keeps a place after a comma with its item', () => {
    const p = extractProfile('Contact: Sam Okafor, COO, Brightwave Foods\nNews: opened a plant in Leeds, UK; hiring 40 operators');
    expect(p.events.map((e) => e.said)).toEqual(['opened a plant in Leeds, UK', 'hiring 40 operators']);
  });
});

describe('whom to talk to at a company', () => {
  it('works there', () => {
    expect(facts('Ilse, the CFO, is who we should talk to at Dunmore Textiles. They are in Galway.').company).toBe('Dunmore Textiles');
  });

  it('reads "Person:" as the contact and keeps a lower-case legal form with the company', () => {
    expect(facts('Company: Verger Doré\nPerson: Mathis Caron, Directeur des ventes').name).toBe('Mathis Caron');
    expect(facts('Élodie Gagnon, directrice chez Fromagerie Bellevue inc. à Sherbrooke.').company).toBe('Fromagerie Bellevue inc.');
  });
});

describe('two pieces of news joined by "and" in other languages', () => {
  it.each([
    ['Firma Odra Meble otworzyła nowy zakład w Opolu i zatrudniają 40 osób.', 'zatrudniają 40 osób'],
    ['Zorggroep Duin heeft drie nieuwe locaties geopend en werven 20 verpleegkundigen.', 'werven 20 verpleegkundigen'],
    ['Les Fromageries Alpines viennent d’ouvrir 3 magasins et recrutent 25 vendeurs.', 'recrutent 25 vendeurs'],
    ['Die Firma hat ein neues Lager gebaut und stellt 12 Fahrer ein.', 'stellt 12 Fahrer ein'],
  ])('%s', (text, second) => {
    expect(extractProfile(text).events.map((e) => e.said)).toContain(second);
  });
});

describe('work done by hand, in any language, is a pain', () => {
  it.each([
    ['Reza Karimi runs QA at Zagros Labs. Lab results are logged in notebooks. Wants an LIMS.', 'Lab results are logged in notebooks'],
    [
      'Contact: Anouk Peeters, CFO, Schelde Zorg\nFacturen worden handmatig ingevoerd. Zoekt een tool.',
      'Facturen worden handmatig ingevoerd',
    ],
    [
      'Contact : Luc Martin, directeur, Vignobles Martin\nLa traçabilité se fait sur papier. Il cherche un logiciel.',
      'La traçabilité se fait sur papier',
    ],
  ])('%s', (text, need) => {
    expect(extractProfile(text).needs).toContain(need);
  });
});

describe('a former employer at the start of a note', () => {
  it('is not a name', () => {
    const p = extractProfile('Ex-Lindqvist Foods, now COO at Fjällmejeri in Östersund.');
    expect(p.firstName).toBe('');
    expect(p.company).toBe('Fjällmejeri');
  });
});

describe('more of a long note', () => {
  it('a sentence about what someone does is not a title', () => {
    expect(bareTitle('She heads up customer experience')).toBe('');
  });

  it('reads "…, where <Name> is based" and "used to run X at <Company>"', () => {
    const p = extractProfile(
      'The one who matters is Ines Vogt, VP Stores. Kalla is a shoe brand with 40 stores in Austria, Italy and Slovenia, headquartered in Graz, where Ines is based. She used to run store operations at Murtal Schuh.',
    );
    expect(p).toMatchObject({ place: 'Graz', previousCompany: 'Murtal Schuh' });
  });
});

describe('titles in more languages', () => {
  it('knows a title word in Czech, Hungarian, Finnish, Norwegian, Greek, Vietnamese, Indonesian and romanised Japanese', () => {
    for (const title of [
      'výrobní ředitel',
      'HR vezető',
      'toimitusjohtaja',
      'innkjøpssjef',
      'Διευθυντής Πωλήσεων',
      'Giám đốc Nhân sự',
      'Manajer Pemasaran',
      'kaigai eigyo bucho',
    ])
      expect(ROLE_WORD_RE.test(title), title).toBe(true);
    for (const word of ['Kamis', 'Tokyo-to', 'Eier']) expect(ROLE_WORD_RE.test(word), word).toBe(false);
  });
});

describe('a note naming the last employer', () => {
  it('takes a "Previous:" line, bulleted or not, as the former employer and never as where the person is', () => {
    for (const text of [
      'Hannah Croft, COO, Bellwether Bakes\n- Previous: Oakmill Foods',
      'Hannah Croft, COO, Bellwether Bakes\nPrevious: Oakmill Foods',
    ]) {
      const p = extractProfile(text);
      expect(p.previousCompany).toBe('Oakmill Foods');
      expect(p.place).not.toContain('Oakmill');
    }
    const shouted = extractProfile(
      'CONTACT: SIGRÚN PÁLSDÓTTIR\nTITLE: PLANT MANAGER\nORG: FJARÐAR FISH LTD\nNOTE: EVALUATING MES. EX-NORÐURHAF.',
    );
    expect(shouted.place).toBe('');
  });

  it('ends a title before "over at" its company', () => {
    expect(bareTitle('head of logistics over')).toBe('head of logistics');
    expect(extractProfile('just met um Tomasz Wiśniewski, he is the head of logistics over at Baltic Timber, based in Gdynia').role).toBe(
      'head of logistics',
    );
  });
});
