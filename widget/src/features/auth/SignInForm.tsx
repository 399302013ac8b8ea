import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles } from '@fluentui/react-components';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { forgotPasswordSchema, loginFormSchema } from '@shared/schemas/forms';
import { WIDGET_TEXT } from '../../app/messages';
import { authErrorMessage, type AuthService } from './auth-service';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '10px', maxWidth: '420px' },
  row: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'center' },
});

/** E-mail and password sign-in; registration and password help live in the portal. */
export function SignInForm({ auth, portalUrl, suggestedEmail }: { auth: AuthService; portalUrl: string; suggestedEmail?: string | null }) {
  const styles = useStyles();
  // Untouched, the field shows the Zoho user's address once known.
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? suggestedEmail ?? '';
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The portal's login rules (docs/product.md#validation-messages), with their messages.
    const parsed = loginFormSchema.safeParse({ email, password });
    const next: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !next[field]) next[field] = issue.message;
    }
    setErrors(next);
    setFailure(null);
    if (!parsed.success) return;
    setBusy(true);
    try {
      await auth.signIn(email, password);
    } catch (err) {
      setFailure(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const forgot = async () => {
    setFailure(null);
    setInfo(null);
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    try {
      await auth.sendPasswordReset(parsed.data.email);
      setInfo(`${M.resetSent}: ${M.checkEmailReset}`);
    } catch (err) {
      setFailure(authErrorMessage(err));
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
      <Text weight="semibold" size={400}>
        Sign in to {WIDGET_TEXT.brand}
      </Text>
      <Text size={200}>{WIDGET_TEXT.separateAccount}</Text>
      <Field label="Email" validationMessage={errors.email} required>
        <Input type="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <Field label="Password" validationMessage={errors.password} required>
        <Input type="password" autoComplete="current-password" value={password} onChange={(_, d) => setPassword(d.value)} />
      </Field>
      {failure && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{M.loginFailed}</MessageBarTitle>
            {failure}
          </MessageBarBody>
        </MessageBar>
      )}
      {info && (
        <MessageBar intent="success">
          <MessageBarBody>{info}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button appearance="primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link as="button" type="button" onClick={() => void forgot()}>
          Forgot password?
        </Link>
      </div>
      <Text size={200}>
        No account yet?{' '}
        <Link href={`${portalUrl.replace(/\/$/, '')}/auth`} target="_blank" rel="noopener noreferrer">
          Create one in the Icebreak &amp; Enrich portal
        </Link>{' '}
        ({FREE_MONTHLY_CREDITS} free credits every month).
      </Text>
    </form>
  );
}
