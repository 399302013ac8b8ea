import { useState } from 'react';
import { Button, Link, MessageBar, MessageBarBody, Text, makeStyles } from '@fluentui/react-components';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { WIDGET_TEXT } from '../../app/messages';
import { authErrorMessage, type AuthService, type AuthUser } from './auth-service';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '10px', maxWidth: '420px' },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
});

/** A signed-in user whose e-mail is not verified yet: the server would refuse every call. */
export function VerifyEmail({ auth, user, portalUrl }: { auth: AuthService; user: AuthUser; portalUrl: string }) {
  const styles = useStyles();
  const [note, setNote] = useState<{ intent: 'success' | 'error' | 'warning'; text: string } | null>(null);
  return (
    <div className={styles.box}>
      <Text weight="semibold" size={400}>
        {WIDGET_TEXT.verifyTitle}
      </Text>
      <Text>{WIDGET_TEXT.verifyText(user.email)}</Text>
      {note && (
        <MessageBar intent={note.intent}>
          <MessageBarBody>{note.text}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button
          appearance="primary"
          onClick={async () => {
            const fresh = await auth.reload().catch(() => null);
            if (!fresh?.emailVerified) setNote({ intent: 'warning', text: WIDGET_TEXT.notVerifiedYet });
          }}
        >
          I have verified
        </Button>
        <Button
          onClick={() =>
            auth.sendVerification().then(
              () => setNote({ intent: 'success', text: `${M.verificationSent}: ${M.checkEmailVerify}` }),
              (err: unknown) => setNote({ intent: 'error', text: `${M.verificationFailed}: ${authErrorMessage(err)}` }),
            )
          }
        >
          Resend verification email
        </Button>
        <Button appearance="subtle" onClick={() => void auth.signOut()}>
          Start Over
        </Button>
      </div>
      <Text size={200}>
        You can also verify from the{' '}
        <Link href={portalUrl} target="_blank" rel="noopener noreferrer">
          portal
        </Link>
        .
      </Text>
    </div>
  );
}
