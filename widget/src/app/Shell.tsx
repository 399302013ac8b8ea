import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FluentProvider, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { PageContext } from '../sdk/page-context';
import type { ZohoCrm } from '../sdk/zoho-crm';
import { ZohoSdkError } from '../sdk/zoho-error';
import { widgetTheme } from './theme';
import { WIDGET_TEXT } from './messages';
import type { Services } from './services';
import { createWidgetQueryClient } from './query-client';

// Everything past the first paint (sign-in, Firebase, the API client, the tools) loads on demand,
// in parallel with Zoho's PageLoad, so the CRM page is not slowed down by the widget.
const loadWidgetApp = () => import('./WidgetApp');
const WidgetApp = lazy(loadWidgetApp);

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    padding: '12px',
    minWidth: '280px',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
  },
  failure: {
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
});

export interface ShellProps {
  /** The ZOHO SDK wrapped (loads Zoho's script, or takes a stand-in). */
  loadCrm(): Promise<ZohoCrm>;
  /** Ready services (component tests); else the widget loads them from the server. */
  services?: Services;
}

/** Connect to Zoho CRM, keep the iframe sized to the content, then show the widget. */
export function Shell(props: ShellProps) {
  const [queryClient] = useState(createWidgetQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectedShell {...props} />
    </QueryClientProvider>
  );
}

async function connect(loadCrm: ShellProps['loadCrm']): Promise<{ crm: ZohoCrm; page: PageContext }> {
  void loadWidgetApp().catch(() => undefined);
  const crm = await loadCrm();
  return { crm, page: await crm.init() };
}

function connectionFailure(err: unknown): string {
  return err instanceof ZohoSdkError ? err.message : `The Zoho CRM connection failed: ${err instanceof Error ? err.message : String(err)}`;
}

function ConnectedShell({ loadCrm, services }: ShellProps) {
  const styles = useStyles();
  // Zoho's init answers once per page load (one query client per Shell): never refetched, never retried.
  const connection = useQuery({ queryKey: ['zoho-connection'], queryFn: () => connect(loadCrm) });
  const state = connection.data ?? (connection.isError ? { error: connectionFailure(connection.error) } : null);
  const rootRef = useRef<HTMLDivElement>(null);

  const crm = state && 'crm' in state ? state.crm : null;
  useEffect(() => {
    const el = rootRef.current;
    if (!crm || !el || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    let frame = 0;
    const send = () => {
      frame = 0;
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last || height === 0) return;
      last = height;
      crm.resize({ height, width: window.innerWidth || el.clientWidth }).catch(() => undefined);
    };
    const observer = new ResizeObserver(() => {
      if (!frame) frame = requestAnimationFrame(send);
    });
    observer.observe(el);
    send();
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [crm]);

  return (
    <FluentProvider theme={widgetTheme}>
      <div ref={rootRef} className={styles.root} data-testid="widget-root">
        {state === null && <Spinner size="small" label="Connecting to Zoho CRM…" />}
        {state && 'error' in state && (
          <div role="alert" className={styles.failure}>
            <strong>{WIDGET_TEXT.sdkFailure}</strong>
            <div>{state.error}</div>
          </div>
        )}
        {state && 'crm' in state && (
          <Suspense fallback={<Spinner size="small" label="Loading…" />}>
            <WidgetApp crm={state.crm} page={state.page} services={services} />
          </Suspense>
        )}
      </div>
    </FluentProvider>
  );
}
