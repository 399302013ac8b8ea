import { DESCRIPTION_CASES, LEAD_CASES } from './server/src/features/generation/fixtures/descriptions';
import { extractProfile, profileFromLead } from './server/src/features/generation/extract-profile';
console.log(DESCRIPTION_CASES.length, LEAD_CASES.length);
for (const c of DESCRIPTION_CASES) { const p = extractProfile(c.text); console.log(JSON.stringify(c.text).slice(0,150), '\n   ev:', p.events.map(e=>e.said).join(' | '), ' int:', p.interests.join(' | '), ' prev:', p.previousCompany, ' met:', p.metAt); }
