import { standInHost } from '../sdk/load-zoho';

export const DEFAULT_API_BASE_URL = 'http://localhost:8787';

/**
 * The Icebreak & Enrich server the widget talks to: fixed at build time with `VITE_API_BASE_URL`
 * (Zoho serves the widget from its own host, so the API is always another origin), overridden only by
 * a same-origin stand-in CRM page (development and tests).
 */
export function apiBaseUrl(): string {
  const fromStandIn = standInHost()?.apiBaseUrl;
  const fromBuild = import.meta.env.VITE_API_BASE_URL as string | undefined;
  return (fromStandIn || fromBuild || DEFAULT_API_BASE_URL).replace(/\/$/, '');
}
