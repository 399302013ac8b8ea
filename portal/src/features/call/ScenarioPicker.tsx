import { useId } from 'react';
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { scenariosQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { CALL_TEXT as T } from './call-text';
import { ScenarioSelect } from '../../components/ScenarioSelect';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '520px' },
  detail: { color: tokens.colorNeutralForeground2 },
});

/** Random by default (docs/product.md#practice-call-screen), or one scenario from the library. '' means random. */
export function ScenarioPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const styles = useStyles();
  const { api } = useServices();
  const scenarios = useQuery(scenariosQuery(api));
  const chosen = scenarios.data?.find((s) => s.id === value);
  const detailId = useId();
  return (
    <div className={styles.root}>
      <ScenarioSelect
        label={T.scenarioLabel}
        emptyOption={T.randomScenario}
        value={value}
        onChange={onChange}
        loadFailed={T.scenariosFailed}
        describedBy={chosen ? detailId : undefined}
      />
      {chosen ? (
        <Caption1 id={detailId} className={styles.detail}>
          {chosen.prospectName}, {chosen.prospectRole} at {chosen.company}. {chosen.summary} Goal: {chosen.goal}
        </Caption1>
      ) : null}
    </div>
  );
}
