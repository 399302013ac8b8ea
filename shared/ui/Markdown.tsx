import { Children, createContext, useContext, type ComponentType, type ReactNode } from 'react';
import MarkdownToJsx, { type MarkdownToJSX } from 'markdown-to-jsx';
import { prepareMarkdown, safeLinkTarget, splitLabel } from '../markdown';

/**
 * The one renderer of the writer's markdown for portal and widget: markdown-to-jsx with raw HTML shown
 * as text (never parsed), only http(s)/mailto link targets, links in a new tab without an opener,
 * headings kept between h2 and h4, and a 'Label:' at the start of a line or item set apart.
 * Each app passes its own class names and, if it likes, its own link element.
 */
export interface MarkdownClassNames {
  root?: string;
  h2?: string;
  h3?: string;
  h4?: string;
  list?: string;
  p?: string;
  label?: string;
}

export type MarkdownLink = ComponentType<{ href: string; target: string; rel: string; children?: ReactNode }>;

export interface MarkdownProps {
  source: string;
  classNames?: MarkdownClassNames;
  /** The app's link element (e.g. Fluent's Link); it receives a safe href and must pass target/rel on. */
  link?: MarkdownLink;
}

interface Look {
  classNames: MarkdownClassNames;
  link?: MarkdownLink;
}

// The overrides below are module-level components (stable identities, so a streaming update does not
// remount the tree); they read the app's look from this context.
const LookContext = createContext<Look>({ classNames: {} });

interface ChildrenProps {
  children?: ReactNode;
}

/** 'Label: rest' at the start of a line → the label in a <strong> of its own. */
function WithLabel({ children }: ChildrenProps): ReactNode {
  const { classNames } = useContext(LookContext);
  const parts = Children.toArray(children);
  const first = parts[0];
  if (typeof first !== 'string') return children;
  const colon = first.indexOf(':');
  // The label is judged on the whole line when the line is one text; else on the text before the first element.
  const split = splitLabel(parts.length === 1 ? first : first.slice(0, colon + 1));
  if (!split) return children;
  const rest = first.slice(colon + 1).trimStart();
  return (
    <>
      <strong className={classNames.label}>{split.label}:</strong>
      {rest || parts.length > 1 ? ' ' : null}
      {rest}
      {parts.slice(1)}
    </>
  );
}

function heading(Tag: 'h2' | 'h3' | 'h4') {
  return function Heading({ children, id }: ChildrenProps & { id?: string }) {
    const { classNames } = useContext(LookContext);
    return (
      <Tag id={id} className={classNames[Tag]}>
        {children}
      </Tag>
    );
  };
}

function list(Tag: 'ul' | 'ol') {
  return function List({ children, start }: ChildrenProps & { start?: number }) {
    const { classNames } = useContext(LookContext);
    return (
      <Tag className={classNames.list} start={start}>
        {children}
      </Tag>
    );
  };
}

function Paragraph({ children }: ChildrenProps) {
  const { classNames } = useContext(LookContext);
  return (
    <p className={classNames.p}>
      <WithLabel>{children}</WithLabel>
    </p>
  );
}

function Item({ children }: ChildrenProps) {
  return (
    <li>
      <WithLabel>{children}</WithLabel>
    </li>
  );
}

function SafeLink({ href, children }: ChildrenProps & { href?: string }) {
  const { link: Link } = useContext(LookContext);
  const target = href ? safeLinkTarget(href) : null;
  if (!target) return <span>{children}</span>;
  return Link ? (
    <Link href={target} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  ) : (
    <a href={target} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** An image is never loaded from the writer's text: its alt text stays. */
function ImageAsText({ alt }: { alt?: string }) {
  return alt ?? null;
}

function Root({ children }: ChildrenProps) {
  const { classNames } = useContext(LookContext);
  return <div className={classNames.root}>{children}</div>;
}

const h2 = heading('h2');
const h4 = heading('h4');

const OPTIONS: MarkdownToJSX.Options = {
  disableParsingRawHTML: true,
  // Our own filter, not the library's: only http(s) and mailto targets survive, on links only.
  sanitizer: (value, tag, attribute) => (tag === 'a' && attribute === 'href' ? safeLinkTarget(value) : null),
  wrapper: Root,
  forceWrapper: true,
  forceBlock: true,
  overrides: {
    h1: h2,
    h2,
    h3: heading('h3'),
    h4,
    h5: h4,
    h6: h4,
    p: Paragraph,
    ul: list('ul'),
    ol: list('ol'),
    li: Item,
    a: SafeLink,
    img: ImageAsText,
  },
};

export function Markdown({ source, classNames = {}, link }: MarkdownProps) {
  return (
    <LookContext.Provider value={{ classNames, link }}>
      <MarkdownToJsx options={OPTIONS}>{prepareMarkdown(source)}</MarkdownToJsx>
    </LookContext.Provider>
  );
}
