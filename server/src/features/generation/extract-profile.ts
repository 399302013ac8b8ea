import type { Lead } from '@shared/schemas/enrich';

/** What a free-text person description (or a CRM lead) tells us. Empty strings when unknown. */
export interface PersonProfile {
  firstName: string;
  lastName: string;
  role: string;
  company: string;
  place: string;
  industry: string;
  interests: string[];
}

const NAME_WORD = String.raw`[A-Z][a-zA-Z'’-]+`;
/** Capitalised words that start sentences or name roles, never a person. */
const NOT_NAMES = new Set(
  [
    'The', 'A', 'An', 'He', 'She', 'They', 'His', 'Her', 'Their', 'I', 'We', 'Our', 'My', 'This', 'That', 'Meet', 'Mr', 'Mrs', 'Ms',
    'Dr', 'Prof', 'CEO', 'CTO', 'CFO', 'COO', 'CMO', 'CIO', 'CRO', 'VP', 'SVP', 'EVP', 'Head', 'Director', 'Founder', 'Co-founder',
    'Senior', 'Lead', 'Chief', 'Manager', 'Engineer', 'Sales', 'Marketing', 'Product', 'President', 'Partner', 'Owner', 'Works',
    'Based', 'Currently', 'Previously', 'Formerly', 'Loves', 'Enjoys', 'Likes', 'In', 'At', 'On', 'From', 'With', 'For', 'Who',
    'Name', 'Person', 'Profile', 'Linkedin', 'LinkedIn', 'Hi', 'Hello', 'Met', 'Spoke', 'Talked', 'Saw', 'Found', 'Connected',
    'Today', 'Yesterday', 'Last', 'Next', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
  ].map((w) => w.toLowerCase()),
);
const COMPANY_STOP = new Set(['in', 'and', 'where', 'who', 'since', 'for', 'with', 'based', 'as', 'from', 'on', 'to', 'the']);
const ROLE_WORDS =
  /\b((?:co-?founder|founder|owner|president|partner|ceo|cto|cfo|coo|cmo|cio|cro|chief [a-z]+ officer|(?:senior |junior |lead |principal |staff )?(?:vp|vice president|head|director|manager|engineer|developer|designer|consultant|recruiter|analyst|architect|scientist|account executive|sales representative|marketer)(?: of)?[a-zA-Z&/ -]{0,40}?))(?= at | of | for | with |,|\.|;| in |$)/i;

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim().replace(/[.,;:!?]+$/, '');
}

function findName(text: string): { firstName: string; lastName: string } {
  const explicit = new RegExp(String.raw`\b(?:[Nn]ame(?:d| is|:)\s+|[Mm]eet\s+)(${NAME_WORD})(?:\s+(${NAME_WORD}))?`).exec(text);
  if (explicit) return { firstName: explicit[1]!, lastName: explicit[2] ?? '' };
  const seq = new RegExp(String.raw`(^|[^A-Za-z])((?:${NAME_WORD})(?:\s+${NAME_WORD}){0,2})`, 'g');
  for (let m = seq.exec(text); m; m = seq.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 4), m.index + m[1]!.length).toLowerCase();
    if (/\b(at|of|for|in|from|with)\s*$/.test(before)) continue;
    const words = m[2]!.split(/\s+/).filter((w) => !NOT_NAMES.has(w.toLowerCase()));
    if (words.length === 0) continue;
    // A single word counts as a name at the very start of the text ("Jane, CTO at …") or after a
    // verb like "Met" ("Met Carlos at a conference").
    if (words.length === 1 && m[2]!.split(/\s+/).length === 1 && text.trimStart().indexOf(words[0]!) !== 0) continue;
    return { firstName: words[0]!, lastName: words.slice(1).join(' ') };
  }
  return { firstName: '', lastName: '' };
}

function findCompany(text: string): string {
  const re = /\b(?:at|for|with|joined|founded|of)\s+((?:[A-Z0-9][\w&.'’-]*)(?:\s+(?:[A-Z0-9&][\w&.'’-]*))*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const words = m[1]!.split(/\s+/);
    const kept: string[] = [];
    for (const w of words) {
      if (COMPANY_STOP.has(w.toLowerCase())) break;
      kept.push(w);
    }
    const name = clean(kept.join(' '));
    // "VP of Sales at Acme": the first match may be a department; prefer what follows " at ".
    if (name && !/^(Sales|Marketing|Engineering|Product|Operations|Finance|Growth|Design|People|HR|IT)$/.test(name)) return name;
  }
  return '';
}

function findPlace(text: string, company: string): string {
  const re = /\b(?:based in|lives in|located in|living in|from|in)\s+((?:[A-Z][\w'’-]+)(?:,?\s+[A-Z][\w'’-]+)*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const place = clean(m[1]!);
    if (place && place !== company && !company.includes(place)) return place;
  }
  return '';
}

function findInterests(text: string): string[] {
  const re =
    /\b(?:loves|enjoys|likes|is passionate about|passionate about|is interested in|interested in|is into|is a fan of|fan of|hobbies include|spends (?:his|her|their) weekends|in (?:his|her|their) free time,?\s+(?:he|she|they)\s+(?:\w+))\s+([^.;!?]+)/gi;
  const out: string[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (const part of m[1]!.split(/,|\band\b|\bor\b|&/)) {
      let item = clean(part).replace(/^(?:to |the |a |an )/i, '');
      // "... and writes about sales enablement": the topic is the interest, not the verb phrase.
      const topic = /^(?:writes|blogs|talks|speaks|posts|podcasts)\s+(?:about|on)\s+(.+)$/i.exec(item);
      if (topic) item = clean(topic[1]!);
      else if (/^\w+s\s+(?:at|for|with|in|as)\b/i.test(item)) continue; // "works at Acme": not an interest
      if (item && item.length <= 60 && !out.includes(item)) out.push(item);
    }
  }
  return out.slice(0, 5);
}

function findIndustry(text: string): string {
  const m = /\b(?:in the|works in)\s+([a-z][a-z &/-]{2,30}?)\s+(?:industry|space|sector|market)\b/i.exec(text);
  return m ? clean(m[1]!) : '';
}

/** Deterministic extraction from a free-text description: same text, same profile. */
export function extractProfile(description: string): PersonProfile {
  const text = description.replace(/\s+/g, ' ').trim();
  const { firstName, lastName } = findName(text);
  const roleMatch = ROLE_WORDS.exec(text);
  const company = findCompany(text);
  return {
    firstName,
    lastName,
    role: roleMatch ? clean(roleMatch[1]!) : '',
    company,
    place: findPlace(text, company),
    industry: findIndustry(text),
    interests: findInterests(text),
  };
}

/** A CRM lead's fields as a profile; the lead's free text fills what the fields leave out. */
export function profileFromLead(lead: Lead): PersonProfile {
  const fromText = extractProfile([lead.Description, ...Object.values(lead.extra ?? {})].filter(Boolean).join('. '));
  const full = (lead.Full_Name ?? '').trim().split(/\s+/).filter(Boolean);
  const place = [lead.City, lead.State, lead.Country].map((v) => (v ?? '').trim()).filter(Boolean).join(', ');
  return {
    firstName: (lead.First_Name ?? '').trim() || full[0] || fromText.firstName,
    lastName: (lead.Last_Name ?? '').trim() || full.slice(1).join(' ') || fromText.lastName,
    role: (lead.Designation ?? '').trim() || fromText.role,
    company: (lead.Company ?? '').trim() || fromText.company,
    place: place || fromText.place,
    industry: (lead.Industry ?? '').trim() || fromText.industry,
    interests: fromText.interests,
  };
}
