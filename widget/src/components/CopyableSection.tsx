import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyButton } from './CopyButton';

const useStyles = makeStyles({
  block: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px 10px' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
});

/** One generated text under its title, with a button that copies it. */
export function CopyableSection({
  title,
  copyText,
  testId,
  children,
}: {
  title: string;
  copyText: string;
  testId: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section className={styles.block} data-testid={testId}>
      <div className={styles.head}>
        <Text weight="semibold">{title}</Text>
        <CopyButton text={copyText} label={title} />
      </div>
      {children}
    </section>
  );
}
