import { PORTAL_MESSAGES as M } from '@shared/messages';
import { buildInsightsMarkdown } from '@shared/markdown';

export { buildInsightsMarkdown };

/** A saved history item's insights (section 0 titled by whether it cites news), or the 'No Insights Available' text. */
export function historyInsightsMarkdown(insightsText: readonly string[], newsFound?: boolean | null): string {
  const text = buildInsightsMarkdown(insightsText, newsFound);
  return text || `## ${M.noInsightsTitle}\n\n${M.noInsightsBody}`;
}
