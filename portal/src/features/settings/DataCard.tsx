import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Card,
  CardHeader,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ACCOUNT_MESSAGES as A } from '@shared/messages';
import { useAuth, useSignedInUser } from '../../auth/AuthProvider';
import { useServices } from '../../core/services';
import { useNotify } from '../../components/notify';
import { errorText } from '../../lib/errors';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  danger: { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand },
});

/** Save the export as a file the browser downloads. */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export my data (JSON). */
export function ExportCard() {
  const styles = useStyles();
  const { api } = useServices();
  const notify = useNotify();
  const exporting = useMutation({
    mutationFn: () => api.exportAccount(),
    onSuccess: (data) => download(`icebreak-account-${data.exportedAt.slice(0, 10)}.json`, data),
    onError: (err) => notify({ title: A.exportFailed, body: errorText(err), intent: 'error' }),
  });
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Your data</Subtitle2>} />
      <div className={styles.body}>
        <Body1>
          Download everything we store about you (profile, settings, history, results, practice calls with their transcripts, reminders and
          credit ledger) as one JSON file.
        </Body1>
        <Button disabled={exporting.isPending} onClick={() => exporting.mutate()}>
          {exporting.isPending ? 'Preparing…' : 'Export my data'}
        </Button>
      </div>
    </Card>
  );
}

/** How long, at most, the sign-out after a deletion waits for the closing dialog to expose the page again. */
const EXPOSED_WAIT_MS = 2000;

/** Delete account: confirmed by typing the address; the server cancels billing and deletes everything. */
export function DeleteAccountCard() {
  const styles = useStyles();
  const { email } = useSignedInUser();
  const { logout } = useAuth();
  const { api } = useServices();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const surface = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const deletion = useMutation({
    mutationFn: () => api.deleteAccount({ email: typed.trim() }),
    onSuccess: (out) => {
      setDeleted(out.message);
      setOpen(false);
    },
    onError: (err) => notify({ title: A.deleteFailed, body: errorText(err), intent: 'error' }),
  });
  // Sign out only once the dialog has gone and the page is exposed again. The modal's focus trap (tabster) marks
  // the rest of the page aria-hidden and lifts that a moment after the dialog closes; leaving the signed-in
  // screens before then disposes tabster with the lift still pending, and the sign-in page stays aria-hidden.
  useEffect(() => {
    if (deleted === null || open) return;
    const deadline = performance.now() + EXPOSED_WAIT_MS;
    let frame = 0;
    const waitThenLeave = () => {
      const covered = surface.current?.isConnected || card.current?.closest('[aria-hidden="true"]');
      if (covered && performance.now() < deadline) {
        frame = requestAnimationFrame(waitThenLeave);
        return;
      }
      void logout().then(() => notify({ title: deleted, intent: 'success' }));
    };
    frame = requestAnimationFrame(waitThenLeave);
    return () => cancelAnimationFrame(frame);
  }, [deleted, open, logout, notify]);
  return (
    <Card ref={card}>
      <CardHeader header={<Subtitle2 as="h2">Delete account</Subtitle2>} />
      <div className={styles.body}>
        <Body1>Deleting your account cannot be undone.</Body1>
        <Dialog open={open} onOpenChange={(_e, d) => (setOpen(d.open), setTyped(''))}>
          <DialogTrigger disableButtonEnhancement>
            <Button className={styles.danger}>Delete account</Button>
          </DialogTrigger>
          <DialogSurface ref={surface}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (matches) deletion.mutate();
              }}
            >
              <DialogBody>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogContent className={styles.body}>
                  <ul className={styles.list}>
                    <li>
                      {A.deleteCancelsSubscription} {A.moneyBackGuarantee}
                    </li>
                    <li>Your settings, analyses, enrichment results, calls and reminders are deleted.</li>
                    <li>Your sign-in is removed; you can register again with the same address, starting afresh.</li>
                    <li>The credit ledger is kept for accounting, without your name, address or what the credits were for.</li>
                  </ul>
                  <Field label={`Type ${email} to confirm`} required>
                    <Input value={typed} onChange={(_e, d) => setTyped(d.value)} autoComplete="off" />
                  </Field>
                </DialogContent>
                <DialogActions>
                  <DialogTrigger disableButtonEnhancement>
                    <Button>Cancel</Button>
                  </DialogTrigger>
                  <Button type="submit" className={styles.danger} disabled={!matches || deletion.isPending}>
                    {deletion.isPending ? 'Deleting…' : 'Delete my account'}
                  </Button>
                </DialogActions>
              </DialogBody>
            </form>
          </DialogSurface>
        </Dialog>
      </div>
    </Card>
  );
}
