import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, Input, Link, makeStyles, tokens } from '@fluentui/react-components';
import { forgotPasswordSchema, loginFormSchema, type LoginForm as LoginValues } from '@shared/schemas/forms';
import { useAuth } from '../../auth/AuthProvider';

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalM },
  row: { display: 'flex', justifyContent: 'flex-end' },
});

export function LoginForm() {
  const styles = useFormStyles();
  const { login, resetPassword } = useAuth();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const forgot = async () => {
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
      <Field label="Email" required validationMessage={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Password" required validationMessage={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
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
