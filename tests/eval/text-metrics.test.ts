/**
 * The cross-lead sharing metric (issue 25): which pairs of leads it compares. Pure logic, beside the quality gate that
 * uses it.
 */
import { describe, expect, it } from 'vitest';
import type { PersonProfile } from '../../server/src/features/generation/extract-profile';
import type { Output } from './lib/run-writer';
import { crossLeadSharing } from './lib/text-metrics';

const lead = (caseId: string, industry: string, company: string): Output[] =>
  ['Hi there, thanks for connecting.', 'How far ahead can you plan the harvest right now?'].map((text, i) => ({
    set: 'dev',
    caseId,
    sender: 'beacon-80w',
    variant: 0,
    part: i ? 'script.discovery.0' : 'dm.message',
    text,
    inputText: '',
    names: [],
    industry,
    profile: { company, place: '' } as PersonProfile,
    language: 'en',
  }));

describe('cross-lead sharing', () => {
  it('compares leads in different industries, reading an industry it cannot read from the company name', () => {
    const farm = lead('a', 'agriculture', 'Kloofnek Orchards');
    // "Ezolimo" (Xhosa: farming) of a company that says it grows fresh produce: the same industry, not compared.
    expect(crossLeadSharing([...farm, ...lead('b', 'ezolimo', 'Mbeki Fresh Produce')]).pairs).toBe(0);
    // A clinic is another industry: its shared sentences count.
    const clinic = crossLeadSharing([...farm, ...lead('c', 'healthcare', 'Harbour Clinic')]);
    expect(clinic.pairs).toBe(1);
    expect(clinic.max).toBe(1);
  });
});
