import { useId } from 'react';
import { Caption1, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../core/query-keys';
import { useServices } from '../../core/services';
import { CALL_TEXT as T } from './call-text';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '520px' },
  detail: { color: tokens.colorNeutralForeground2 },
});

/** Random by default (docs/product.md#practice-call-screen), or one scenario from the library. '' means random. */
export function ScenarioPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const styles = useStyles();
  const { api } = useServices();
  const scenarios = useQuery({ queryKey: queryKeys.scenarios, queryFn: () => api.getScenarios(), staleTime: 5 * 60_000 });
  const chosen = scenarios.data?.find((s) => s.id === value);
  const detailId = useId();
  return (
    <div className={styles.root}>
      <Field
        label={T.scenarioLabel}
        validationState={scenarios.isError ? 'warning' : 'none'}
        validationMessage={scenarios.isError ? T.scenariosFailed : undefined}
      >
        <Select value={value} onChange={(_e, d) => onChange(d.value)} aria-describedby={chosen ? detailId : undefined}>
          <option value="">{T.randomScenario}</option>
          {scenarios.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} ({s.difficulty})
            </option>
          ))}
        </Select>
      </Field>
      {chosen ? (
        <Caption1 id={detailId} className={styles.detail}>
          {chosen.prospectName}, {chosen.prospectRole} at {chosen.company}. {chosen.summary} Goal: {chosen.goal}
        </Caption1>
      ) : null}
    </div>
  );
}
