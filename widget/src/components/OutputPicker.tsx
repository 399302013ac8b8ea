import { Checkbox, makeStyles } from '@fluentui/react-components';
import { ENRICH_OUTPUTS, ENRICH_OUTPUT_LABELS, CREDIT_COSTS, type EnrichOutput } from '@shared/constants';

const useStyles = makeStyles({ row: { display: 'flex', flexWrap: 'wrap', columnGap: '12px' } });

/** Which texts to generate; each shows its price. */
export function OutputPicker({
  value,
  onChange,
  disabled,
}: {
  value: readonly EnrichOutput[];
  onChange(next: EnrichOutput[]): void;
  disabled?: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={styles.row} role="group" aria-label="Outputs to generate">
      {ENRICH_OUTPUTS.map((o) => (
        <Checkbox
          key={o}
          disabled={disabled}
          label={`${ENRICH_OUTPUT_LABELS[o]} (${CREDIT_COSTS[o]} credit)`}
          checked={value.includes(o)}
          onChange={(_, d) => onChange(ENRICH_OUTPUTS.filter((x) => (x === o ? Boolean(d.checked) : value.includes(x))))}
        />
      ))}
    </div>
  );
}
