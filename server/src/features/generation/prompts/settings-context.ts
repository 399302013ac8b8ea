import type { PersonProfile } from '../extract-profile';
import type { WriterContext } from '../text-generator';

/** The user's enrichment settings as prompt text (docs/architecture.md#text-generation: prompts take them into account). */
export function describeSender(ctx: WriterContext): string {
  const { name, aboutMe, contentPreferences } = ctx.settings;
  const lines = [
    name.trim() ? `The user's name: ${name.trim()}` : '',
    aboutMe.trim() ? `About the user and their company: ${aboutMe.trim()}` : '',
    contentPreferences.trim() ? `The user's content preferences and examples (follow them): ${contentPreferences.trim()}` : '',
  ].filter(Boolean);
  return lines.length ? lines.join('\n') : 'The user has not described themselves yet.';
}

export function describeHeadlines(ctx: WriterContext): string {
  if (!ctx.headlines.length) return 'No recent news was found; base the starters on the description itself.';
  return ctx.headlines.map((h) => `- "${h.title}" (${h.source}${h.seenAt ? `, ${h.seenAt.slice(0, 10)}` : ''}) ${h.url}`).join('\n');
}

/**
 * What the reader extracted (the same facts the offline writer uses), so the model cites them and
 * does not guess: only what was found is listed.
 */
export function describeProfile(p: PersonProfile): string {
  const facts: [string, string][] = [
    ['Name', [p.firstName, p.lastName].filter(Boolean).join(' ')],
    ['Role', p.role],
    ['Company', p.company],
    ['Industry', p.industry],
    ['Location', p.place],
    ['Previously at', p.previousCompany],
    ['Met at', p.metAt],
    ['Recent events', p.events.map((e) => e.said).join('; ')],
    ['Interests', p.interests.join(', ')],
    ['Website', p.website],
    ['Employees', p.employees],
    ['Lead source', p.leadSource],
    ...p.details.map((d): [string, string] => [d.label, d.value]),
  ];
  const lines = facts.filter(([, v]) => v).map(([k, v]) => `- ${k}: ${v}`);
  return lines.length ? lines.join('\n') : '- (nothing certain could be read)';
}
