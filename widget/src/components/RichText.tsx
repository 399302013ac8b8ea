import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { parseInline, parseMarkdownBlocks, splitLabel, type InlineToken } from '@shared/markdown';

const useStyles = makeStyles({
  box: { lineHeight: '1.45', wordBreak: 'break-word' },
  heading: { fontWeight: tokens.fontWeightSemibold, margin: '8px 0 4px' },
  list: { margin: '2px 0', paddingLeft: '20px' },
  p: { margin: '2px 0' },
  label: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
});

function inline(tokens: InlineToken[], key: string): ReactNode[] {
  return tokens.map((t, i) => {
    const k = `${key}-${i}`;
    switch (t.kind) {
      case 'text':
        return t.text;
      case 'strong':
        return <strong key={k}>{inline(t.children, k)}</strong>;
      case 'em':
        return <em key={k}>{t.text}</em>;
      case 'link':
        return t.href ? (
          <a key={k} href={t.href} target="_blank" rel="noopener noreferrer">
            {t.text}
          </a>
        ) : (
          <span key={k}>{t.text}</span>
        );
    }
  });
}

function line(text: string, key: string, labelClass: string): ReactNode[] {
  const split = splitLabel(text);
  if (!split) return inline(parseInline(text), key);
  return [
    <span key={`${key}-label`} className={labelClass}>
      {split.label}:
    </span>,
    ' ',
    ...inline(parseInline(split.rest), key),
  ];
}

/** The lightweight markdown the Icebreak stream speaks (parsed in shared/markdown.ts), compact for the CRM. */
export function RichText({ text }: { text: string }) {
  const styles = useStyles();
  return (
    <div className={styles.box}>
      {parseMarkdownBlocks(text).map((blk, n) => {
        const key = `b${n}`;
        switch (blk.kind) {
          case 'heading':
            return (
              <div key={key} className={styles.heading} role="heading" aria-level={4}>
                {inline(parseInline(blk.text), key)}
              </div>
            );
          case 'ul':
          case 'ol': {
            const Tag = blk.kind;
            return (
              <Tag key={key} className={styles.list}>
                {blk.items.map((item, j) => (
                  <li key={j}>{line(item, `${key}-${j}`, styles.label)}</li>
                ))}
              </Tag>
            );
          }
          default:
            return (
              <p key={key} className={styles.p}>
                {line(blk.text, key, styles.label)}
              </p>
            );
        }
      })}
    </div>
  );
}
