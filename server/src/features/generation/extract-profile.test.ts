import { describe, expect, it } from 'vitest';
import { companyName, extractProfile } from './extract-profile';
import { cleanName } from './tagger/choose-fields';

const nameOf = (text: string) => {
  const p = extractProfile(text);
  return [p.firstName, p.lastName].filter(Boolean).join(' ');
};

describe('the name in a description', () => {
  it.each([
    // A name beside a title between commas, after a lead-in.
    ['Ines says the person to call is her manager: Rosalind Achterberg, Head of Claims at Brackwater Mutual.', 'Rosalind Achterberg'],
    ['breaking news → Tobiah Lindqvist, co-founder, Fernhill Robotics', 'Tobiah Lindqvist'],
    // The title first, then the name between commas.
    ['The COO, Marguerite Okoye-Hall, runs operations for Stillwater Ports from Mombasa.', 'Marguerite Okoye-Hall'],
    ['Plant Manager at Redcliff Cement, Joaquín Estrada, based in Monterrey. Wants better kiln monitoring.', 'Joaquín Estrada'],
    ['Die Einkaufsleiterin der Nordwerk AG, Hannelore Brandt-Ziegler, sucht ein neues ERP.', 'Hannelore Brandt-Ziegler'],
    // A name, a copula and a title, after a clause about the company.
    ['At Harbourline Clinics (a dental chain in Leeds), Dr. Priyanka Ramaswamy is the Chief Operating Officer.', 'Priyanka Ramaswamy'],
    // A call said in German, Dutch and Portuguese.
    ['Heute mit Cornelius Hartmann telefoniert, er leitet den Vertrieb.', 'Cornelius Hartmann'],
    ['Gesproken met Willemijn de Graaf van Zuiderzee Zuivel in Lelystad.', 'Willemijn de Graaf'],
    ['Reunião com a Beatriz Sampaio Lobo, gestora de compras.', 'Beatriz Sampaio Lobo'],
    // A double surname the NLP library would cut at the hyphen.
    ['Quick one: Obinna Castellanos-Reyes, General Counsel at Brightfield Legal. Loves chess.', 'Obinna Castellanos-Reyes'],
    // A lone first name before a department.
    ['Dagny - finance - Northwind Ferries', 'Dagny'],
  ])('%s → %s', (text, name) => {
    expect(nameOf(text)).toBe(name);
  });

  it.each([
    // What follows the title in a headline is the company and the place, not a person.
    'Data Platform Lead | Silver Fern Assurance | Auckland | ex-Deloitte',
    'Chief Medical Officer at St. Ursula Hospital | Patient safety | Hamilton, Ontario',
    'Growth Lead | Meadowlark Hotels | Speaker @ Web Summit | Lisbon, Portugal',
    'Head of Platform @ Ironbark Energy | Previously Shell | Denver, CO',
    // A labelled contact that is not a name.
    'Company: Copperleaf Brewing\nLocation: Hobart\nContact: tbd, maybe the brewer\nNotes: new canning line',
  ])('no name in %s', (text) => {
    expect(nameOf(text)).toBe('');
  });

  it("reads a name whose surname has a possessive ending ('Read Tomasz Wrona's post')", () => {
    expect(extractProfile("Read Tomasz Wrona's post: he is now CFO at Baltic Pallets in Gdynia.")).toMatchObject({
      firstName: 'Tomasz',
      lastName: 'Wrona',
      role: 'CFO',
    });
  });

  it('splits four names without a particle into two given names and two surnames', () => {
    const p = extractProfile('María Belén Soto Carrasco es gerente de compras en Frutícola del Sur.');
    expect([p.firstName, p.lastName]).toEqual(['María Belén', 'Soto Carrasco']);
    const q = extractProfile('Conor Mac Giolla Phádraig is the CFO of Lough Foods.');
    expect([q.firstName, q.lastName]).toEqual(['Conor', 'Mac Giolla Phádraig']);
  });

  it('drops an article before a name and reads "Dra." as a title', () => {
    expect(nameOf('O Henrique Bastos Lima é o CFO da Maré Seguros, em Recife.')).toBe('Henrique Bastos Lima');
    expect(nameOf('Dra. Helena Moura é diretora clínica do Hospital São Lucas.')).toBe('Helena Moura');
  });
});

const placement = (text: string) => {
  const p = extractProfile(text);
  return { role: p.role, company: p.company, place: p.place };
};

describe('the title and the company in a description', () => {
  it('reads a title after the name and a comma, without the place after it', () => {
    expect(placement('The person who signs is Gustavo Ferreira Lima, VP of Field Services. He joined Verdemar Telecom in 2022.').role).toBe(
      'VP of Field Services',
    );
    expect(extractProfile('Shirin Tavakoli, Head of Payroll in Leeds. Wants fewer manual corrections.').role).toBe('Head of Payroll');
  });

  it('drops "has been", an article and "independent" before a title', () => {
    expect(extractProfile('Malin Ekdahl has been Head of Treasury at Norrvik Shipping since May.').role).toBe('Head of Treasury');
    expect(extractProfile('The CTO, Baraka Mwangi, runs engineering for Savanna Pay.').role).toBe('CTO');
    expect(extractProfile('Ilse Marchetti is an independent brand strategist based in Turin.').role).toBe('brand strategist');
  });

  it('reads a clause that opens with an article and a title, then the company', () => {
    expect(placement('Der Werkleiter von Alpenglas Industrie in Kufstein will die Wartung digitalisieren.')).toMatchObject({
      role: 'Werkleiter',
      company: 'Alpenglas Industrie',
    });
  });

  it('reads the employer from "At X, … is the title", an office of X and "runs X"', () => {
    expect(placement('At Brightwater Dental (a chain of clinics), Ruth Abernethy is the Chief Operating Officer.').company).toBe(
      'Brightwater Dental',
    );
    expect(placement('Talked with Owen Gallagher, who works out of the Denver office of Ridgeway Outdoor. He is the CFO.').company).toBe(
      'Ridgeway Outdoor',
    );
    expect(placement('Keoni Kahale — surfer, runs Kahale Charters').company).toBe('Kahale Charters');
  });

  it('reads a title after a pronoun and a comma ("…, er ist …")', () => {
    expect(placement('Heute mit Anselm Krüger gesprochen, er ist Werkleiter bei Bergmann Guss in Kassel.')).toMatchObject({
      role: 'Werkleiter',
      company: 'Bergmann Guss',
    });
  });
});

describe('the pieces of a headline or of bullets', () => {
  it('keeps a department after a comma in the title when the next piece is a company with its place', () => {
    expect(placement('- Tomasz Nowicki\n- Product Manager, Garden & Outdoor\n- Domek Market (Kraków)\n- loves sailing')).toEqual({
      role: 'Product Manager, Garden & Outdoor',
      company: 'Domek Market',
      place: 'Kraków',
    });
    expect(placement('• Mei Sato\n• Deputy Director, Online Programmes\n• Kansai University of Design, Kyoto\n• wants a new LMS')).toEqual({
      role: 'Deputy Director, Online Programmes',
      company: 'Kansai University of Design',
      place: 'Kyoto',
    });
  });

  it('reads the company after the comma of a title when the next piece is a place', () => {
    expect(placement('• Fatmata Kamara\n• Credit Manager, Bo Valley Microfinance\n• Sierra Leone\n• wants mobile repayments')).toEqual({
      role: 'Credit Manager',
      company: 'Bo Valley Microfinance',
      place: 'Sierra Leone',
    });
  });

  it('reads an arrow between two organisations as a move: the later is the employer, the earlier a former one', () => {
    const p = extractProfile('Layla Haddad | Director, Fleet | Emirates Post → Qamar Logistics | Dubai');
    expect({ company: p.company, previous: p.previousCompany, place: p.place }).toEqual({
      company: 'Qamar Logistics',
      previous: 'Emirates Post',
      place: 'Dubai',
    });
  });

  it('reads a lone known place after the title as the place, not the company', () => {
    expect(placement('Élodie Fabre | CFO | Paris')).toEqual({ role: 'CFO', company: '', place: 'Paris' });
  });

  it('reads the name after a description of the company ("at a 12-bed clinic, Clínica X, City")', () => {
    expect(
      placement('- Head of Nursing at a 12-bed private clinic, Clínica Santa Fe, Monterrey\n- wants e-prescribing\n- budget in Q3'),
    ).toEqual({
      role: 'Head of Nursing',
      company: 'Clínica Santa Fe',
      place: 'Monterrey',
    });
  });

  it('reads "tại" (Vietnamese "at") between a title and a company', () => {
    expect(placement('Minh Anh | Head of Sales tại Lotus Tea | Hanoi')).toMatchObject({ role: 'Head of Sales', company: 'Lotus Tea' });
  });
});

describe('where the person is', () => {
  it.each([
    // Labelled lines of notes.
    ['Name: Ravi Kulkarni\nCompany: Deccan Reefer Lines\nWhere: Pune, Maharashtra\nPain: late deliveries', 'Pune, Maharashtra'],
    ['Nome: Chiara Lodi\nAzienda: Vini Lodi\nSede: Asti, Piemonte\nNote: nuovo e-shop', 'Asti, Piemonte'],
    [
      'Company: Prairie Seed Co\nContact: Dana Whitfield\nHQ: Fargo, North Dakota\nNotes: buying two farms in Montana',
      'Fargo, North Dakota',
    ],
    // The place before "which is where she's based", a city and country before "donde vive".
    ['Their main office is in Toowoomba, which is where she is based; she used to work for Elders in Adelaide.', 'Toowoomba'],
    ['Marek works from their Gdańsk office, although the company is headquartered in Warsaw.', 'Gdańsk'],
    // What the company is, then where.
    ['Lina Haddad runs sales at Zaatar House, a family spice business from Tripoli.', 'Tripoli'],
    ['Chloé Garnier dirige les achats de Savonnerie Bleue, une marque de savons de Grasse.', 'Grasse'],
    ['Musa Bello is Principal at Crestview College, a private school in Kano.', 'Kano'],
    // A city and its region in brackets, a place alone in brackets after the company.
    ['Lars Eriksen is CTO at Nordbyte (Aarhus, Denmark), a payments startup.', 'Aarhus, Denmark'],
    ['Mireia Puig, directora de marketing en Tramuntana Vins (Girona). Acaban de lanzar su vino en Japón.', 'Girona'],
    // A comma before the subject of the sentence is not a region.
    ['Based in Tulsa, Dwayne Porter is the Fleet Manager for Redrock Haulage.', 'Tulsa'],
    // A move: where they moved to.
    ['Priya Menon, just moved Pune → Toronto', 'Toronto'],
    ['• Dmytro Bondar\n• CTO @ Fieldnote Labs\n• Kharkiv → Berlin (relocated 2022)\n• ex-SoftServe', 'Berlin'],
    // A known place in a headline before other plain pieces, and after a title and a comma.
    ['Sigrún Haldorsen | Head of IT @ Fjellvik Seafood | Cold Chain | Bergen', 'Bergen'],
    ['Tomasz Zieliński – Finance Manager, Warsaw', 'Warsaw'],
  ])('%s → %s', (text, place) => {
    expect(extractProfile(text).place).toBe(place);
  });

  it('prefers where a Spanish text says the person lives to where the company has land', () => {
    expect(
      extractProfile(
        'Es la directora comercial de Aceites del Sur, una almazara con olivares en Baena y oficinas en Córdoba, España, donde vive.',
      ).place,
    ).toBe('Córdoba, España');
  });

  it('reads a legal form in the company name ("eG", "S.r.l.")', () => {
    expect(placement('Jonas Brandl – Leiter IT, Käserei Allgäu eG, Kempten. Plant ein neues ERP.')).toEqual({
      role: 'Leiter IT',
      company: 'Käserei Allgäu eG',
      place: 'Kempten',
    });
  });

  it('keeps "City of X" after a title as the employer', () => {
    expect(placement('Dana Ross — Chief of Staff to the Mayor, City of Brookhaven. Wants 311 tracking.').company).toBe(
      'City of Brookhaven',
    );
  });
});

describe('more titles and employers', () => {
  it('tries every name before a comma, not only the first ("Brasserie X, c\'est Name, title")', () => {
    expect(
      placement("Notre contact chez Fromagerie des Deux Vallées, c'est Amandine Leclercq, responsable achats, basée à Rennes."),
    ).toEqual({ role: 'responsable achats', company: 'Fromagerie des Deux Vallées', place: 'Rennes' });
    expect(nameOf("Notre contact chez Fromagerie des Deux Vallées, c'est Amandine Leclercq, responsable achats.")).toBe(
      'Amandine Leclercq',
    );
  });

  it('reads a title in brackets after the name and a title said outright', () => {
    expect(extractProfile('Ilka Sørensen (CFO)').role).toBe('CFO');
    expect(extractProfile('Main contact is Gwen Abara. Her title is Director of Water Quality and she sits in Leeds.').role).toBe(
      'Director of Water Quality',
    );
    expect(extractProfile('Le Dr Paul Mercier dirige la Clinique du Lac en tant que Directeur Médical.').role).toBe('Directeur Médical');
  });

  it('does not take a known place at the end of a one-line note for the company, nor a saint for a name', () => {
    expect(placement('Jonas Weber – Plant Manager, Munich')).toEqual({ role: 'Plant Manager', company: '', place: 'Munich' });
    expect(nameOf('- Head of Nursing at a small clinic, Clínica San Martín, León\n- wants e-prescribing\n- budget in Q3')).toBe('');
  });
});

describe('a title with its department, a place beside a lone name', () => {
  it("keeps a department after the title and a comma, and drops an article before a bullet's title", () => {
    expect(placement('Spoke with Rhea Kapoor of Lumen Press. She is the VP, Business Development, and came from Penguin.').role).toBe(
      'VP, Business Development',
    );
    expect(
      extractProfile('- no name: the Head of Stores at Kettle Markets (Cork)\n- new tills in May\n- wants loss-prevention tools').role,
    ).toBe('Head of Stores');
  });

  it('reads a known place between commas after a lone first name', () => {
    expect(extractProfile('Thandeka, Johannesburg, wants a new rostering tool').place).toBe('Johannesburg');
  });
});

describe('inputs checked by hand after the rules above', () => {
  it('reads a lone name before a title between dashes, not the company after it', () => {
    expect(extractProfile('Kenji — plant manager — Kobe Steelworks')).toMatchObject({
      firstName: 'Kenji',
      lastName: '',
      role: 'plant manager',
      company: 'Kobe Steelworks',
    });
  });

  it('tries each "of" after an article and a title, and never takes the person for a place', () => {
    expect(placement('The Head of IT of Grupo Andino Retail, Carla Mendoza, says their tills crash.')).toEqual({
      role: 'Head of IT',
      company: 'Grupo Andino Retail',
      place: '',
    });
  });

  it('reads a title that names its company in another language, then the place', () => {
    expect(placement('Aleksander Nowak, kierownik produkcji w Polmlek, Olsztyn.')).toEqual({
      role: 'kierownik produkcji',
      company: 'Polmlek',
      place: 'Olsztyn',
    });
  });

  it('drops an Italian article before a title, reads a Dutch verb after a name and a German courtesy title', () => {
    expect(placement('Giorgio Esposito è il responsabile IT di Caseificio Aurora a Salerno.').role).toBe('responsabile IT');
    expect(nameOf('Anouk Visser werkt als teamleider klantenservice bij Zonnepaneel Direct in Utrecht.')).toBe('Anouk Visser');
    expect(nameOf('Werkleiter, Stahlwerk Nord GmbH, Duisburg — Herr Klaus Becker. Plant ein neues MES.')).toBe('Klaus Becker');
  });

  it('splits "… and the dashboards are slow" off an event into the needs', () => {
    const p = extractProfile(
      'Our champion at Northbeam Analytics is Ola Berg. They are migrating to BigQuery and the dashboards are slow.',
    );
    expect(p.events.map((e) => e.said)).toEqual(['are migrating to BigQuery']);
    expect(p.needs).toContain('the dashboards are slow');
  });
});

describe('the former employer', () => {
  it.each([
    ['Before Hollow Oak she was a planner at Brightmere Foods for six years.', 'Brightmere Foods'],
    ['She has run IT at Kestrel Mills since 2021; before that she was with Wipro for a decade.', 'Wipro'],
    ['He took over the family farm after working at Fonterra in sales.', 'Fonterra'],
    ['He spent the first part of his career at Vodacom and still knows everyone there.', 'Vodacom'],
    ['Antes trabajó ocho años en Bodegas Arrayán y después fue consultor.', 'Bodegas Arrayán'],
    ['Antes, trabalhou no Hospital Alemão Oswaldo Cruz.', 'Hospital Alemão Oswaldo Cruz'],
    ['Früher war er bei der Lufthansa Technik.', 'Lufthansa Technik'],
    ['Vorher war sie fünf Jahre bei der Allianz in München.', 'Allianz'],
    ['Prima era in Barilla. Ora guida gli acquisti.', 'Barilla'],
    ['Auparavant chez Michelin. Il aime le vélo.', 'Michelin'],
    ['Hélène Marchand est responsable RH chez Atelier Vauban. Avant, elle était chez Decathlon.', 'Decathlon'],
    ['Hij is planner, daarvoor werkte hij bij Heineken.', 'Heineken'],
    ['Venía de Cementos Andinos.', 'Cementos Andinos'],
    ['Tariq left Rovio to start his own studio in Espoo.', 'Rovio'],
  ])('%s → %s', (text, previous) => {
    expect(extractProfile(text).previousCompany).toBe(previous);
  });

  it('does not read where someone lived before as a former employer', () => {
    expect(extractProfile('Before that she was based in Lima. Now she runs sales at Andes Fibra.').previousCompany).toBe('');
  });
});

describe('events and needs', () => {
  const needsOf = (text: string) => extractProfile(text).needs;
  const eventsOf = (text: string) => extractProfile(text).events.map((e) => e.said);

  it('reads a labelled list of pains one item each', () => {
    expect(
      needsOf(
        'Met Ana Duarte today. The problem: quotes are built in Word, approvals get lost in email, and nobody knows the margin until month end.',
      ),
    ).toEqual(
      expect.arrayContaining(['quotes are built in Word', 'approvals get lost in email', 'nobody knows the margin until month end']),
    );
    expect(needsOf('Seine Probleme: Aufträge kommen per Fax, Lieferscheine werden abgetippt, und die Lagerliste stimmt nie.')).toEqual(
      expect.arrayContaining(['Aufträge kommen per Fax', 'Lieferscheine werden abgetippt']),
    );
    expect(needsOf('Pain: pickers walk 12 km a shift; returns pile up')).toEqual(
      expect.arrayContaining(['pickers walk 12 km a shift', 'returns pile up']),
    );
  });

  it('reads labelled event lines one item each', () => {
    expect(eventsOf('Pain: rotas in Excel\nEvents: Ofsted visit next month; hiring 12 tutors')).toEqual(
      expect.arrayContaining(['Ofsted visit next month', 'hiring 12 tutors']),
    );
  });

  it('reads what is wrong said as a state', () => {
    expect(needsOf('Notes: new cold store opened; dispatch system is outdated; wants route optimisation')).toContain(
      'dispatch system is outdated',
    );
    expect(needsOf('Notas: abrieron dos tiendas. Las devoluciones se pagan en efectivo y quieren un TPV nuevo.')).toContain(
      'Las devoluciones se pagan en efectivo',
    );
    expect(needsOf('Call w/ Ben Carter at Maple Grove Schools. Boilers are 30 years old; the district approved a bond.')).toContain(
      'Boilers are 30 years old',
    );
    expect(needsOf("Imported stock is slow to clear customs. Parents can't pay fees online. Wants a portal.")).toEqual(
      expect.arrayContaining(["Parents can't pay fees online"]),
    );
  });

  it('spells out a note\'s shorthand for "next" and "quarter" in the news it reads', () => {
    const p = extractProfile('mtg w/ Kavya Ranganathan, COO @ Tirupur Knits. opening 3 new knitting units nxt qtr.');
    expect(p.events.map((e) => e.said).join(' ')).toContain('next quarter');
  });

  it('reads what hurts in notes in other words and languages', () => {
    expect(needsOf('Notes: new warehouse opened in May. Returns are handled by email and phone. Wants a returns portal.')).toContain(
      'Returns are handled by email and phone',
    );
    expect(needsOf('Notizen: Rechnungsprüfung dauert im Schnitt 12 Tage. Sucht ein neues Tool.')).toContain(
      'Rechnungsprüfung dauert im Schnitt 12 Tage',
    );
    expect(needsOf('Note: il gestionale attuale non gestisce i lotti. Cercano un nuovo ERP.')).toEqual(
      expect.arrayContaining([expect.stringContaining('gestionale attuale non gestisce i lotti')]),
    );
    expect(needsOf('Pannes non planifiées sur la ligne 2. Veut une GMAO mobile.')).toContain('Pannes non planifiées sur la ligne 2');
  });

  it('splits a need at "and their X are …"', () => {
    expect(needsOf('Notes: pump downtime is costing them and their alarms are noisy')).toEqual(
      expect.arrayContaining(['pump downtime is costing them', 'their alarms are noisy']),
    );
  });

  it('reads an event said with a gerund or an adverb of now in the other languages', () => {
    expect(eventsOf('Notas: migrando el CRM a Salesforce. Busca un socio de integración.')).toEqual(
      expect.arrayContaining([expect.stringContaining('migrando el CRM a Salesforce')]),
    );
    expect(eventsOf('Die Stadtwerke führen gerade ein neues Abrechnungssystem ein und stellen acht Leute ein.')).toEqual(
      expect.arrayContaining([expect.stringContaining('führen gerade ein neues Abrechnungssystem ein')]),
    );
    expect(eventsOf("Ils viennent d'obtenir le label RSE. Elle cherche un outil de reporting.")).toEqual(
      expect.arrayContaining([expect.stringContaining("viennent d'obtenir le label RSE")]),
    );
  });

  it('splits a note at ", <-ing verb>" and at "et n\'est pas …", and reads each side', () => {
    const p = extractProfile('Notes: two wind farms under construction, struggling with contractor invoicing. Ex-Vestas.');
    expect(p.events.map((e) => e.said)).toContain('two wind farms under construction');
    expect(p.needs).toContain('struggling with contractor invoicing');
    const q = extractProfile("Léa Roy dirige les ventes chez Boréal Café. Elle embauche 6 vendeurs et n'est pas satisfaite de son CRM.");
    expect(q.events.map((e) => e.said).join(' | ')).toMatch(/embauche 6 vendeurs/);
    expect(q.needs.join(' | ')).toMatch(/pas satisfaite de son CRM/);
  });

  it('reads "planning to replace" as a need and a clause of capitalised words only as neither', () => {
    expect(extractProfile('They raised a seed round and are planning to replace their helpdesk.').needs.join(' | ')).toMatch(
      /planning to replace their helpdesk/,
    );
    expect(extractProfile('Head of Nursing at Bayview Clinic | Patient safety | Halifax, Nova Scotia').events).toEqual([]);
  });

  it("keeps the general reader's news in a Spanish text", () => {
    expect(
      extractProfile('Carlos Ibáñez es CTO de Datos del Sur. Están migrando a BigQuery este año.')
        .events.map((e) => e.said)
        .join(' | '),
    ).toMatch(/migrando a BigQuery/);
  });

  it('splits two pieces of news joined by "and" + an -ing verb', () => {
    expect(eventsOf('They are hiring 8 engineers and porting their app to Android.')).toEqual(
      expect.arrayContaining([expect.stringContaining('hiring 8 engineers'), expect.stringContaining('porting their app to Android')]),
    );
  });

  it('does not read advice to the rep, a childhood or a job years back as news or needs', () => {
    const p = extractProfile(
      "Kofi Boateng runs ops at Volta Grain. He grew up on a cocoa farm near Kumasi. He joined Volta from Olam three years ago. Don't open with pricing. They are opening a silo in Tamale.",
    );
    expect(p.events.map((e) => e.said).join(' | ')).not.toMatch(/grew up|three years ago/);
    expect(p.needs.join(' | ')).not.toMatch(/open with pricing/);
  });

  it('moves a piece that says what hurts from the news to the needs', () => {
    const p = extractProfile('El hotel abre un spa en 2026 y no están contentos con su channel manager actual.');
    expect(p.needs).toEqual(expect.arrayContaining([expect.stringContaining('no están contentos con su channel manager actual')]));
  });
  it('reads a company without the possessive mark, and a quoted one without its legal form and quotation marks', () => {
    const en = extractProfile("Tomás Ferreira moved to Lisbon to run Harbourline Hotels' new resort as General Manager.");
    expect(en.company).not.toMatch(/['’]$/);
    expect(extractProfile('Дмитрий Волков, руководитель отдела закупок, ООО «Кедр Логистик», Пермь.').company).toBe('Кедр Логистик');
    // Estonian and Finnish write a case ending after the legal form ("AS-i", "of AS"; "Oy:n").
    expect(companyName('Virumaa Puidutööstuse AS-i')).toBe('Virumaa Puidutööstuse AS');
    expect(companyName('Revontuli Oy:n')).toBe('Revontuli Oy');
    expect(companyName('у компанії «Дніпро Агро»')).toBe('Дніпро Агро');
    expect(companyName("Harbourline Hotels' Kinsale")).toBe('Harbourline Hotels');
    expect(companyName("Great Lakes Teachers' Pension Fund")).toBe("Great Lakes Teachers' Pension Fund");
    expect(companyName('Gəncədəki Kəpəz Tekstil')).toBe('Kəpəz Tekstil');
    // What a bracket after the name says (what the company is, where it is) is no part of it; one inside it is.
    expect(companyName('Marrowfield Books (publisher)')).toBe('Marrowfield Books');
    expect(companyName('Quillon Robotics (Porto → Lyon')).toBe('Quillon Robotics');
    expect(companyName('Kloofnek Farms (Pty) Ltd')).toBe('Kloofnek Farms (Pty) Ltd');
  });

  it('reads a place given in a bracket after the company without the bracket', () => {
    const p = extractProfile('- Odile Marchetti\n- COO, Quillon Robotics (Porto → Lyon)\n- ex-Brevant');
    expect(p.company).toBe('Quillon Robotics');
    expect(p.place).not.toMatch(/[()]/);
  });

  it('reads a title without the place it works "out of", and one cut after its preposition with the word after it', () => {
    expect(extractProfile('Lena Vogt works freelance as a UX researcher out of Hamburg.').role).toBe('UX researcher');
    expect(extractProfile('Павел Орлов — директор по продажам компании «Тайга Софт» в Новосибирске.').role).toBe('директор по продажам');
  });

  it('does not take a company named before "first as an analyst" for a person', () => {
    const p = extractProfile(
      'Marit Olsen-Baptiste is an independent pricing consultant. For a decade she was at Nordvik Logistics, first as an analyst and later as Head of Pricing. She is based in Bergen.',
    );
    expect(p.nameAsWritten ?? `${p.firstName} ${p.lastName}`).toBe('Marit Olsen-Baptiste');
  });
  it('reads a name without a form of address or a prefix written onto it', () => {
    const name = (t: string) => {
      const p = extractProfile(t);
      return p.nameAsWritten ?? `${p.firstName} ${p.lastName}`;
    };
    expect(name('Ọ̀gbẹ́ni Kúnlé Àjàyí ni olùdarí ìṣúná ní Odò Foods, Ìlọrin.')).toBe('Kúnlé Àjàyí');
    expect(name('Malam Sani Musa Danja shi ne manajan kudi na kamfanin Kano Grains a Kano.')).toBe('Sani Musa Danja');
    // What the tagger marked, cleaned: Zulu's noun-class prefix, an honorific or Armenian's article written onto a name.
    expect(cleanName('UThandiwe Dlamini')).toBe('Thandiwe Dlamini');
    expect(cleanName('高橋美咲さん')).toBe('高橋美咲');
    expect(cleanName('Անի Պետրոսյանը')).toBe('Անի Պետրոսյան');
  });
  it('reads a clergy member’s or an engineer’s name without the form of address before it', () => {
    const who = (t: string) => {
      const p = extractProfile(t);
      return [p.nameAsWritten ?? `${p.firstName} ${p.lastName}`, p.company];
    };
    expect(who('Mchungaji Daudi Mwakalinga, Mwenyekiti, Kanisa la Tumaini Jipya, Mbeya.')[0]).toBe('Daudi Mwakalinga');
    expect(who('Rabbi Noam Feldblum, executive director, Temple Or Hadash, Tucson.')[0]).toBe('Noam Feldblum');
    // A name the tagger marked with the form of address in it: Swahili's "Mama", Romanian's "Father".
    expect(cleanName('Mama Zawadi Mwangi')).toBe('Zawadi Mwangi');
    expect(cleanName('Părintele Ioan Popescu')).toBe('Ioan Popescu');
    expect(who('المهندسة سلمى الحداد، مديرة المصنع، شركة الوادي للأغذية، إربد.')[0]).toBe('سلمى الحداد');
  });
});

describe('a note that opens with its own heading', () => {
  it('reads the person after "Call 12.4 —" in any language, not the heading as the title and the name as the company', () => {
    const p = extractProfile('Позив 12.4 — Милица Стојковић, благајник, Црквена општина Нови Бечеј. Обнављају звоник.');
    expect([p.firstName, p.lastName, p.role]).toEqual(['Милица', 'Стојковић', 'благајник']);
    expect(p.company).toMatch(/^Црквена општина/);
    expect(extractProfile('Simu 21/6 — Amina Juma, Mhasibu, Ushirika wa Chai Rungwe, Tukuyu.').company).toBe('Ushirika wa Chai Rungwe');
  });
});

describe('a Catalan sentence about a person', () => {
  it('reads the name after its article, with "i" between the surnames, though the tagger marks one word', () => {
    const p = extractProfile('La Marta Soler i Vidal és directora financera de Vins del Priorat, a Gandesa. Li agrada córrer.');
    expect(`${p.firstName} ${p.lastName}`).toBe('Marta Soler i Vidal');
  });
});

describe('an English given name before a Chinese name', () => {
  it('is the given name the writer greets, the family name the one after it ("Darius Tan Wei Jie")', () => {
    const p = extractProfile('Cheryl Goh Mei Ling is the finance director at Kallang Cold Chain in Singapore.');
    expect(p).toMatchObject({ firstName: 'Cheryl', lastName: 'Goh', nameAsWritten: 'Cheryl Goh Mei Ling' });
    // Four names of which none is Chinese stay two given names and two surnames.
    expect(extractProfile('Ana Sofía Benítez Olmedo es directora de Grupo Sol.')).toMatchObject({
      firstName: 'Ana Sofía',
      lastName: 'Benítez Olmedo',
    });
  });
});

describe('news whose subject is not the person', () => {
  it('keeps a thing as its subject ("the pilot … started"), so the writer never says "you started in July"', () => {
    const p = extractProfile(
      'Lena Brunner is COO at Glarus Alpine Cheese AG. Trial with the Coop stores started in August. The dairy was recently modernised.',
    );
    expect(p.events.map((e) => e.said)).toEqual(expect.arrayContaining(['trial with the Coop stores started in August']));
    expect(p.events.map((e) => e.you).join(' ')).not.toMatch(/^started|\byou started\b|^recently modernised/);
  });
});

describe('a question the text asks its reader', () => {
  it('is no need or news of the person ("Want to join us?" on an about page)', () => {
    const p = extractProfile(
      'Marama Tane is the director of Kōwhai Dance Academy in Whanganui. We would love to move class bookings online. Want to join us? Call the studio.',
    );
    expect([...p.needs, ...p.events.map((e) => e.said)].join(' | ')).not.toMatch(/join us/i);
    expect(p.needs.join(' ')).toContain('class bookings online');
  });
});

describe('where a clause ends', () => {
  it('ends news where the sentence turns ("…, though we added …", "… and now want …")', () => {
    const p = extractProfile(
      'Nia Holt runs Holt Bakery in Leeds. They moved to card payments at the market stall and now want stock counts automated. We opened in 2010, though we added a café in Otley last spring.',
    );
    const events = p.events.map((e) => e.said);
    expect(events).toEqual(expect.arrayContaining(['moved to card payments at the market stall', 'added a café in Otley last spring']));
    expect(events.join(' | ')).not.toMatch(/now want|though/);
  });
});

describe('a place that cannot be one', () => {
  it('is left out: a greeting, a sign-off, a heading or the person', () => {
    expect(extractProfile('Hi Tomás,\nGood to meet you. Tomás Rey, COO at Riverbend Tours.\nThanks').place).toBe('');
    expect(extractProfile('Speaker | Ana Lima, CEO at Vila Verde').place).toBe('');
    expect(extractProfile('Petra Nováková je ředitelka firmy Pekárna Dvořák.').place).not.toBe('Petra Nováková');
  });
  it('is left out when it is a sentence of a headline, and kept with its joining words', () => {
    expect(extractProfile('иерей Павел Смирнов | Настоятель храма Святого Николая | Вологда | Ремонтируем колокольню').place).toBe('');
    expect(extractProfile('Ana Ruiz, CFO at Tallerbrand, Frankfurt am Main').place).toBe('Frankfurt am Main');
  });
});

describe('a nonprofit named by what it is', () => {
  it('is the company a call is with ("call with Harbourlight Hospice"), as a business is', () => {
    const note =
      'Background for the Thursday call with Harbourlight Hospice (they came in through the nonprofit webinar). Our contact is Ines Varga, Director of Care.';
    expect(extractProfile(note).company).toBe('Harbourlight Hospice');
  });
});

describe('a title read into the company', () => {
  it('is not part of the company’s name', () => {
    const p = extractProfile('ישראל כהן, יו״ר עמותת בית הכנסת אור חדש, חיפה. משפצים את אולם האירועים.');
    expect([p.role, p.company]).toEqual(['יו״ר', 'עמותת בית הכנסת אור חדש']);
  });
});
