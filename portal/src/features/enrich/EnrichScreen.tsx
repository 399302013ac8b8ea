import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Card,
  CardHeader,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Subtitle1,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '@shared/api/client';
import { AUTO_LANGUAGE, OUTPUT_LANGUAGE_LABELS } from '@shared/constants';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { enrichmentSettingsSchema, type EnrichmentSettings } from '@shared/schemas';
import { useSignedInUser } from '../../auth/AuthProvider';
import { queryKeys } from '@shared/api/queries/keys';
import { settingsQuery } from '@shared/api/queries/settings';
import { useServices } from '../../core/services';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { QueryErrorBar } from '../../components/ErrorBar';
import { TextField } from '@shared/ui/form-fields';
import { TextAreaField } from '../../components/text-area-field';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { errorText, failingWith } from '../../lib/errors';
import { RouterLink } from '../../components/RouterLink';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { alignSelf: 'flex-start' },
  steps: { maxWidth: '360px', margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

// The output language is chosen on Settings only (one place): this form leaves it out, so saving keeps it.
const EMPTY: EnrichmentSettings = { name: '', aboutMe: '', contentPreferences: '' };

export function EnrichScreen() {
  const styles = useStyles();
  const user = useSignedInUser();
  const { email } = user;
  const { api } = useServices();
  const notify = useNotify();
  const queryClient = useQueryClient();

  const settings = useQuery({ ...failingWith(M.fetchSettingsFailed, settingsQuery(api, user)), refetchOnMount: 'always' });

  const form = useForm<EnrichmentSettings>({ resolver: zodResolver(enrichmentSettingsSchema), defaultValues: EMPTY });
  const { reset } = form;
  useEffect(() => {
    if (settings.data)
      reset({ name: settings.data.name, aboutMe: settings.data.aboutMe, contentPreferences: settings.data.contentPreferences });
  }, [settings.data, reset]);

  const save = useMutation({
    mutationFn: async (values: EnrichmentSettings) => {
      try {
        return await api.updateSettings(email, values);
      } catch (err) {
        const text = err instanceof ApiError ? (err.serverMessage ?? err.body) : errorText(err);
        throw new Error(`${M.settingsFailedPrefix}${text}`, { cause: err });
      }
    },
    onSuccess: async () => {
      notify({ title: 'Success', body: M.settingsSaved, intent: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.settings(user.uid) });
    },
    onError: (err) => notify({ title: 'Error', body: err.message || M.settingsFailedFallback, intent: 'error' }),
  });

  return (
    <div className={styles.stack}>
      <PageHeader
        title="Enrich"
        subtitle="Generate hyper-personalised LinkedIn DMs and cold-call scripts for your leads, right inside your CRM. One credit per DM or script per lead."
      />
      <Card>
        <CardHeader header={<Subtitle1 as="h2">Get the Zoho CRM app</Subtitle1>} />
        <Body1>Enrich works inside Zoho CRM. Install the app, then sign in with this account.</Body1>
        <Popover withArrow>
          <PopoverTrigger disableButtonEnhancement>
            <Button className={styles.submit}>Install from Zoho Marketplace</Button>
          </PopoverTrigger>
          <PopoverSurface aria-label="How to install the Zoho CRM app">
            <ol className={styles.steps}>
              <li>Ask your Zoho CRM administrator to add the Icebreak &amp; Enrich widget to Leads (Setup → Developer Hub → Widgets).</li>
              <li>Open a lead in Zoho CRM and sign in to the widget with this account.</li>
            </ol>
          </PopoverSurface>
        </Popover>
      </Card>
      <Card>
        <CardHeader
          header={<Subtitle1 as="h2">Tell us about you</Subtitle1>}
          description={<Body1>Enrich uses this to write in your voice.</Body1>}
        />
        {settings.isPending ? (
          <CenteredSpinner label="Loading settings..." />
        ) : (
          <>
            {settings.isError ? <QueryErrorBar error={settings.error} /> : null}
            <form
              className={styles.form}
              noValidate
              onSubmit={form.handleSubmit((values) => save.mutate(values))}
              aria-label="Tell us about you"
            >
              <TextField control={form.control} name="name" label="Your Name" required />
              <TextAreaField control={form.control} name="aboutMe" label="About You and Your Company" required rows={5} resize="vertical" />
              <TextAreaField
                control={form.control}
                name="contentPreferences"
                label="Content Preferences & Examples"
                required
                rows={5}
                resize="vertical"
              />
              <Body1>
                Output language: {OUTPUT_LANGUAGE_LABELS[settings.data?.outputLanguage ?? AUTO_LANGUAGE]}.{' '}
                <RouterLink to="/settings">Change it in Settings</RouterLink>
              </Body1>
              <Button className={styles.submit} appearance="primary" type="submit" disabled={save.isPending}>
                {save.isPending ? 'Updating Settings...' : 'Save Enrichment Settings'}
              </Button>
            </form>
          </>
        )}
      </Card>
    </div>
  );
}
