import { describe, expect, it } from 'vitest';
import { extractProfile, extractWith, profileFromLead } from './extract-profile';
import { asPhrase, asProperName, isShouted } from './extract-profile-case';

describe('a text typed in capitals', () => {
  it('is told from a text with a few acronyms in it', () => {
    expect(isShouted('URGENT - CALL BACK TOMASZ WRONA, PLANT MANAGER, WRONA METAL, LODZ')).toBe(true);
    expect(isShouted('Tomasz Wrona runs the CNC and QA teams at WMG Metal (ISO 9001, IATF 16949) in Łódź.')).toBe(false);
  });

  it('has its names written with capitals and its titles and news in lower case, acronyms kept', () => {
    expect(asProperName("SEAN O'DWYER-MCCANN", 'person')).toBe("Sean O'Dwyer-McCann");
    expect(asProperName('NG WEI', 'person')).toBe('Ng Wei');
    expect(asProperName('KESTREL HVAC SUPPLY LTD', 'company')).toBe('Kestrel HVAC Supply Ltd');
    expect(asProperName('BRNO CZ', 'place')).toBe('Brno CZ');
    expect(asPhrase('WANTS QUOTE FOR 40 GPS TRACKERS')).toBe('wants quote for 40 GPS trackers');
    expect(asPhrase('OPS DIRECTOR')).toBe('ops director');
  });

  it('is read into a profile the writer can greet and name', () => {
    const p = extractWith('TOMASZ WRONA, PLANT MANAGER, WRONA METAL, LODZ. WANTS QUOTE FOR 40 GPS TRACKERS.', (_, r) => r);
    expect([p.firstName, p.lastName]).toEqual(['Tomasz', 'Wrona']);
    expect(p.company).toBe('Wrona Metal');
    expect(p.role).toBe('plant manager');
    const lead = profileFromLead({
      id: '9',
      First_Name: 'DWAYNE',
      Last_Name: 'MCALLISTER',
      Company: 'MCALLISTER AG SUPPLY',
      Description: 'CALLED IN. WANTS PRICING.',
    });
    expect([lead.firstName, lead.lastName, lead.company]).toEqual(['Dwayne', 'McAllister', 'McAllister AG Supply']);
    // A lead with one field in capitals is not shouting: "IBM" stays as it is.
    expect(
      profileFromLead({ id: '9', First_Name: 'Ana', Last_Name: 'Lopes', Company: 'IBM', Description: 'Met at a partner event.' }).company,
    ).toBe('IBM');
  });
});

describe('a company in a shouted sentence', () => {
  it('ends where the sentence goes on ("IN UTRECHT AND SAID …"), the place after it read', () => {
    const p = extractProfile(
      'GOOD CALL WITH JOOST VAN DAM. HE IS COO AT HAVENLICHT LOGISTIEK IN ROTTERDAM AND SAID THEY ARE REPLACING THEIR WMS NEXT YEAR.',
    );
    expect(p).toMatchObject({ company: 'Havenlicht Logistiek', place: 'Rotterdam' });
  });
});
