import { describe, expect, it } from 'vitest';
import { asWritten, chooseFields, cleanCompany, cleanName, type RuleFields } from './choose-fields';
import { featurize } from './features';
import { FIELDS, LIST_FIELDS, Tagger, tagsOf, type Tag } from './perceptron';
import { goldTags, spansFromTags } from './spans';
import { tokenize } from './tokens';

describe('tokens', () => {
  it('keeps inner apostrophes, hyphens and initials in a word, and where each word sits', () => {
    const text = "Met J.R. O'Connell-Diallo\nat Kumo Pay.";
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.text)).toEqual(['Met', 'J.R.', "O'Connell-Diallo", '\n', 'at', 'Kumo', 'Pay', '.']);
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
  });

  it("keeps a joiner inside a word: Sinhala's in a letter, the non-joiner in a Persian word, not a Telugu case ending", () => {
    expect(tokenize('لیلا رضایی‌فر').map((t) => t.text)).toEqual(['لیلا', 'رضایی‌فر']);
    expect(tokenize('කුමාරි ජයවික්‍රම').map((t) => t.text)).toEqual(['කුමාරි', 'ජයවික්‍රම']);
    expect(tokenize('సుధా ఫార్మా‌లో').map((t) => t.text)).toEqual(['సుధా', 'ఫార్మా', '\u200c', 'లో']);
  });
});

describe('gold tags and spans', () => {
  it('marks every place a labelled value is written, on whole words, and reads the spans back', () => {
    const text = 'Dana Whitfield, Head of Ops at Brightleaf. Dana Whitfield runs Brightleaf Leeds.';
    const tokens = tokenize(text);
    const tags = goldTags(text, tokens, { name: 'Dana Whitfield', role: 'Head of Ops', company: 'Brightleaf', place: '' }, FIELDS);
    expect(spansFromTags(text, tokens, tags, FIELDS)).toEqual({
      name: ['Dana Whitfield', 'Dana Whitfield'],
      role: ['Head of Ops'],
      company: ['Brightleaf', 'Brightleaf'],
      place: [],
    });
  });

  it('marks every phrase of a list field', () => {
    const text = 'Opened a plant in Leeds. Evaluating MES tools. Loves sailing.';
    const tokens = tokenize(text);
    const labels = { event: ['Opened a plant in Leeds'], need: ['Evaluating MES tools'], interest: ['sailing'] };
    expect(spansFromTags(text, tokens, goldTags(text, tokens, labels, LIST_FIELDS), LIST_FIELDS)).toEqual(labels);
  });

  it('gives a word to the first field that claims it (name, company, role, place)', () => {
    const text = 'Kettleby Council in Kettleby';
    const tokens = tokenize(text);
    const tags = goldTags(text, tokens, { name: '', role: '', company: 'Kettleby Council', place: 'Kettleby' }, ['company', 'place']);
    expect(tags).toEqual(['B-company', 'I-company', 'O', 'B-place']);
  });
});

describe('the perceptron tagger', () => {
  const sentences = [
    ['Asha Rao', 'Lumen Bank'],
    ['Tomas Berg', 'Nordic Rail'],
    ['Mei Sato', 'Kansai Foods'],
    ['Lena Vogt', 'Alpen Dairy'],
    ['Omar Haddad', 'Cedar Health'],
    ['Ines Costa', 'Atlantic Wind'],
  ].map(([name, company]) => {
    const text = `Spoke to ${name} who works at ${company} today.`;
    const tokens = tokenize(text);
    return { text, tokens, features: featurize(tokens), tags: goldTags(text, tokens, { name: name!, company: company! }, FIELDS) };
  });

  it('learns where a name and a company are said, and reads a name it never saw there', () => {
    const tagger = Tagger.train(tagsOf(FIELDS), sentences, 8);
    const text = 'Spoke to Kofi Mensah who works at Volta Cocoa today.';
    const tokens = tokenize(text);
    const spans = spansFromTags(text, tokens, tagger.tag(featurize(tokens)), FIELDS);
    expect(spans.name).toEqual(['Kofi Mensah']);
    expect(spans.company).toEqual(['Volta Cocoa']);
  });

  it('never tags the inside of a span without its start, and tags the same after a save and a load', () => {
    const tagger = Tagger.train(tagsOf(FIELDS), sentences, 2);
    const again = Tagger.load(JSON.parse(JSON.stringify(tagger.save(6))));
    for (const s of sentences) {
      const tags = tagger.tag(s.features);
      tags.forEach((t: Tag, i) => {
        if (t.startsWith('I-')) expect([`B-${t.slice(2)}`, t]).toContain(tags[i - 1]);
      });
      expect(again.tag(s.features)).toEqual(tags);
    }
    expect(tagger.tags[0]).toBe('O');
  });
});

describe('choosing between the tagger and the rules', () => {
  it('cuts a tagged company to its name: a Turkish case ending, an elided Italian article, the words after its legal form or its sentence', () => {
    const cases: [string, string][] = [
      ["Anadolu Tarım Makineleri'nde", 'Anadolu Tarım Makineleri'],
      ["Koç Holding'e", 'Koç Holding'],
      ["dell'Agriturismo Le Querce", 'Agriturismo Le Querce'],
      ['Kilang Beras Sri Kedah Sdn Bhd di Alor Setar', 'Kilang Beras Sri Kedah Sdn Bhd'],
      ['Trans-Pol Sp. z o.o. w Łodzi', 'Trans-Pol Sp. z o.o.'],
      ['Straits Maritime Services. SG-based', 'Straits Maritime Services'],
      // Names that only look like it stay whole.
      ["St. Hedwig's parish school", "St. Hedwig's parish school"],
      ["McDonald's", "McDonald's"],
      ["L'Oréal", "L'Oréal"],
      ['Müller GmbH & Co. KG', 'Müller GmbH & Co. KG'],
      ['Acme Pty Ltd', 'Acme Pty Ltd'],
    ];
    expect(cases.map(([span]) => cleanCompany(span))).toEqual(cases.map(([, name]) => name));
  });

  const rules = (r: Partial<RuleFields>): RuleFields => ({
    name: '',
    role: '',
    company: '',
    place: '',
    previousCompany: '',
    metAt: '',
    ...r,
  });
  const none = { name: [], role: [], company: [], place: [] };

  it('takes a company read with a form of address before it for the person, and the business read as a name for the company', () => {
    const chosen = chooseFields(none, rules({ name: 'Lembah Hijau Sdn', company: 'Encik Razak Hamid' }));
    expect([chosen.name, chosen.company]).toEqual(['Razak Hamid', 'Lembah Hijau Sdn']);
    // A person read as the name keeps it: "Mr Price Group" is a company.
    expect(chooseFields(none, rules({ name: 'Thandi Nkosi', company: 'Mr Price Group' })).company).toBe('Mr Price Group');
  });

  it('takes a company the rules read where the tagger read the place, and no company, for the place', () => {
    const tagged = { ...none, name: ['Lucía Ferreyra'], role: ['optometrist'], place: ['Bahía Blanca'] };
    const chosen = chooseFields(tagged, rules({ name: 'Lucía Ferreyra', company: 'Bahía Blanca' }));
    expect(chosen).toMatchObject({ role: 'optometrist', company: '', place: 'Bahía Blanca' });
    // Where the tagger read a company too, the rules' company is weighed as before.
    expect(chooseFields({ ...tagged, company: ['Óptica Sur'] }, rules({ company: 'Bahía Blanca' })).company).toBe('Óptica Sur');
  });

  it("takes no LinkedIn heading or headline credential for the person's name", () => {
    for (const heading of ['Experience', 'Lean Six Sigma Green Belt', 'Proud Veteran', 'Skills'])
      expect(chooseFields(none, rules({ name: heading, role: 'Plant Manager' })).name, heading).toBe('');
  });

  it('keeps the name as written without a title or an honorific', () => {
    expect(cleanName('Marwo Hodan Cali')).toBe('Hodan Cali');
    expect(cleanName('Obbo Lencho Abdiisaa')).toBe('Lencho Abdiisaa');
    expect(cleanName('박지성 상무')).toBe('박지성');
    expect(cleanName('Bapak Agus Santoso')).toBe('Agus Santoso');
    expect(cleanName('Captain Eleni Marangou')).toBe('Eleni Marangou');
    expect(cleanName('Suzuki Haruto-san')).toBe('Suzuki Haruto');
    expect(cleanName('1. Anh Tran')).toBe('Anh Tran');
    expect(cleanName("Jean-Philippe 'JP' Tremblay")).toBe("Jean-Philippe 'JP' Tremblay");
  });

  it('leaves out a greeting, a Vietnamese or Malay form of address, a possessive and the words after the name', () => {
    expect(cleanName('Bonjour Julien')).toBe('Julien');
    expect(cleanName('Chị Lê Hoàng Mai')).toBe('Lê Hoàng Mai');
    expect(cleanName('Anh Trần Quốc Bảo')).toBe('Trần Quốc Bảo');
    expect(cleanName('Encik Faizal bin Osman')).toBe('Faizal bin Osman');
    expect(cleanName("Rosalind Achterberg's")).toBe('Rosalind Achterberg');
    expect(cleanName('Siti Rahmawati adalah Manajer Pemasaran')).toBe('Siti Rahmawati');
    expect(cleanName('Núria Puigdomènech i Serra')).toBe('Núria Puigdomènech i Serra');
    expect(cleanName('gary')).toBe('gary');
    expect(cleanName('Called Joaquín')).toBe('Joaquín');
    expect(cleanName('La Montserrat Puigdomènech i Vidal')).toBe('Montserrat Puigdomènech i Vidal');
    expect(cleanName('El Hadji Diop')).toBe('El Hadji Diop');
  });

  it('keeps a business named after its owner whole ("Sutrisno Jaya Furniture"), and cuts the person off a company only where a word joins them', () => {
    expect(
      chooseFields(
        { ...none, name: ['Sutrisno'], company: ['Sutrisno Jaya Furniture'] },
        rules({ name: 'Pak Sutrisno', company: 'Sutrisno Jaya Furniture' }),
      ).company,
    ).toBe('Sutrisno Jaya Furniture');
    expect(
      chooseFields({ ...none, name: ['Precious Moyo'], company: ['Precious Moyo of Zambezi Rise Foundation'] }, rules({})).company,
    ).toBe('Zambezi Rise Foundation');
  });

  it("cleans the rules' name too when the tagger's is the start of the company (a business named after its owner)", () => {
    const r = rules({ name: 'Pak Sutrisno', company: 'Sutrisno Jaya Furniture' });
    expect(chooseFields({ ...none, name: ['Sutrisno'], company: ['Sutrisno Jaya Furniture'] }, r).name).toBe('Sutrisno');
  });

  it('takes a business the tagger read as a name ("Klinik Sonnenhof") for the company, not the person', () => {
    const chosen = chooseFields({ ...none, name: ['Klinik Sonnenhof', 'Ingrid'], place: ['Bern'] }, rules({ name: 'Klinik Sonnenhof' }));
    expect(chosen).toMatchObject({ name: 'Ingrid', company: 'Klinik Sonnenhof', place: 'Bern' });
  });

  it("takes the tagger's name though the rules read it as the company, when the tagger marked another company", () => {
    // "Lead recap\n- Priya Nair\n- Operations Manager, Kerala Cement": the rules read the heading as a title and the name after it as its company.
    const tagged = { ...none, name: ['Priya Nair'], role: ['Operations Manager'], company: ['Kerala Cement'] };
    expect(chooseFields(tagged, rules({ role: 'Lead recap', company: 'Priya Nair' }))).toMatchObject({
      name: 'Priya Nair',
      company: 'Kerala Cement',
    });
    // Without a company of its own, the tagger's name is the rules' company.
    expect(chooseFields({ ...none, name: ['Harbour Line'] }, rules({ company: 'Harbour Line' })).name).toBe('');
  });

  it('takes no call number for a name', () => {
    const r = rules({ name: 'Krzysztof Zawadzki-Lis' });
    expect(chooseFields({ ...none, name: ['Rozmowa 7.', 'Krzysztof Zawadzki-Lis'] }, r).name).toBe('Krzysztof Zawadzki-Lis');
  });

  it("takes the rules' value where the tagger marked it or its start, else the tagger's, else the rules'", () => {
    const tagged = { name: ['Gustavo Lima'], role: ['VP'], company: ['Field Services', 'Verdemar Telecom'], place: [] };
    expect(chooseFields(tagged, rules({ name: 'Gustavo Lima', role: 'VP of Field Services', company: 'Verdemar Telecom' }))).toEqual({
      name: 'Gustavo Lima',
      role: 'VP of Field Services',
      company: 'Verdemar Telecom',
      place: '',
    });
    expect(chooseFields({ ...none, name: ['manny souza'], company: ['tidewater fish co.'] }, rules({ company: 'Bedford' }))).toMatchObject({
      name: 'Manny Souza',
      company: 'Tidewater Fish Co.',
    });
    expect(chooseFields(none, rules({ name: 'Ana Ruiz', role: 'CFO', place: 'Lima' }))).toEqual({
      name: 'Ana Ruiz',
      role: 'CFO',
      company: '',
      place: 'Lima',
    });
  });

  it('never takes a department, a title, the person or a former employer as the company', () => {
    const tagged = { ...none, name: ['Giulia Esposito'], company: ['Sales Operations', 'dott.ssa Giulia Esposito', 'Corallo Foods'] };
    const chosen = chooseFields(tagged, rules({ role: 'COO', company: 'Tidewater Snacks', previousCompany: 'Corallo Foods' }));
    expect(chosen).toMatchObject({ name: 'Giulia Esposito', company: 'Tidewater Snacks', role: 'COO' });
  });

  it('ends a title before the name it ran into, and drops its article', () => {
    const tagged = { ...none, name: ['Thandiwe Mokoena'], role: ['the Head of Clinical Operations Thandiwe Mokoena'] };
    expect(chooseFields(tagged, rules({})).role).toBe('Head of Clinical Operations');
  });

  it('keeps a business named after its owner whole', () => {
    const tagged = { ...none, name: ['Kofi'], company: ["Kofi's Kitchen"] };
    expect(chooseFields(tagged, rules({})).company).toBe("Kofi's Kitchen");
  });

  it('writes a value typed in lower case as a name is written, and keeps one with capitals as it is', () => {
    expect(asWritten('tidewater fish co.', 'company')).toBe('Tidewater Fish Co.');
    expect(asWritten('tierarztpraxis am see', 'company')).toBe('Tierarztpraxis am See');
    expect(asWritten("jess o'connell-diaz", 'name')).toBe("Jess O'Connell-Diaz");
    expect(asWritten("kofi's kitchen", 'company')).toBe("Kofi's Kitchen");
    expect(asWritten('new bedford, ma', 'place')).toBe('New Bedford, MA');
    expect(asWritten('cfo', 'role')).toBe('CFO');
    expect(asWritten('practice manager', 'role')).toBe('practice manager');
    expect(asWritten('deBruyn Logistics', 'company')).toBe('deBruyn Logistics');
  });
});
