import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Body1, Button, Card, CardHeader, Field, Input, Select, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError } from '@shared/api/client';
import { REMINDER_MESSAGES as R } from '@shared/messages';
import { errorBodySchema } from '@shared/schemas';
import {
  REMINDER_FREQUENCIES,
  WEEKDAY_NAMES,
  type ReminderFrequency,
  type ReminderPreferences,
  type ReminderPreferencesResponse,
} from '@shared/schemas/reminders';
import { useSignedInUser } from '../../auth/AuthProvider';
import { queryKeys } from '@shared/api/queries/keys';
import { reminderPreferencesQuery } from '@shared/api/queries/reminders';
import { useServices } from '../../core/services';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { useNotify } from '../../components/notify';
import { errorText } from '../../lib/errors';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  // Its own top margin: Settings stacks its cards without a container gap.
  card: { marginTop: tokens.spacingVerticalL },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  cell: { flexGrow: 1, minWidth: '180px' },
  submit: { alignSelf: 'flex-start' },
});

const FREQUENCY_LABELS: Record<ReminderFrequency, string> = {
  daily: 'Daily',
  weekdays: 'Weekdays (Monday to Friday)',
  weekly: 'Weekly',
};
const MONDAY = 1;
const ZONE_LIST_ID = 'reminder-time-zones';

type Draft = Omit<ReminderPreferences, 'weekday'> & { weekday: number };
type FieldName = keyof Draft;

/** The browser's IANA zone: the default until the user has saved one. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

function toDraft(p: ReminderPreferencesResponse): Draft {
  return {
    enabled: p.enabled,
    callFrequency: p.callFrequency,
    weekday: p.weekday ?? MONDAY,
    preferredCallTime: p.preferredCallTime,
    userTimezone: p.saved === false ? browserTimeZone() : p.userTimezone,
  };
}

function toBody(d: Draft): ReminderPreferences {
  const { weekday, ...rest } = d;
  return d.callFrequency === 'weekly' ? { ...rest, weekday } : rest;
}

/** The next reminder as the user reads it: their zone's date and time, and the zone's name. */
export function formatNextReminder(iso: string, zone: string): string {
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
  return `${when} (${zone})`;
}

/** The server's 400: its message, and each field's own message (zod issue paths). */
function serverErrors(err: unknown): { message: string; fields: Partial<Record<FieldName, string>> } {
  if (err instanceof ApiError) {
    try {
      const body = errorBodySchema.parse(JSON.parse(err.body));
      const fields: Partial<Record<FieldName, string>> = {};
      for (const issue of body.issues ?? []) fields[issue.path as FieldName] ??= issue.message;
      return { message: body.message, fields };
    } catch {
      /* not our error shape: the generic text below */
    }
  }
  return { message: errorText(err), fields: {} };
}

/** Settings: the practice-reminder opt-in (docs/product.md#practice-reminders), saved with GET/PUT /api/user/reminders. */
export function RemindersCard() {
  const { uid } = useSignedInUser();
  const { api } = useServices();
  const styles = useStyles();
  const prefs = useQuery(reminderPreferencesQuery(api, uid));
  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Subtitle2 as="h2">Practice reminders</Subtitle2>}
        description={<Body1>An e-mail at your chosen time with something to practise and a link to start a practice call.</Body1>}
      />
      {prefs.isPending ? (
        <CenteredSpinner label="Loading reminder settings..." />
      ) : prefs.isError ? (
        <ErrorBar title="Failed to load reminder settings">{errorText(prefs.error)}</ErrorBar>
      ) : (
        <RemindersForm saved={prefs.data} />
      )}
    </Card>
  );
}

function RemindersForm({ saved }: { saved: ReminderPreferencesResponse }) {
  const styles = useStyles();
  const { uid } = useSignedInUser();
  const { api } = useServices();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const [zones] = useState(knownTimeZones);
  const set = <K extends FieldName>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));

  const save = useMutation({
    mutationFn: (body: ReminderPreferences) => api.saveReminderPreferences(body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.reminderPreferences(uid), data);
      setDraft(toDraft(data));
      notify({ title: 'Success', body: R.saved, intent: 'success' });
    },
    onError: (err) => notify({ title: 'Error', body: serverErrors(err).message, intent: 'error' }),
  });
  const failure = save.isError ? serverErrors(save.error) : undefined;
  const fieldError = (name: FieldName) => failure?.fields[name];

  return (
    <form
      className={styles.form}
      noValidate
      aria-label="Practice reminders"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(toBody(draft));
      }}
    >
      <Switch label="Practice reminders" checked={draft.enabled} onChange={(_e, d) => set('enabled', d.checked)} />
      <div className={styles.row}>
        <Field className={styles.cell} label="Frequency" validationMessage={fieldError('callFrequency')}>
          <Select value={draft.callFrequency} onChange={(_e, d) => set('callFrequency', d.value as ReminderFrequency)}>
            {REMINDER_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </Field>
        {draft.callFrequency === 'weekly' ? (
          <Field className={styles.cell} label="Day" validationMessage={fieldError('weekday')}>
            <Select value={String(draft.weekday)} onChange={(_e, d) => set('weekday', Number(d.value))}>
              {WEEKDAY_NAMES.map((name, i) => (
                <option key={name} value={i}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
      <div className={styles.row}>
        <Field
          className={styles.cell}
          label="Preferred time"
          hint="24-hour, e.g. 09:30"
          validationMessage={fieldError('preferredCallTime')}
        >
          <Input type="time" value={draft.preferredCallTime} onChange={(_e, d) => set('preferredCallTime', d.value)} />
        </Field>
        <Field className={styles.cell} label="Time zone" validationMessage={fieldError('userTimezone')}>
          <Input list={ZONE_LIST_ID} value={draft.userTimezone} onChange={(_e, d) => set('userTimezone', d.value)} />
        </Field>
      </div>
      <datalist id={ZONE_LIST_ID}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      {failure && Object.keys(failure.fields).length === 0 ? <ErrorBar>{failure.message}</ErrorBar> : null}
      <Body1>
        {saved.enabled && saved.nextReminderAt
          ? `Next reminder: ${formatNextReminder(saved.nextReminderAt, saved.userTimezone)}`
          : 'Reminders are off.'}
      </Body1>
      <Button className={styles.submit} appearance="primary" type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Reminder Settings'}
      </Button>
    </form>
  );
}
