import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, CardHeader, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ACCOUNT_MESSAGES as A } from '@shared/messages';
import { changePasswordFormSchema, type ChangePasswordForm } from '@shared/schemas';
import { authErrorMessage } from '../../auth/auth-service';
import { TextField } from '@shared/ui/form-fields';
import { useNotify } from '../../components/notify';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  submit: { alignSelf: 'flex-start' },
});

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change the password: Firebase wants a recent sign-in, so the current password re-authenticates first. */
export function PasswordCard({ changePassword }: { changePassword: (current: string, next: string) => Promise<void> }) {
  const styles = useStyles();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      form.reset(EMPTY);
      notify({ title: A.passwordChanged, intent: 'success' });
    } catch (err) {
      notify({ title: A.passwordChangeFailed, body: authErrorMessage(err), intent: 'error' });
    } finally {
      setSaving(false);
    }
  });
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Password</Subtitle2>} />
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
        <TextField
          control={form.control}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField control={form.control} name="newPassword" label="New password" type="password" autoComplete="new-password" required />
        <TextField
          control={form.control}
          name="confirmPassword"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button className={styles.submit} type="submit" appearance="primary" disabled={saving}>
          {saving ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
