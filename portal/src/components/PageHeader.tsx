import { useEffect, type ReactNode } from 'react';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalL,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: { margin: 0 },
});

export function PageHeader({ title, subtitle, aside }: { title: string; subtitle?: ReactNode; aside?: ReactNode }) {
  const styles = useStyles();
  useEffect(() => {
    document.title = `${title} · Icebreak & Enrich`;
  }, [title]);
  return (
    <div className={styles.root}>
      <div className={styles.text}>
        <Title2 as="h1" className={styles.title}>
          {title}
        </Title2>
        {subtitle ? <Body1>{subtitle}</Body1> : null}
      </div>
      {aside}
    </div>
  );
}
