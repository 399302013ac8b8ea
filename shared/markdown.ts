/**
 * The text side of the writer's markdown (rendered by shared/ui/Markdown.tsx): what is cleaned before
 * rendering, which link targets are allowed, where a line's label ends, how sections become one text,
 * and the plain text the copy buttons put on the clipboard.
 */
import { sectionTitle } from './constants';

const LIST_ITEM = /^\s*([-*+•]|\d+[.)])\s+/;

/**
 * The writer's text as the renderer should read it (%-escapes are kept: they belong to the links the
 * writer cites): 'Label: undefined' loses the 'undefined'; '•' bullets are list items; and an unindented line after
 * a list item starts a paragraph (markdown would fold it into the item).
 */
export function prepareMarkdown(source: string): string {
  const lines = source
    .replace(/:[ \t]*undefined\b/g, ':')
    .split(/\r?\n/)
    .map((line) => line.replace(/^(\s*)•\s+/, '$1- '));
  return lines
    .map((line, i) =>
      i > 0 && LIST_ITEM.test(lines[i - 1]!) && line.trim() && !/^\s/.test(line) && !LIST_ITEM.test(line) ? `\n${line}` : line,
    )
    .join('\n');
}

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/** The target a link may have: http(s) or mailto only (an allow-list, so `javascript:`, `data:`, `vbscript:` and relative targets all fail); else null and the text shows without a link. */
export function safeLinkTarget(href: string): string | null {
  const target = href.trim();
  return SAFE_URL.test(target) ? target : null;
}

/** 'Label: rest' → the label to highlight (docs/product.md#lightweight-markdown), unless the line is a URL or starts with markup. */
export function splitLabel(text: string): { label: string; rest: string } | null {
  const m = /^([^:*_[\]]{1,60}):(?:\s+(.*))?$/.exec(text);
  if (!m || /https?$/i.test(m[1]!)) return null;
  return { label: m[1]!, rest: m[2] ?? '' };
}

/** The writer may start a section with its own heading: don't show the title twice. */
function withoutOwnTitle(content: string, title: string): string {
  const lines = content.replace(/^\s*\n/, '').split('\n');
  const first = lines[0]
    ?.trim()
    .replace(/^#+\s*/, '')
    .replace(/[:\s]+$/, '');
  if (first && first.toLowerCase() === title.toLowerCase()) return lines.slice(1).join('\n').trim();
  return content.trim();
}

/** Sections (index 0 starters, 1 rapport tips, 2+ additional insights) as one markdown text (docs/product.md#icebreak-screen). */
export function buildInsightsMarkdown(sections: readonly (string | undefined)[], newsFound?: boolean | null): string {
  return sections
    .map((content, i) => {
      if (!content?.trim()) return '';
      const title = sectionTitle(i, newsFound);
      return `## ${title}\n\n${withoutOwnTitle(content, title)}`;
    })
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Markdown as the plain text a person pastes into an e-mail, a CRM note or LinkedIn (docs/product.md#copying-as-plain-text: copy
 * buttons never put markdown on the clipboard): headings lose their #, **bold** its stars, a link
 * becomes "text (url)"; bullets and line breaks stay.
 */
export function toPlainText(markdown: string): string {
  return markdown
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '$1 ($2)')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?=[^*\w]|$)/g, '$1$2')
    .replace(/(^|\s)_([^_\n]+)_(?=\s|$|[.,;:!?])/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s*[*+]\s+/gm, '- ')
    .trim();
}
