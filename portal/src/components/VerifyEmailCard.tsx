import { useEffect, useState } from 'react';
import { Body1, Button, Card, CardHeader, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { MailCheckmark24Regular } from '@fluentui/react-icons';

/** How often the card re-reads the user while waiting for the link to be clicked. */
export const VERIFY_POLL_MS = 4000;

const useStyles = makeStyles({
  wrap: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  card: { maxWidth: '480px', width: '100%' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** Gate, signed in but not verified (docs/product.md#gate). */
export function VerifyEmailCard({
  email,
  sent,
  onResend,
  onStartOver,
  onReturn,
}: {
  email: string;
  /** This tab sent the e-mail (at registration or with Resend): only then does the card say it was sent. */
  sent: boolean;
  onResend: () => Promise<void>;
  onStartOver: () => Promise<void>;
  /** Called when the window regains focus (the user may have clicked the link meanwhile). */
  onReturn?: () => Promise<void>;
}) {
  const styles = useStyles();
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!onReturn) return;
    const listener = () => void onReturn();
    const onVisible = () => document.visibilityState === 'visible' && listener();
    window.addEventListener('focus', listener);
    document.addEventListener('visibilitychange', onVisible);
    // The link may be opened on another device or tab that never gives this one focus.
    const timer = setInterval(listener, VERIFY_POLL_MS);
    return () => {
      window.removeEventListener('focus', listener);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [onReturn]);
  return (
    <main className={styles.wrap}>
      <Card className={styles.card}>
        <CardHeader image={<MailCheckmark24Regular />} header={<Subtitle1 as="h1">Verify your email</Subtitle1>} />
        {sent ? (
          <Body1>
            We sent a verification email to <strong>{email}</strong>. Click the link in that email: this page continues by itself once your
            address is verified.
          </Body1>
        ) : (
          <Body1>
            Your address <strong>{email}</strong> is not verified yet. Send yourself a verification email with the button below and click
            the link in it: this page continues by itself once your address is verified.
          </Body1>
        )}
        <div className={styles.actions}>
          <Button
            appearance="primary"
            disabled={sending}
            onClick={async () => {
              setSending(true);
              await onResend().finally(() => setSending(false));
            }}
          >
            Resend verification email
          </Button>
          <Button onClick={() => void onStartOver()}>Start Over</Button>
        </div>
      </Card>
    </main>
  );
}
