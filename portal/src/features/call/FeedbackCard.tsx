import type { ReactNode } from 'react';
import { Body1, Caption1, Card, CardHeader, ProgressBar, Subtitle1, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CallFeedback } from '@shared/schemas';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  score: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
  scoreRow: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  rubric: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 1fr) 64px',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
  },
  bar: { gridColumn: '1 / -1' },
  note: { gridColumn: '1 / -1', color: tokens.colorNeutralForeground3 },
  tips: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** The score against the scenario's rubric, three tips and a summary (docs/product.md#practice-calls): at the end of a session and in the call log. */
export function FeedbackCard({ feedback, footer }: { feedback: CallFeedback; footer?: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} aria-label="Feedback">
      <CardHeader
        header={<Subtitle1 as="h2">Feedback</Subtitle1>}
        description={
          <Caption1>{feedback.generator === 'openai' ? 'Scored by the AI coach' : 'Scored by rules from your transcript'}</Caption1>
        }
      />
      <div className={styles.scoreRow}>
        <Text className={styles.score} data-testid="feedback-score">
          {feedback.score}
        </Text>
        <Body1>/ 100</Body1>
      </div>
      <Body1>{feedback.summary}</Body1>
      <Subtitle2 as="h3">How you did</Subtitle2>
      <ul className={styles.rubric} aria-label="Rubric">
        {feedback.rubric.map((row) => (
          <li key={row.criterion} className={styles.row}>
            <Body1>{row.label}</Body1>
            <Body1 align="end">
              {row.score}/{row.max}
            </Body1>
            <ProgressBar
              className={styles.bar}
              value={row.score}
              max={row.max}
              thickness="large"
              aria-label={`${row.label}: ${row.score} of ${row.max}`}
            />
            <Caption1 className={styles.note}>{row.note}</Caption1>
          </li>
        ))}
      </ul>
      <Subtitle2 as="h3">Tips for next time</Subtitle2>
      <ol className={styles.tips}>
        {feedback.tips.map((tip) => (
          <li key={tip}>
            <Body1>{tip}</Body1>
          </li>
        ))}
      </ol>
      {footer}
    </Card>
  );
}
