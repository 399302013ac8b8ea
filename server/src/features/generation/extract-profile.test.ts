import { describe, expect, it } from 'vitest';
import { extractProfile } from './extract-profile';

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
