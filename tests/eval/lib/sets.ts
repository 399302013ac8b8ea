import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Lead } from '@shared/schemas/enrich';

/** The facts a careful reader takes from one input (tests/eval/README.md, the set format). */
export interface Expected {
  name: string;
  firstName: string;
  lastName: string;
  role: string;
  company: string;
  place: string;
  previousEmployer: string;
  events: string[];
  interests: string[];
  needs: string[];
}

interface Case {
  id: string;
  format: string;
  language: string;
  expect: Expected;
}
export interface DescriptionCase extends Case {
  text: string;
}
export interface LeadCase extends Case {
  lead: Lead;
}

export interface EvalSet {
  name: 'dev' | 'heldout';
  descriptions: DescriptionCase[];
  leads: LeadCase[];
}

const SETS_DIR = path.join(import.meta.dirname, '..', 'sets');

function readJson<T>(file: string): T[] {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T[]) : [];
}

/** The development set, and the held-out set when it is in the repo (never used to pick rules: ADR 0021). */
export function loadSets(): EvalSet[] {
  const sets: EvalSet[] = [];
  for (const name of ['dev', 'heldout'] as const) {
    const dir = path.join(SETS_DIR, name);
    const descriptions = readJson<DescriptionCase>(path.join(dir, 'descriptions.json'));
    const leads = readJson<LeadCase>(path.join(dir, 'leads.json'));
    if (descriptions.length || leads.length) sets.push({ name, descriptions, leads });
  }
  return sets;
}
