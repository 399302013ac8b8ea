import { useState } from 'react';
import { Button, Text, makeStyles } from '@fluentui/react-components';
import { PORTAL_MESSAGES } from '@shared/messages';
import { creditsText } from '../../leads/enrich-format';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
});

/**
 * Regenerate (docs/decisions/0012-charged-once-per-answer.md): a distinct action that says what it costs before it charges — the first
 * click asks, the second writes a new version.
 */
export function RegenerateButton({ cost, onConfirm, disabled }: { cost: number; onConfirm: () => void; disabled?: boolean }) {
  const styles = useStyles();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className={styles.row}>
        <Button
          appearance="secondary"
          disabled={disabled}
          onClick={() => setAsking(true)}
          title={PORTAL_MESSAGES.enrichRegenerateCost(cost)}
        >
          {`${PORTAL_MESSAGES.regenerate} (${creditsText(cost)})`}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.row} role="group" aria-label={PORTAL_MESSAGES.regenerate}>
      <Text size={200}>{PORTAL_MESSAGES.enrichRegenerateConfirm(cost)}</Text>
      <Button
        appearance="primary"
        size="small"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {`Yes, use ${creditsText(cost)}`}
      </Button>
      <Button appearance="subtle" size="small" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}
