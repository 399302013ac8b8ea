import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/constants';

export interface Notice {
  title: string;
  body?: string;
  /** 'error' is the spec's destructive style. */
  intent?: 'success' | 'error' | 'info' | 'warning';
}

type Notify = (notice: Notice) => void;
const NotifyContext = createContext<Notify | null>(null);

/** Toasts of spec §8: one visible at a time, shown for 5 s. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  const notify = useCallback<Notify>(
    ({ title, body, intent = 'info' }) => {
      // The newest notice replaces the one on screen (spec §4: one toast at a time).
      dismissAllToasts();
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        { intent, timeout: TOAST_DURATION_MS },
      );
    },
    [dispatchToast, dismissAllToasts],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Toaster toasterId={toasterId} limit={TOAST_LIMIT} position="top-end" offset={{ vertical: 56 }} pauseOnHover pauseOnWindowBlur />
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used within a NotifyProvider');
  return notify;
}
