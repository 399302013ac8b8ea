import { useState, type ReactElement } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { SIGN_IN_PROVIDERS, type SignInProviderId } from '../auth';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px' },
  button: { justifyContent: 'center' },
});

// The providers' own marks (their sign-in buttons' guidelines ask for them), inline: no request, a few hundred bytes.
const MARKS: Record<SignInProviderId, ReactElement> = {
  'google.com': (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 2.9-2.2 5.4-4.7 7.1l7.6 5.9c4.4-4.1 6.9-10.1 6.9-17.5z" />
      <path fill="#FBBC05" d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8L32.3 36.3c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  ),
  'microsoft.com': (
    <svg width="18" height="18" viewBox="0 0 21 21" aria-hidden="true">
      <path fill="#F25022" d="M1 1h9v9H1z" />
      <path fill="#7FBA00" d="M11 1h9v9h-9z" />
      <path fill="#00A4EF" d="M1 11h9v9H1z" />
      <path fill="#FFB900" d="M11 11h9v9h-9z" />
    </svg>
  ),
};

/** "Continue with Google" / "Continue with Microsoft" for the portal and the widget; both wait while one runs. */
export function ProviderButtons({ onContinue }: { onContinue(providerId: SignInProviderId): Promise<void> }) {
  const styles = useStyles();
  const [running, setRunning] = useState<SignInProviderId | null>(null);
  const ids = Object.keys(SIGN_IN_PROVIDERS) as SignInProviderId[];
  return (
    <div className={styles.list}>
      {ids.map((id) => (
        <Button
          key={id}
          type="button"
          className={styles.button}
          icon={MARKS[id]}
          disabled={running !== null}
          onClick={() => {
            setRunning(id);
            void onContinue(id).finally(() => setRunning(null));
          }}
        >
          Continue with {SIGN_IN_PROVIDERS[id]}
        </Button>
      ))}
    </div>
  );
}
