import { useEffect } from 'react';
import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/constants';
import type { Notice } from './notify';

/**
 * Fluent's toaster, in its own chunk: loaded with the first notice, not with the first screen.
 * Hands NotifyProvider its `show` once mounted.
 */
export default function LazyToaster({ onReady }: { onReady(show: (notice: Notice) => void): void }) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  useEffect(() => {
    onReady(({ title, body, intent = 'info' }) => {
      // The newest notice replaces the one on screen (docs/product.md#client-behaviour: one toast at a time).
      dismissAllToasts();
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        // Not a Tab stop: Fluent makes each toast one that traps Tab while it has no button inside (and a focused toast
        // never expires). Ours carry no actions and are read out by the live region, so the focus stays in the page.
        { intent, timeout: TOAST_DURATION_MS, root: { tabIndex: -1 } },
      );
    });
  }, [onReady, dispatchToast, dismissAllToasts]);
  return <Toaster toasterId={toasterId} limit={TOAST_LIMIT} position="top-end" offset={{ vertical: 56 }} pauseOnHover pauseOnWindowBlur />;
}
