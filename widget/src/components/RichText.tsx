import { makeStyles, tokens } from '@fluentui/react-components';
import { Markdown } from '@shared/ui/Markdown';

const useStyles = makeStyles({
  root: { lineHeight: '1.45', wordBreak: 'break-word' },
  heading: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, margin: '8px 0 4px' },
  list: { margin: '2px 0', paddingLeft: '20px' },
  p: { margin: '2px 0' },
  label: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
});

/** The writer's markdown, compact for the CRM (rendered by the shared renderer, never as HTML). */
export function RichText({ text }: { text: string }) {
  const { heading, ...styles } = useStyles();
  return <Markdown source={text} classNames={{ ...styles, h2: heading, h3: heading, h4: heading }} />;
}
