import { Navigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Body1, Button, Caption1, Card, CardHeader, Subtitle1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError } from '@shared/api/client';
import { PORTAL_MESSAGES as M, REMINDER_MESSAGES } from '@shared/messages';
import { reminderTestFormSchema, type ReminderTestForm } from '@shared/schemas/forms';
import type { ReminderUser } from '@shared/schemas';
import { reminderUsersQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { useUserRecord } from '../../core/user-record';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { TextField } from '@shared/ui/form-fields';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { errorText } from '../../lib/errors';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { flexGrow: 1, minWidth: '240px' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyleType: 'none', padding: 0, margin: 0 },
  item: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  meta: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/** The server's message, or its `error` field (docs/product.md#reminder-test-panel), from a failed reminder request. */
function reminderError(err: unknown): string {
  if (err instanceof ApiError) {
    try {
      const body = JSON.parse(err.body) as { message?: unknown; error?: unknown };
      if (typeof body.message === 'string') return body.message;
      if (typeof body.error === 'string') return body.error;
    } catch {
      /* not JSON: fall back below */
    }
  }
  return M.reminderFailedFallback;
}

/** Admin-only (the server answers 403 to others): everyone else is sent to /, as the call log does. */
export function EmailTestScreen() {
  const record = useUserRecord();
  if (record.isPending) return <CenteredSpinner />;
  if (!record.data?.isAdmin) return <Navigate to="/" replace />;
  return <EmailTestPanel />;
}

function EmailTestPanel() {
  const styles = useStyles();
  const { api } = useServices();
  const notify = useNotify();

  const form = useForm<ReminderTestForm>({ resolver: zodResolver(reminderTestFormSchema), defaultValues: { email: '' } });
  const users = useQuery(reminderUsersQuery(api));

  const onSent = (res: { message: string }) => notify({ title: 'Success', body: res.message || M.reminderSent, intent: 'success' });
  const onFailed = (err: unknown) => notify({ title: M.reminderFailedTitle, body: reminderError(err), intent: 'error' });
  const instant = useMutation({
    mutationFn: (email: string) => api.sendInstantTestReminder({ email }),
    onSuccess: onSent,
    onError: onFailed,
  });
  const perUser = useMutation({ mutationFn: (user: ReminderUser) => api.sendTestReminder(user.id), onSuccess: onSent, onError: onFailed });

  const submit = form.handleSubmit(
    (values) => instant.mutate(values.email),
    (errors) => {
      // Validation (docs/product.md#validation-messages): an empty address is reported by a toast.
      if (errors.email && !form.getValues('email').trim()) {
        form.clearErrors('email');
        notify({ title: M.reminderEmailRequired, intent: 'error' });
      }
    },
  );

  return (
    <div className={styles.stack}>
      <PageHeader title="E-mail Reminder Test" subtitle="Send a test practice-call reminder e-mail." />
      <Card>
        <form className={styles.form} noValidate onSubmit={submit} aria-label="Send a test reminder">
          <TextField control={form.control} name="email" className={styles.field} label="Email address" required type="email" />
          <Button appearance="primary" type="submit" disabled={instant.isPending}>
            {instant.isPending ? 'Sending...' : 'Send Test'}
          </Button>
        </form>
      </Card>
      <Card>
        <CardHeader header={<Subtitle1 as="h2">Opted-in users</Subtitle1>} />
        {users.isPending ? (
          <CenteredSpinner label="Loading users..." />
        ) : users.isError ? (
          <ErrorBar>{`${REMINDER_MESSAGES.failedToLoadUsers}: ${errorText(users.error)}`}</ErrorBar>
        ) : users.data.length === 0 ? (
          <Body1>No users have opted in to reminder e-mails yet.</Body1>
        ) : (
          <ul className={styles.list}>
            {users.data.map((u) => (
              <li key={u.id} className={styles.item}>
                <div>
                  <Subtitle2>{u.email}</Subtitle2>
                  <div className={styles.meta}>
                    <Caption1>Frequency: {u.callFrequency}</Caption1>
                    <Caption1>Preferred Time: {u.preferredCallTime}</Caption1>
                    <Caption1>Timezone: {u.userTimezone}</Caption1>
                  </div>
                </div>
                <Button disabled={perUser.isPending} onClick={() => perUser.mutate(u)} aria-label={`Send Test Reminder to ${u.email}`}>
                  Send Test Reminder
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
