/**
 * The lightweight markdown (docs/product.md#lightweight-markdown), parsed into plain data that each app renders as React
 * elements (never as HTML): #–#### headings, bullet and numbered lines, **bold**, *italic*,
 * [links](https://…). A label before a colon is set apart; the literal word 'undefined' after a
 * colon is dropped; URL-encoded newline, space and quotes are decoded. Only http(s) and mailto
 * links are links.
 */
import { sectionTitle } from './constants';
import { decodeStreamContent } from './api/ndjson';

export type MarkdownBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[] }
  | { kind: 'p'; text: string };

export type InlineToken =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineToken[] }
  | { kind: 'em'; text: string }
  /** `href` is null when the target is not http(s) or mailto (e.g. `javascript:`): show the text only. */
  | { kind: 'link'; text: string; href: string | null };

const HEADING = /^(#{1,4})\s+(.*)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** 'Label: undefined' loses the 'undefined'. */
function clean(line: string): string {
  return line.replace(/:\s*undefined\b/g, ':').trimEnd();
}

export function parseMarkdownBlocks(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const raw of decodeStreamContent(source).split(/\r?\n/)) {
    const line = clean(raw);
    if (!line.trim()) {
      blocks.push({ kind: 'p', text: '' });
      continue;
    }
    const h = HEADING.exec(line.trim());
    if (h) {
      const level = Math.min(4, Math.max(2, h[1]!.length)) as 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, text: h[2]!.replace(/\s*#+\s*$/, '') });
      continue;
    }
    const b = BULLET.exec(line);
    const n = b ? null : NUMBERED.exec(line);
    const last = blocks[blocks.length - 1];
    if (b) {
      if (last?.kind === 'ul') last.items.push(b[1]!);
      else blocks.push({ kind: 'ul', items: [b[1]!] });
      continue;
    }
    if (n) {
      if (last?.kind === 'ol') last.items.push(n[1]!);
      else blocks.push({ kind: 'ol', items: [n[1]!] });
      continue;
    }
    // A wrapped line continues its paragraph; a blank line ends it.
    if (last?.kind === 'p' && last.text) last.text += ` ${line.trim()}`;
    else blocks.push({ kind: 'p', text: line.trim() });
  }
  return blocks.filter((blk) => blk.kind !== 'p' || blk.text);
}

const SAFE_URL = /^(https?:\/\/|mailto:)/i;
const INLINE = /(\*\*([^*]+)\*\*|__([^_]+)__|\[([^\]]+)\]\(([^)\s]+)\)|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_)/g;

/** Bold, italic and links inside one line; everything else is text. */
export function parseInline(text: string): InlineToken[] {
  const out: InlineToken[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const start = m.index ?? 0;
    if (start > last) out.push({ kind: 'text', text: text.slice(last, start) });
    if (m[2] !== undefined || m[3] !== undefined) out.push({ kind: 'strong', children: parseInline(m[2] ?? m[3]!) });
    else if (m[4] !== undefined) out.push({ kind: 'link', text: m[4], href: SAFE_URL.test(m[5]!.trim()) ? m[5]! : null });
    else out.push({ kind: 'em', text: (m[6] ?? m[7])! });
    last = start + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
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
  const first = lines[0]?.trim().replace(/^#+\s*/, '').replace(/[:\s]+$/, '');
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
