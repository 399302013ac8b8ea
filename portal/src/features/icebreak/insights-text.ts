import { sectionTitle } from '@shared/constants';
import { PORTAL_MESSAGES as M } from '@shared/messages';

/** The writer may start a section with its own heading: don't show the title twice. */
function withoutOwnTitle(content: string, title: string): string {
  const lines = content.replace(/^\s*\n/, '').split('\n');
  const first = lines[0]?.trim().replace(/^#+\s*/, '').replace(/[:\s]+$/, '');
  if (first && first.toLowerCase() === title.toLowerCase()) return lines.slice(1).join('\n').trim();
  return content.trim();
}

/** Sections (index 0 starters, 1 rapport tips, 2+ additional insights) as one markdown text (spec §4). */
export function buildInsightsMarkdown(sections: readonly (string | undefined)[]): string {
  return sections
    .map((content, i) => {
      if (!content?.trim()) return '';
      const title = sectionTitle(i);
      return `## ${title}\n\n${withoutOwnTitle(content, title)}`;
    })
    .filter(Boolean)
    .join('\n\n');
}

/** A saved history item's insights, or the 'No Insights Available' text. */
export function historyInsightsMarkdown(insightsText: readonly string[]): string {
  const text = buildInsightsMarkdown(insightsText);
  return text || `## ${M.noInsightsTitle}\n\n${M.noInsightsBody}`;
}
