import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles } from '@fluentui/react-components';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { forgotPasswordSchema, loginFormSchema, type LoginForm } from '@shared/schemas/forms';
import { WIDGET_TEXT } from '../../app/messages';
import { TextField } from '@shared/ui/form-fields';
import { ProviderButtons } from '@shared/ui/ProviderButtons';

import {
  authErrorCode,
  authErrorMessage,
  LINK_MESSAGES,
  type AuthService,
  type SignInOutcome,
  type SignInProviderId,
} from './auth-service';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '10px', maxWidth: '420px' },
  row: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'center' },
});

/** E-mail and password sign-in with the portal's rules and messages; registration and password help live in the portal. */
export function SignInForm({ auth, portalUrl, suggestedEmail }: { auth: AuthService; portalUrl: string; suggestedEmail?: string | null }) {
  const styles = useStyles();
  const {
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    // Untouched, the field shows the Zoho user's address once known; what the user typed stays.
    values: { email: suggestedEmail ?? '', password: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const [notice, setNotice] = useState<{ failure: string } | { info: string } | null>(null);
  const [pendingLink, setPendingLink] = useState(() => auth.pendingLink());

  /** A waiting link's fate is said here; the form itself goes away once the user is signed in. */
  const signedIn = (outcome: SignInOutcome | void | null) => {
    if (outcome?.linkError) setNotice({ failure: `${LINK_MESSAGES.linkFailedTitle}: ${authErrorMessage(outcome.linkError)}` });
    setPendingLink(auth.pendingLink());
  };

  const providerFailed = (err: unknown) => {
    const code = authErrorCode(err);
    // The e-mail has an account made another way: say how to link (Firebase's account-linking flow).
    if (code === 'auth/account-exists-with-different-credential' && auth.pendingLink()) {
      setPendingLink(auth.pendingLink());
      setValue('email', auth.pendingLink()!.email);
      return;
    }
    if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return;
    setNotice({ failure: authErrorMessage(err) });
  };

  // A provider sign-in that went by redirect (popups blocked in the CRM's frame) comes back as a new load of the widget.
  useEffect(() => {
    let live = true;
    auth.redirectResult().then(
      (outcome) => live && signedIn(outcome),
      (err: unknown) => live && providerFailed(err),
    );
    return () => {
      live = false;
    };
    // Once per service: the redirect's outcome is read once per load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth]);

  const continueWith = async (providerId: SignInProviderId) => {
    setNotice(null);
    try {
      signedIn(await auth.signInWithProvider(providerId));
    } catch (err) {
      providerFailed(err);
    }
  };

  const signIn = async ({ email, password }: LoginForm) => {
    setNotice(null);
    try {
      signedIn(await auth.signIn(email, password));
    } catch (err) {
      setNotice({ failure: authErrorMessage(err) });
    }
  };

  const forgot = async () => {
    setNotice(null);
    const parsed = forgotPasswordSchema.safeParse({ email: getValues('email') });
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    clearErrors();
    try {
      await auth.sendPasswordReset(parsed.data.email);
      setNotice({ info: `${M.resetSent}: ${M.checkEmailReset}` });
    } catch (err) {
      setNotice({ failure: authErrorMessage(err) });
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        setNotice(null);
        void handleSubmit(signIn)(e);
      }}
      noValidate
      aria-label="Sign in"
    >
      <Text weight="semibold" size={400}>
        Sign in to {WIDGET_TEXT.brand}
      </Text>
      <Text size={200}>{WIDGET_TEXT.separateAccount}</Text>
      {pendingLink && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{LINK_MESSAGES.pending(pendingLink)}</MessageBarBody>
        </MessageBar>
      )}
      <TextField control={control} name="email" label="Email" required type="email" autoComplete="username" />
      <TextField control={control} name="password" label="Password" required type="password" autoComplete="current-password" />
      {notice && 'failure' in notice && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{M.loginFailed}</MessageBarTitle>
            {notice.failure}
          </MessageBarBody>
        </MessageBar>
      )}
      {notice && 'info' in notice && (
        <MessageBar intent="success">
          <MessageBarBody>{notice.info}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button appearance="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link as="button" type="button" onClick={() => void forgot()}>
          Forgot password?
        </Link>
      </div>
      <ProviderButtons onContinue={continueWith} />
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
