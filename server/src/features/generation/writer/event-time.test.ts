import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../extract-profile';
import { isUpcoming, parseClause, saysWhen } from './grammar';
import { momentsOf } from './moments';
import { spanishEventClause } from './spanish-clause';

const clause = (s: string) => parseClause(s)!;
const eventQuestions = (said: string) =>
  momentsOf({ ...emptyProfile(), firstName: 'Henrike', events: [{ said, you: said, topic: '', personal: false }] })[0]!;

describe('an event is asked about in its own time', () => {
  it('a clause under way that names a time to come is upcoming; one with a deadline or in the past is not', () => {
    expect(isUpcoming(clause('commissioning a battery storage site next year'))).toBe(true);
    expect(isUpcoming(clause('are opening 12 stores in 2027'))).toBe(true);
    expect(isUpcoming(clause('plans to open a plant in Q3'))).toBe(true);
    expect(isUpcoming(clause('converting 60 buses to electric by 2028'))).toBe(false);
    expect(isUpcoming(clause('is hiring Unity engineers'))).toBe(false);
    expect(isUpcoming(clause('opened a depot in Ibadan in May'))).toBe(false);
  });

  it('an upcoming event gets questions about its plans, never "so far"', () => {
    const m = eventQuestions('commissioning a battery storage site next year');
    expect(m.upcoming).toBe(true);
    expect(m.questions.join(' ')).not.toMatch(/so far|by the end of the year/);
    expect(m.questions[0]).toBe('How are the plans for commissioning a battery storage site next year coming along?');
  });

  it('work under way keeps "so far", and a clause that says when gets no second time', () => {
    const m = eventQuestions('converting 60 buses to electric by 2028');
    expect(m.upcoming).toBe(false);
    expect(m.questions).toContain('What has surprised you most about converting 60 buses to electric by 2028 so far?');
    expect(m.questions).toContain('What would make converting 60 buses to electric by 2028 a success?');
    expect(saysWhen('rolling out a WMS this year')).toBe(true);
    expect(saysWhen('rolling out a WMS')).toBe(false);
  });
});

describe('a Spanish event is said as a finite clause or not at all', () => {
  it('a gerund gets its auxiliary and a piece with no verb before it is dropped', () => {
    expect(spanishEventClause('nearshoring boom, abriendo planta en Lagos de Moreno')).toBe('están abriendo planta en Lagos de Moreno');
    expect(spanishEventClause('Abriendo dos hoteles en 2027')).toBe('están abriendo dos hoteles en 2027');
    expect(spanishEventClause('El colegio abre secundaria el próximo año')).toBe('El colegio abre secundaria el próximo año');
  });

  it('conjugated news is kept as written', () => {
    expect(spanishEventClause('en su equipo abrirán 20 farmacias nuevas en 2027')).toBe('en su equipo abrirán 20 farmacias nuevas en 2027');
    expect(spanishEventClause('Pagos Ya cerró una ronda Serie B en octubre')).toBe('Pagos Ya cerró una ronda Serie B en octubre');
    expect(spanishEventClause('Se mudó de Ciudad de México hace dos años')).toBe('se mudó de Ciudad de México hace dos años');
  });

  it('a fragment with no verb, or news in the first person, makes no sentence', () => {
    expect(spanishEventClause('nueva central de envasado de espárragos')).toBeNull();
    expect(spanishEventClause('renovación de 12 trenes en curso')).toBeNull();
    expect(spanishEventClause('Acabamos de cerrar nuestra Serie A')).toBeNull();
  });
});

describe('news a note names as a thing, with no verb', () => {
  it('is said as news and asked about as plans', () => {
    const m = eventQuestions('New depot in Aberdeen from June');
    expect(m.kind).toBe('event');
    expect(m.openers[0]).toBe('I saw the news about the new depot in Aberdeen from June.');
    expect(m.questions[0]).toBe('What will the new depot in Aberdeen from June change for the team?');
    expect(eventQuestions('a second plant in Győr').label).toBe('Second plant in Győr');
  });

  it('is not made of a phrase with a verb or that is not news', () => {
    expect(momentsOf({ ...emptyProfile(), events: [{ said: 'Fleet of 40 vans', you: '', topic: '', personal: false }] })).toEqual([]);
    const hired = momentsOf({ ...emptyProfile(), events: [{ said: 'new CFO hired in May', you: '', topic: '', personal: false }] });
    expect(hired.map((m) => m.openers[0]).join(' ')).not.toMatch(/the news about/);
  });
});
