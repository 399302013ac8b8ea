import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Caption1 } from '@fluentui/react-components';
import { TextField } from '@shared/ui/form-fields';
import { PORTAL_MESSAGES } from '@shared/messages';
import type { RegisterForm as RegisterValues } from '@shared/schemas/forms';
import { lazyFormResolver } from '../../components/lazy-form-resolver';
import { useAuth } from '../../auth/AuthProvider';
import { useFormStyles } from './LoginForm';

export function RegisterForm() {
  const styles = useFormStyles();
  const { register: registerAccount } = useAuth();
  const [resolver] = useState(() => lazyFormResolver((forms) => forms.registerFormSchema));
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<RegisterValues>({ resolver, defaultValues: { name: '', email: '', password: '' } });

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(registerAccount)} aria-label="Register">
      <TextField control={control} name="name" label="Name" required autoComplete="name" />
      <TextField control={control} name="email" label="Email" required type="email" autoComplete="email" />
      <TextField control={control} name="password" label="Password" required type="password" autoComplete="new-password" />
      <Caption1>{PORTAL_MESSAGES.verificationHint}</Caption1>
      <Button appearance="primary" type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Registering...' : 'Register'}
      </Button>
    </form>
  );
}
