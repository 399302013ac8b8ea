import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Caption1, Field, Input } from '@fluentui/react-components';
import { PORTAL_MESSAGES } from '@shared/messages';
import { registerFormSchema, type RegisterForm as RegisterValues } from '@shared/schemas/forms';
import { useAuth } from '../../auth/AuthProvider';
import { useFormStyles } from './LoginForm';

export function RegisterForm() {
  const styles = useFormStyles();
  const { register: registerAccount } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ resolver: zodResolver(registerFormSchema), defaultValues: { name: '', email: '', password: '' } });

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(registerAccount)} aria-label="Register">
      <Field label="Name" required validationMessage={errors.name?.message}>
        <Input autoComplete="name" {...register('name')} />
      </Field>
      <Field label="Email" required validationMessage={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Password" required validationMessage={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Caption1>{PORTAL_MESSAGES.verificationHint}</Caption1>
      <Button appearance="primary" type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Registering...' : 'Register'}
      </Button>
    </form>
  );
}
