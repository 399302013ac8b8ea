import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles } from '@fluentui/react-components';
import { MESSAGES } from '@shared/messages';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
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
    const next: typeof errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = MESSAGES.emailInvalid;
    if (password.length < PASSWORD_MIN_LENGTH) next.password = MESSAGES.passwordTooShort;
    setErrors(next);
    setFailure(null);
    if (next.email || next.password) return;
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
    if (!email.trim()) {
      setErrors({ email: MESSAGES.emailRequired });
      return;
    }
    try {
      await auth.sendPasswordReset(email);
      setInfo(`${WIDGET_TEXT.resetSent}: Please check your email to reset your password.`);
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
            <MessageBarTitle>{WIDGET_TEXT.loginFailed}</MessageBarTitle>
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
        (20 free credits every month).
      </Text>
    </form>
  );
}
