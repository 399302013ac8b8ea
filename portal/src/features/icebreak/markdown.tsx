import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { Markdown as SharedMarkdown, type MarkdownLink } from '@shared/ui/Markdown';

/** The writer's markdown in the portal's Fluent look (rendered by the shared renderer, never as HTML). */

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    lineHeight: tokens.lineHeightBase400,
    overflowWrap: 'anywhere',
  },
  h2: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: `${tokens.spacingVerticalM} 0 0` },
  h3: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, margin: `${tokens.spacingVerticalS} 0 0` },
  h4: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, margin: `${tokens.spacingVerticalS} 0 0` },
  list: { margin: 0, paddingLeft: '1.5em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  p: { margin: 0 },
  label: { color: tokens.colorBrandForeground1 },
});

const FluentLink: MarkdownLink = ({ href, target, rel, children }) => (
  <Link href={href} target={target} rel={rel} inline>
    {children}
  </Link>
);

export function Markdown({ source }: { source: string }) {
  return <SharedMarkdown source={source} classNames={useStyles()} link={FluentLink} />;
}
