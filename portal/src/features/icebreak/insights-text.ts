import { PORTAL_MESSAGES as M } from '@shared/messages';
import { buildInsightsMarkdown } from '@shared/markdown';

export { buildInsightsMarkdown };

/** A saved history item's insights, or the 'No Insights Available' text. */
export function historyInsightsMarkdown(insightsText: readonly string[]): string {
  const text = buildInsightsMarkdown(insightsText);
  return text || `## ${M.noInsightsTitle}\n\n${M.noInsightsBody}`;
}
