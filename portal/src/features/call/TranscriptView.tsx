import { Caption1, mergeClasses, makeStyles, tokens } from '@fluentui/react-components';

export interface ShownTurn {
  role: 'rep' | 'prospect';
  text: string;
  /** The prospect's turn still arriving token by token. */
  streaming?: boolean;
}

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  turn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxWidth: '80%' },
  rep: { alignSelf: 'flex-end', alignItems: 'flex-end' },
  prospect: { alignSelf: 'flex-start' },
  bubble: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  repBubble: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  prospectBubble: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground1 },
  who: { color: tokens.colorNeutralForeground3 },
});

/** A conversation as chat bubbles: the rep on the right, the prospect on the left. */
export function TranscriptView({
  turns,
  prospectName,
  label = 'Conversation',
}: {
  turns: readonly ShownTurn[];
  prospectName: string;
  label?: string;
}) {
  const styles = useStyles();
  return (
    <ol className={styles.list} aria-label={label}>
      {turns.map((turn, i) => (
        <li
          key={i}
          className={mergeClasses(styles.turn, turn.role === 'rep' ? styles.rep : styles.prospect)}
          data-role={turn.role}
          aria-busy={turn.streaming || undefined}
        >
          <Caption1 className={styles.who}>{turn.role === 'rep' ? 'You' : prospectName}</Caption1>
          <div className={mergeClasses(styles.bubble, turn.role === 'rep' ? styles.repBubble : styles.prospectBubble)}>
            {turn.text || '…'}
          </div>
        </li>
      ))}
    </ol>
  );
}
