import { describe, expect, it } from 'vitest';
import { asActivity, companyName, extractWith, typedCompany, withoutPlaceBefore } from './extract-profile';
import { bareTitle } from './extract-profile-contact';
import { withoutPasteClutter } from './extract-profile-paste';
import { noteName, readPeople } from './extract-profile-prospect';
import { scriptName } from './extract-profile-scripts';
import { cleanName, notAName } from './tagger/choose-fields';

/** The rules' reading alone: what these tests check does not depend on the trained taggers. */
const ruled = (text: string) => extractWith(text, (_, p) => p);

describe('what a paste brings along', () => {
  it('leaves out a LinkedIn profile’s buttons, counters and the people it lists beside the person', () => {
    const pasted = [
      'Show profile in Sales Navigator',
      'Ilse Vandermeer (She/Her) · 2nd',
      'Head of Logistics at Noordkade Cold Storage | ex-Rotterdam Port Services',
      'Antwerp, Flanders, Belgium · Contact info',
      '500+ connections',
      'Mutual connections: Pieter Claes, Joris Wouters and 4 others',
      'Message Follow More',
    ].join('\n');
    const text = withoutPasteClutter(pasted);
    expect(text).toBe(
      ['Ilse Vandermeer', 'Head of Logistics at Noordkade Cold Storage | ex-Rotterdam Port Services', 'Antwerp, Flanders, Belgium'].join(
        '\n',
      ),
    );
  });

  it('leaves out a LinkedIn profile pasted in Russian the same way', () => {
    const pasted = [
      'Ольга Петрова · 2-й',
      'Директор по логистике — «Северный Путь»',
      'Казань · Контактные сведения',
      '500+ контактов',
      'Показать все →',
    ];
    expect(withoutPasteClutter(pasted.join('\n'))).toBe(['Ольга Петрова', 'Директор по логистике — «Северный Путь»', 'Казань'].join('\n'));
  });

  it('leaves out who forwarded a message', () => {
    const fwd = [
      '---------- Forwarded message ---------',
      'From: Priya Nair <priya@ourco.example>',
      '',
      'Team — Tomasz Wrona is COO at Wrona Metal.',
    ];
    expect(withoutPasteClutter(fwd.join('\n'))).not.toMatch(/Priya/);
  });

  it('leaves out a forwarded message’s header lines', () => {
    const pasted = [
      '---------- Forwarded message ---------',
      'From: Teodor Lindqvist <teodor@example.com>',
      'Date: Mon, 9 Nov 2026 at 10:02',
      'Subject: Intro',
      'To: Sam Rowe',
      '',
      'Sam — meet Halima Yusuf, COO at Kanem Freight in Kano.',
    ].join('\n');
    expect(withoutPasteClutter(pasted)).toBe(['', 'Sam — meet Halima Yusuf, COO at Kanem Freight in Kano.'].join('\n'));
    // Not forwarded: the sender may be the prospect.
    expect(withoutPasteClutter('From: Halima Yusuf <halima@kanem.example>\nSubject: Quote\n\nHi, we need 40 trackers.')).toMatch(
      /From: Halima/,
    );
  });
});

describe('whom a note or a brief is about', () => {
  const prospect = (text: string, chosen: string) => {
    const people = readPeople(text, chosen);
    return people?.switched ? people.prospect.name : null;
  };

  it('is the one an introduction asks to meet, the buyer, the one we want, or who left the voicemail', () => {
    expect(prospect('From: Teodor Lindqvist\nSam — meet Halima Yusuf, COO at Kanem Freight. Teodor', 'Teodor Lindqvist')).toBe(
      'Halima Yusuf',
    );
    expect(prospect('Spoke with Orla, PA to the MD of Brackwater Mills. The MD, Fergal Nolan, is the buyer.', 'Orla')).toBe('Fergal Nolan');
    expect(prospect('Two came from Pinehollow Bank: their CFO, Ruth Amsel, and Tomasz Wrona, who is the one we want.', 'Ruth Amsel')).toBe(
      'Tomasz Wrona',
    );
    expect(prospect('Voicemail from Aurelija Kazlauskė - Nemunas Foods - wants a call back', '')).toBe('Aurelija Kazlauskė');
  });

  it('is the one a brief names as the prospect, the champion, the replacement, or who asked', () => {
    const team = 'Present from Kestrel Build: Omar Haddad (CEO), Nadine Rahal (Head of BIM). ';
    expect(prospect(`${team}The prospect is Nadine.`, 'Omar Haddad')).toBe('Nadine Rahal');
    expect(prospect(`${team}Prospect = Nadine, she owns the budget.`, 'Omar Haddad')).toBe('Nadine Rahal');
    expect(prospect(`${team}Our champion is Nadine.`, 'Omar Haddad')).toBe('Nadine Rahal');
    expect(prospect(`${team}Nadine is the one who asked for the pilot.`, 'Omar Haddad')).toBe('Nadine Rahal');
    expect(prospect('Not Omar Haddad any more (he retired), it’s his replacement Nadine Rahal.', 'Omar Haddad')).toBe('Nadine Rahal');
    expect(prospect('1) Omar Haddad — CEO, Kestrel Build\n2) Nadine Rahal — Head of BIM, Kestrel Build — PROSPECT', 'Omar Haddad')).toBe(
      'Nadine Rahal',
    );
    expect(prospect('Draft an email to Nadine Rahal please. Omar Haddad is her CEO.', 'Omar Haddad')).toBe('Nadine Rahal');
    expect(prospect('"Thanks for reaching out. Happy to talk in May. — Nadine Rahal"', '')).toBe('Nadine Rahal');
    // A dash before a company at the end is no signature.
    expect(prospect('Nadine Rahal – Kestrel Build', 'Nadine Rahal')).toBeNull();
  });

  it('is the one a note names after its verb or as the holder of an office, in whatever case it was typed', () => {
    expect(noteName('call w/ tomasz 2/3 - hes plant mgr at wrona metal')).toBe('tomasz');
    expect(noteName('lig. c/ beatriz lobo (diretora, vinhas do sul). quer orçamento')).toBe('beatriz lobo');
    expect(noteName('ping Ana re: renewal')).toBe('Ana');
    expect(noteName('mtg notes — Sizwe + Lerato from Kgotso Labs. Sizwe = CEO, signs off.')).toBe('Sizwe');
    expect(noteName('spoke w/ them at the expo, nobody senior')).toBe('');
    expect(noteName('call w/ ops team, follow up tomorrow')).toBe('');
    expect(readPeople('call w/ tomasz 2/3 - hes plant mgr at wrona metal', '')?.prospect.name).toBe('Tomasz');
  });

  it('reads no need out of the sentence that says who the person is', () => {
    const p = ruled(
      'Three came from Kestrel Mutual: their CEO, Pam Otterbein, and Ravi Anand, who is the one we want. Ravi wants faster claims triage.',
    );
    expect(p.needs.join(' ')).not.toMatch(/Ravi Anand/);
  });

  it('is nobody named by a heading, a product’s acronym or letters after the name', () => {
    expect(notAName('Voicemail')).toBe(true);
    expect(notAName('BOOTH VISITOR')).toBe(true);
    expect(notAName('GPS')).toBe(true);
    expect(notAName('Gustavo Pires')).toBe(false);
    expect(notAName('Hej')).toBe(true);
    expect(notAName('Коллеги')).toBe(true);
    expect(notAName('Dutch-speaking Belgian')).toBe(true);
    expect(notAName('Vaalkop Resources')).toBe(true);
    expect(cleanName('Grace Oyelaran-Banks PhD FRCP')).toBe('Grace Oyelaran-Banks');
    expect(cleanName('Ikenna Obi MBBS, FWACS')).toBe('Ikenna Obi');
    expect(cleanName('ROSA MARÍA FLORES')).toBe('ROSA MARÍA FLORES');
    expect(cleanName('ወ/ሮ ሄለን ታደሰ')).toBe('ሄለን ታደሰ');
    expect(scriptName('លោកស្រី ចាន់ សុភា ជាប្រធានហិរញ្ញវត្ថុ')).toMatchObject({ nameAsWritten: 'ចាន់ សុភា', lastName: 'ចាន់' });
  });
});

describe('titles and companies as notes and signatures write them', () => {
  it('reads a title without a note’s "he is", its shorthand or a trailing "there"', () => {
    expect(bareTitle('hes plant mgr')).toBe('plant mgr');
    expect(bareTitle('= CFO')).toBe('CFO');
    expect(bareTitle('procurement manager there')).toBe('procurement manager');
  });

  it('takes the line under a signature’s title for the company, not the street address', () => {
    const p = ruled('Best,\nDr. Ines Carvalho\nClinical Director\nRibeira Specialist Clinic\n14 Harbour Road, Porto');
    expect(p.company).toBe('Ribeira Specialist Clinic');
    expect(p.role).toBe('Clinical Director');
  });

  it('reads a company typed in lower case in a note typed in lower case', () => {
    const read = { firstName: 'Ana', role: 'founder' };
    expect(typedCompany('ana lima, founder of pequena vela studio, curitiba. sells candles to 30 shops', read)).toBe('Pequena Vela Studio');
    expect(typedCompany('ana lima, founder of three shops in curitiba.', read)).toBe('');
    expect(typedCompany('Ana Lima, founder of pequena vela studio, Curitiba.', read)).toBe('');
  });

  it('leaves a Maltese preposition elided onto a company out of its name', () => {
    expect(companyName("f'Żebbuġ Olive Press Ltd")).toBe('Żebbuġ Olive Press Ltd');
    expect(companyName("Ta' Mena Estate")).toBe("Ta' Mena Estate");
  });

  it('spells out a note’s units of time after a word that says they are time', () => {
    const p = ruled('Marco Bell, ops manager at Pinecrest Vet Clinics. Opening 2 more clinics this yr. Wants a demo nxt wk.');
    expect(JSON.stringify([p.events, p.needs])).toMatch(/this year/);
    expect(JSON.stringify([p.events, p.needs])).toMatch(/next week/);
    expect(JSON.stringify([p.events, p.needs])).not.toMatch(/\b(?:yr|wk)\b/);
  });

  it('reads a pastime said as the one who does it as the pastime', () => {
    expect(asActivity('Keen sailor')).toBe('sailing');
    expect(asActivity('an avid runner')).toBe('running');
    expect(asActivity('jazz piano')).toBe('jazz piano');
  });

  it('reads the client a partner referred under its label', () => {
    expect(ruled('Partner referral – Ledger & Oak CPA\nClient: Bramble Hill Nurseries, Exeter\nOwner: Tamsin Rowe').company).toBe(
      'Bramble Hill Nurseries',
    );
  });

  it('leaves the place and the head office word out of a company in a script without capitals', () => {
    expect(withoutPlaceBefore('ആസ്ഥാനമായ മലബാർ ടീ ട്രേഡേഴ്സ്', 'കൊച്ചി')).toBe('മലബാർ ടീ ട്രേഡേഴ്സ്');
    expect(withoutPlaceBefore('மதுரை வைகை டெக்ஸ்டைல்ஸ்', 'மதுரை')).toBe('வைகை டெக்ஸ்டைல்ஸ்');
    // One word after the place may be a name after the place; a cased script says where a name starts.
    expect(withoutPlaceBefore('மதுரை டெக்ஸ்டைல்ஸ்', 'மதுரை')).toBe('மதுரை டெக்ஸ்டைல்ஸ்');
    expect(withoutPlaceBefore('Boston Harbor Tea', 'Boston')).toBe('Boston Harbor Tea');
  });
});
