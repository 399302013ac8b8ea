import type { ReactNode } from 'react';
import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { parseInline, parseMarkdownBlocks, splitLabel, type InlineToken } from '@shared/markdown';

/** The lightweight markdown (docs/product.md#lightweight-markdown; parsed in shared/markdown.ts) as React elements, never HTML. */

/** Inline tokens as React elements. */
function renderInline(tokens: InlineToken[], keyPrefix: string): ReactNode[] {
  return tokens.map((t, i) => {
    const key = `${keyPrefix}-${i}`;
    switch (t.kind) {
      case 'text':
        return t.text;
      case 'strong':
        return <strong key={key}>{renderInline(t.children, key)}</strong>;
      case 'em':
        return <em key={key}>{t.text}</em>;
      case 'link':
        return t.href ? (
          <Link key={key} href={t.href} target="_blank" rel="noopener noreferrer" inline>
            {t.text}
          </Link>
        ) : (
          <span key={key}>{t.text}</span>
        );
    }
  });
}

/** A line with its label (before a colon) highlighted. */
function renderLine(text: string, key: string, labelClass: string): ReactNode[] {
  const split = splitLabel(text);
  if (!split) return renderInline(parseInline(text), key);
  return [
    <strong key={`${key}-label`} className={labelClass}>
      {split.label}:
    </strong>,
    ...(split.rest ? [' ', ...renderInline(parseInline(split.rest), key)] : []),
  ];
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
  const blocks = parseMarkdownBlocks(source);
  return (
    <div className={styles.root}>
      {blocks.map((blk, i) => {
        const key = `b${i}`;
        switch (blk.kind) {
          case 'heading': {
            const Tag = `h${blk.level}` as 'h2' | 'h3' | 'h4';
            return (
              <Tag key={key} className={styles[Tag]}>
                {renderInline(parseInline(blk.text), key)}
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
