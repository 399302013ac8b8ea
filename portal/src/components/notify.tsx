import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export interface Notice {
  title: string;
  body?: string;
  /** 'error' is the destructive style (docs/product.md#client-behaviour). */
  intent?: 'success' | 'error' | 'info' | 'warning';
}

type Notify = (notice: Notice) => void;
const NotifyContext = createContext<Notify | null>(null);

const LazyToaster = lazy(() => import('./LazyToaster'));

/** Toasts (docs/product.md#client-behaviour): one visible at a time, shown for 5 s. The toaster loads with the first notice. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const show = useRef<Notify | null>(null);
  // Notices given before the toaster has loaded; shown (the newest replacing the rest) once it has.
  const waiting = useRef<Notice[]>([]);
  const notify = useCallback<Notify>((notice) => {
    if (show.current) return show.current(notice);
    waiting.current.push(notice);
    setWanted(true);
  }, []);
  const onReady = useCallback((ready: Notify) => {
    show.current = ready;
    waiting.current.splice(0).forEach(ready);
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <LazyToaster onReady={onReady} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used within a NotifyProvider');
  return notify;
}
