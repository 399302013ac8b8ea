import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { detectLanguage, languageNote, resolveOutputLanguage, writtenLanguage } from './language';

const SAMPLES = {
  en: 'Jane Smith is the CTO at Acme Robotics in Berlin and loves climbing with her team.',
  de: 'Jana Schmidt ist die Leiterin der Logistik bei Nordwind und arbeitet seit 2019 in Hamburg.',
  es: 'Lucía Fernández es la directora de operaciones de Transportes Ibéricos en Sevilla y trabaja con la flota.',
  fr: 'Camille Dubois est la directrice commerciale chez Lumière et travaille depuis Lyon avec une équipe de vente.',
  pt: 'Joana Silva é a diretora de operações da Verde Logística em Lisboa e trabalha com a frota desde 2020.',
} as const;

describe('detectLanguage', () => {
  it('tells the five output languages apart', () => {
    for (const [lang, text] of Object.entries(SAMPLES)) expect(detectLanguage(text), lang).toBe(lang);
  });
  it('LinkedIn headlines and CRM notes in English', () => {
    expect(detectLanguage('Head of Talent at Shiori Games | Hiring Unity engineers | Osaka')).toBe('en');
    expect(detectLanguage('Notes: Expanding the fleet to three new regional hubs in 2026.')).toBe('en');
  });
  it('a language we do not write is not taken for one we do: null, which the product answers in English', () => {
    // Dutch "de" and "en" read as Spanish, Polish "na" and "do" as Portuguese, Italian "il" and "la" as French.
    expect(detectLanguage('Wouter werkt sinds 2019 bij de scheepswerf en is voorzitter van de reddingsbrigade.')).toBeNull();
    expect(detectLanguage('Katarzyna pracuje jako dyrektor do spraw sprzedaży w firmie Przystań we Wrocławiu.')).toBeNull();
    expect(detectLanguage('Giulia lavora come direttrice della logistica presso il gruppo Rossi a Torino.')).toBeNull();
    expect(detectLanguage('La Núria treballa amb els equips de vendes i és la directora de la cooperativa.')).toBeNull();
  });
  it('an English note with a foreign word in it stays English', () => {
    expect(detectLanguage('Region: Barossa Valley, SA. Notes: the cellar-door club is new and the email platform is slow.')).toBe('en');
    expect(detectLanguage('Łukasz Wiśniewski works at Allegro in Poznań as a data engineer.')).toBe('en');
  });
  it('too little to tell → null (a name and a title)', () => {
    expect(detectLanguage('Jane Smith, CTO')).toBeNull();
    expect(detectLanguage('')).toBeNull();
  });
});

describe('the language an answer is written in', () => {
  it('the setting wins; auto follows the description, else English', () => {
    expect(resolveOutputLanguage('de', SAMPLES.es)).toBe('de');
    expect(resolveOutputLanguage('auto', SAMPLES.es)).toBe('es');
    expect(resolveOutputLanguage(undefined, 'Jane Smith, CTO')).toBe('en');
  });
  it('the offline writer writes English and Spanish; the LLM writer all five', () => {
    expect(writtenLanguage('offline', 'es')).toBe('es');
    expect(writtenLanguage('offline', 'de')).toBe('en');
    expect(writtenLanguage('offline', 'pt')).toBe('en');
    expect(writtenLanguage('openai', 'fr')).toBe('fr');
  });
  it('the note before any charge names the language the offline writer does not write', () => {
    expect(languageNote('offline', 'auto', SAMPLES.es)).toBeNull();
    expect(languageNote('offline', 'es', SAMPLES.en)).toBeNull();
    expect(languageNote('offline', 'auto', SAMPLES.de)).toBe(MESSAGES.writesEnglishOnly('German'));
    expect(languageNote('offline', 'fr', SAMPLES.en)).toBe(MESSAGES.writesEnglishOnly('French'));
    expect(languageNote('offline', 'pt', SAMPLES.es)).toBe(MESSAGES.writesEnglishOnly('Portuguese'));
    expect(MESSAGES.writesEnglishOnly('German')).toContain('writes English and Spanish, not German');
    expect(languageNote('offline', 'auto', SAMPLES.en)).toBeNull();
    expect(languageNote('openai', 'auto', SAMPLES.es)).toBeNull();
  });
});
