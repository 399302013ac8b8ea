import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Body1, Button, Card, CardHeader, Field, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import {
  AUTO_LANGUAGE,
  OUTPUT_LANGUAGE_LABELS,
  OUTPUT_LANGUAGE_SETTINGS,
  OUTPUT_LANGUAGES,
  WRITER_LANGUAGES,
  type OutputLanguageSetting,
} from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES as M } from '@shared/messages';
import { useSignedInUser } from '../../auth/AuthProvider';
import { queryKeys } from '@shared/api/queries/keys';
import { settingsQuery } from '@shared/api/queries/settings';
import { useServices } from '../../core/services';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { useNotify } from '../../components/notify';
import { errorText } from '../../lib/errors';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  submit: { alignSelf: 'flex-start' },
});

/**
 * Settings: the writers' output language (docs/product.md#output-language), the one place it is
 * chosen. Saved alone through PUT /api/user/settings/{email}, so it can be set before "Tell us about
 * you" is filled in, and the other settings are kept.
 */
export function OutputLanguageCard() {
  const user = useSignedInUser();
  const { api } = useServices();
  const settings = useQuery(settingsQuery(api, user));
  return (
    <Card>
      <CardHeader
        header={<Subtitle2 as="h2">Output language</Subtitle2>}
        description={<Body1>The language your icebreakers, LinkedIn messages and call scripts are written in.</Body1>}
      />
      {settings.isPending ? (
        <CenteredSpinner label="Loading settings..." />
      ) : settings.isError ? (
        <ErrorBar title={M.fetchSettingsFailed}>{errorText(settings.error)}</ErrorBar>
      ) : (
        <OutputLanguageForm saved={settings.data.outputLanguage ?? AUTO_LANGUAGE} />
      )}
    </Card>
  );
}

function OutputLanguageForm({ saved }: { saved: OutputLanguageSetting }) {
  const styles = useStyles();
  const user = useSignedInUser();
  const { api, config } = useServices();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<OutputLanguageSetting>(saved);
  // The offline writer writes fewer languages than the list offers: say so next to the choice.
  const limited = WRITER_LANGUAGES[config.generator].length < OUTPUT_LANGUAGES.length;

  const save = useMutation({
    mutationFn: (outputLanguage: OutputLanguageSetting) => api.updateSettings(user.email, { outputLanguage }),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.settings(user.uid), res.settings);
      notify({
        title: 'Success',
        body: M.outputLanguageSaved(OUTPUT_LANGUAGE_LABELS[res.settings.outputLanguage ?? AUTO_LANGUAGE]),
        intent: 'success',
      });
    },
    onError: (err) => notify({ title: 'Error', body: `${M.settingsFailedPrefix}${errorText(err)}`, intent: 'error' }),
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-label="Output language"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(choice);
      }}
    >
      <Field label="Output language" hint={limited ? MESSAGES.offlineWriterLanguages : undefined}>
        <Select value={choice} onChange={(_e, d) => setChoice(d.value as OutputLanguageSetting)}>
          {OUTPUT_LANGUAGE_SETTINGS.map((l) => (
            <option key={l} value={l}>
              {OUTPUT_LANGUAGE_LABELS[l]}
            </option>
          ))}
        </Select>
      </Field>
      <Button className={styles.submit} appearance="primary" type="submit" disabled={save.isPending || choice === saved}>
        {save.isPending ? 'Saving...' : 'Save Output Language'}
      </Button>
    </form>
  );
}
