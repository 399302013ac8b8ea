import type { ReactNode } from 'react';
import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { decodeStreamContent } from '@shared/api/ndjson';

/**
 * The lightweight markdown of spec §2, rendered as React elements (never as HTML): ##/###/####
 * headings, bullet and numbered lines, **bold**, *italic*, [links](https://…). A label before a
 * colon is highlighted; the literal word 'undefined' after a colon is dropped; URL-encoded newline,
 * space and quotes are decoded. Only http(s) and mailto links become links.
 */

type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[] }
  | { kind: 'p'; text: string };

const HEADING = /^(#{1,4})\s+(.*)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** Clean a line: 'Label: undefined' loses the 'undefined'. */
function clean(line: string): string {
  return line.replace(/:\s*undefined\b/g, ':').trimEnd();
}

function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = decodeStreamContent(source).split(/\r?\n/);
  for (const raw of lines) {
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
    if (last?.kind === 'p' && last.text) last.text += ` ${line.trim()}`;
    else blocks.push({ kind: 'p', text: line.trim() });
  }
  return blocks.filter((blk) => blk.kind !== 'p' || blk.text);
}

const SAFE_URL = /^(https?:\/\/|mailto:)/i;
function isSafeUrl(url: string): boolean {
  return SAFE_URL.test(url.trim());
}

const INLINE = /(\*\*([^*]+)\*\*|__([^_]+)__|\[([^\]]+)\]\(([^)\s]+)\)|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_)/g;

/** Inline bold, italic and links; everything else is text. */
function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(INLINE)) {
    const start = m.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    const key = `${keyPrefix}-${i++}`;
    if (m[2] !== undefined || m[3] !== undefined) out.push(<strong key={key}>{renderInline(m[2] ?? m[3]!, key)}</strong>);
    else if (m[4] !== undefined) {
      const href = m[5]!;
      out.push(
        isSafeUrl(href) ? (
          <Link key={key} href={href} target="_blank" rel="noopener noreferrer" inline>
            {m[4]}
          </Link>
        ) : (
          <span key={key}>{m[4]}</span>
        ),
      );
    } else out.push(<em key={key}>{m[6] ?? m[7]}</em>);
    last = start + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** 'Label: rest' → the label highlighted (spec §2), unless the line is only a URL or already starts with markup. */
function renderLine(text: string, key: string, labelClass: string): ReactNode[] {
  const m = /^([^:*_[\]]{1,60}):(?:\s+(.*))?$/.exec(text);
  if (m && !/https?$/i.test(m[1]!)) {
    return [
      <strong key={`${key}-label`} className={labelClass}>
        {m[1]}:
      </strong>,
      ...(m[2] ? [' ', ...renderInline(m[2], key)] : []),
    ];
  }
  return renderInline(text, key);
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, lineHeight: tokens.lineHeightBase400, overflowWrap: 'anywhere' },
  h2: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: `${tokens.spacingVerticalM} 0 0` },
  h3: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, margin: `${tokens.spacingVerticalS} 0 0` },
  h4: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, margin: `${tokens.spacingVerticalS} 0 0` },
  list: { margin: 0, paddingLeft: '1.5em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  p: { margin: 0 },
  label: { color: tokens.colorBrandForeground1 },
});

export function Markdown({ source }: { source: string }) {
  const styles = useStyles();
  const blocks = parseBlocks(source);
  return (
    <div className={styles.root}>
      {blocks.map((blk, i) => {
        const key = `b${i}`;
        switch (blk.kind) {
          case 'heading': {
            const Tag = `h${blk.level}` as 'h2' | 'h3' | 'h4';
            return (
              <Tag key={key} className={styles[Tag]}>
                {renderInline(blk.text, key)}
              </Tag>
            );
          }
          case 'ul':
          case 'ol': {
            const Tag = blk.kind;
            return (
              <Tag key={key} className={styles.list}>
                {blk.items.map((item, j) => (
                  <li key={j}>{renderLine(item, `${key}-${j}`, styles.label)}</li>
                ))}
              </Tag>
            );
          }
          default:
            return (
              <p key={key} className={styles.p}>
                {renderLine(blk.text, key, styles.label)}
              </p>
            );
        }
      })}
    </div>
  );
}
