import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ColdCallScript } from '@shared/schemas/enrich';
import { CopyableSection } from '../../components/CopyableSection';
import { CopyButton } from '../../components/CopyButton';
import { formatScript } from '../../leads/enrich-format';

const useStyles = makeStyles({
  part: { margin: '6px 0 0', lineHeight: '1.45', wordBreak: 'break-word' },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '6px' },
  list: { margin: '2px 0 0', paddingLeft: '20px', lineHeight: '1.45' },
  pair: { margin: '4px 0 0' },
  objection: { fontStyle: 'italic' },
  muted: { color: tokens.colorNeutralForeground3 },
});

function Part({ label, text }: { label: string; text: string }) {
  const styles = useStyles();
  return (
    <div className={styles.part}>
      <div className={styles.head}>
        <Text>
          <Text weight="semibold">{label}: </Text>
          {text}
        </Text>
        <CopyButton text={text} label={label} />
      </div>
    </div>
  );
}

/**
 * The cold-call script in its parts (docs/product.md#enrich-for-crm-leads): opener, reason, value, discovery questions,
 * objection → response pairs and close, each readable at a glance and copyable as plain text.
 */
export function ScriptView({ script }: { script: ColdCallScript }) {
  const styles = useStyles();
  return (
    <CopyableSection title="Cold-call script" copyText={formatScript(script)} testId="call-script">
      <Part label="Opener" text={script.opener} />
      <Part label="Reason for the call" text={script.reason} />
      <Part label="Value" text={script.value} />
      <div className={styles.part} data-testid="call-script-questions">
        <Text weight="semibold">Discovery questions:</Text>
        <ol className={styles.list}>
          {script.discoveryQuestions.map((q, i) => (
            <li key={i}>{q}</li>
          ))}
        </ol>
      </div>
      <div className={styles.part} data-testid="call-script-objections">
        <Text weight="semibold">Objection handling:</Text>
        {script.objectionHandling.map((o, i) => (
          <div key={i} className={styles.pair}>
            <Text className={styles.objection}>“{o.objection}”</Text>
            <Text> → {o.response}</Text>
          </div>
        ))}
      </div>
      <Part label="Close" text={script.close} />
    </CopyableSection>
  );
}
