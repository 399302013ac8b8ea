import { Field, Select } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { scenariosQuery } from '@shared/api/queries/calls';
import { useServices } from '../core/services';

interface ScenarioSelectProps {
  label: string;
  /** The first option, value '' (random on /call, "choose one" on the assign form). */
  emptyOption: string;
  value: string;
  onChange: (id: string) => void;
  /** Said when the library could not be loaded (what happens then differs per screen). */
  loadFailed: string;
  /** The form's own error (e.g. nothing chosen); shown before a load failure. */
  error?: string;
  required?: boolean;
  describedBy?: string;
}

/** The scenario library as a select: the call screen's picker and the team's assign form. */
export function ScenarioSelect(props: ScenarioSelectProps) {
  const { api } = useServices();
  const scenarios = useQuery(scenariosQuery(api));
  const message = props.error ?? (scenarios.isError ? props.loadFailed : undefined);
  return (
    <Field
      label={props.label}
      required={props.required}
      validationState={props.error ? 'error' : scenarios.isError ? 'warning' : 'none'}
      validationMessage={message}
    >
      <Select value={props.value} onChange={(_e, d) => props.onChange(d.value)} aria-describedby={props.describedBy}>
        <option value="">{props.emptyOption}</option>
        {scenarios.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title} ({s.difficulty})
          </option>
        ))}
      </Select>
    </Field>
  );
}
