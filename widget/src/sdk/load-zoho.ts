import type { ZohoGlobal } from './zoho-types';
import { ZohoSdkError } from './zoho-error';

/** Zoho's Embedded App SDK (docs/architecture.md#zoho-sdk-facts); `VITE_ZOHO_SDK_URL` may point elsewhere at build time. */
export const ZOHO_SDK_URL: string = import.meta.env.VITE_ZOHO_SDK_URL || 'https://live.zwidgets.com/js-sdk/1.5/ZohoEmbededAppSDK.min.js';

/**
 * What a stand-in CRM page (widget/dev/) exposes to a widget it frames from the same origin: its own
 * `ZOHO` object and the API server to use. Zoho's real pages are another origin, so this is never
 * readable there.
 */
export interface StandInHost {
  createZoho(): ZohoGlobal;
  apiBaseUrl?: string;
}

declare global {
  interface Window {
    ZOHO?: ZohoGlobal;
    __ICEBREAK_STANDIN__?: StandInHost;
  }
}

/** The stand-in of a same-origin parent page, if any (cross-origin access throws: no stand-in). */
export function standInHost(win: Window = window): StandInHost | null {
  try {
    if (win.parent === win) return win.__ICEBREAK_STANDIN__ ?? null;
    return win.parent.__ICEBREAK_STANDIN__ ?? null;
  } catch {
    return null;
  }
}

function isZoho(value: unknown): value is ZohoGlobal {
  const z = value as ZohoGlobal | undefined;
  return Boolean(z && z.embeddedApp && typeof z.embeddedApp.on === 'function' && z.CRM && z.CRM.API);
}

function injectScript(src: string, doc: Document, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('the script could not be downloaded'));
    };
    doc.head.appendChild(script);
  });
}

/**
 * The ZOHO global: one already on the page, else the stand-in of a same-origin parent, else Zoho's
 * SDK script. Fails with a ZohoSdkError a person can act on.
 */
export async function loadZoho(options: { win?: Window; sdkUrl?: string; timeoutMs?: number } = {}): Promise<ZohoGlobal> {
  const win = options.win ?? window;
  if (isZoho(win.ZOHO)) return win.ZOHO;
  const standIn = standInHost(win);
  if (standIn) {
    win.ZOHO = standIn.createZoho();
    return win.ZOHO;
  }
  const url = options.sdkUrl ?? ZOHO_SDK_URL;
  try {
    await injectScript(url, win.document, options.timeoutMs ?? 20_000);
  } catch (err) {
    throw new ZohoSdkError(
      `The Zoho CRM SDK could not be loaded from ${url} (${(err as Error).message}). Check your connection and reload the page.`,
      'load',
      err,
    );
  }
  if (!isZoho(win.ZOHO)) {
    throw new ZohoSdkError('The Zoho CRM SDK loaded but did not start. Open this widget from inside Zoho CRM.', 'load');
  }
  return win.ZOHO;
}
