import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { TextField } from '@shared/ui/form-fields';
import type { LoginForm as LoginValues } from '@shared/schemas/forms';
import { lazyFormResolver, loadFormSchemas } from '../../components/lazy-form-resolver';
import { useAuth } from '../../auth/AuthProvider';

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalM },
  row: { display: 'flex', justifyContent: 'flex-end' },
});

export function LoginForm({ email = '' }: { email?: string }) {
  const styles = useFormStyles();
  const { login, resetPassword } = useAuth();
  const [resolver] = useState(() => lazyFormResolver((forms) => forms.loginFormSchema));
  useEffect(() => void loadFormSchemas(), []);
  const {
    control,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { isSubmitting },
  } = useForm<LoginValues>({ resolver, defaultValues: { email, password: '' } });

  const forgot = async () => {
    const [{ forgotPasswordSchema }] = await loadFormSchemas();
    const parsed = forgotPasswordSchema.safeParse({ email: getValues('email') });
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    clearErrors('email');
    await resetPassword(parsed.data.email);
  };

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(login)} aria-label="Login">
      <TextField control={control} name="email" label="Email" required type="email" autoComplete="email" />
      <TextField control={control} name="password" label="Password" required type="password" autoComplete="current-password" />
      <div className={styles.row}>
        <Link as="button" type="button" onClick={() => void forgot()}>
          Forgot password?
        </Link>
      </div>
      <Button appearance="primary" type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
