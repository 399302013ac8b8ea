import { Fragment, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  box: { lineHeight: '1.45', wordBreak: 'break-word' },
  heading: { fontWeight: tokens.fontWeightSemibold, margin: '8px 0 4px' },
  list: { margin: '2px 0', paddingLeft: '20px' },
  p: { margin: '2px 0' },
  label: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
});

/** **bold**, *italic* and [links](https://…) inside one line. */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${i++}`;
    if (m[1]) out.push(<strong key={k}>{m[1]}</strong>);
    else if (m[2]) out.push(<em key={k}>{m[2]}</em>);
    else
      out.push(
        <a key={k} href={m[4]} target="_blank" rel="noopener noreferrer">
          {m[3]}
        </a>,
      );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A label before a colon is highlighted; a literal 'undefined' after the colon is dropped (spec §2). */
function line(text: string, key: string, className: string): ReactNode {
  const m = /^([^:]{2,40}):\s*(.*)$/.exec(text);
  if (m && !/https?$/i.test(m[1]!)) {
    const rest = m[2] === 'undefined' ? '' : m[2]!;
    return (
      <Fragment key={key}>
        <span className={className}>{m[1]}:</span> {inline(rest, key)}
      </Fragment>
    );
  }
  return <Fragment key={key}>{inline(text, key)}</Fragment>;
}

/** The lightweight markdown the Icebreak stream speaks: headings, bullets, numbered lines, bold, italic, links. */
export function RichText({ text }: { text: string }) {
  const styles = useStyles();
  const blocks: ReactNode[] = [];
  let list: { ordered: boolean; items: ReactNode[] } | null = null;
  const flush = () => {
    if (!list) return;
    const Tag = list.ordered ? 'ol' : 'ul';
    blocks.push(
      <Tag key={`l${blocks.length}`} className={styles.list}>
        {list.items}
      </Tag>,
    );
    list = null;
  };
  text.split('\n').forEach((raw, n) => {
    const t = raw.trim();
    const key = `b${n}`;
    if (!t) return flush();
    const heading = /^#{2,4}\s+(.*)$/.exec(t);
    const bullet = /^[-*•]\s+(.*)$/.exec(t);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(t);
    if (heading) {
      flush();
      blocks.push(
        <div key={key} className={styles.heading} role="heading" aria-level={4}>
          {inline(heading[1]!, key)}
        </div>,
      );
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push(<li key={key}>{line((bullet ?? numbered)![1]!, key, styles.label)}</li>);
    } else {
      flush();
      blocks.push(
        <p key={key} className={styles.p}>
          {line(t, key, styles.label)}
        </p>,
      );
    }
  });
  flush();
  return <div className={styles.box}>{blocks}</div>;
}
