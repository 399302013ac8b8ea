import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ENRICH_OUTPUTS, ENRICH_OUTPUT_LABELS, CREDIT_COSTS, type EnrichOutput } from '@shared/constants';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', columnGap: '12px' },
  // Native checkboxes in the theme's colours: Fluent's Checkbox is a sizeable chunk for two boxes.
  option: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    padding: '6px 0',
    cursor: 'pointer',
    fontSize: tokens.fontSizeBase300,
  },
  box: { width: '16px', height: '16px', margin: 0, accentColor: tokens.colorCompoundBrandBackground, cursor: 'inherit' },
  disabled: { color: tokens.colorNeutralForegroundDisabled, cursor: 'default' },
});

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
        <label key={o} className={mergeClasses(styles.option, disabled && styles.disabled)}>
          <input
            type="checkbox"
            className={styles.box}
            disabled={disabled}
            checked={value.includes(o)}
            onChange={(e) => onChange(ENRICH_OUTPUTS.filter((x) => (x === o ? e.target.checked : value.includes(x))))}
          />
          {`${ENRICH_OUTPUT_LABELS[o]} (${CREDIT_COSTS[o]} credit)`}
        </label>
      ))}
    </div>
  );
}
