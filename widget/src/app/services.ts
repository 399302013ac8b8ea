import { createApiClient, type ApiClient } from '@shared/api/client';
import type { PublicConfig } from '@shared/schemas/system';
import type { AuthService } from '../features/auth/auth-service';
import { createBrowserAuth } from '@shared/auth-rest';

/** The server calls the widget makes (the typed client of shared/, or a stub in component tests). */
export type WidgetApi = Pick<
  ApiClient,
  'getConfig' | 'getUser' | 'createUser' | 'getCredits' | 'getSettings' | 'enrich' | 'quoteEnrich' | 'getEnrichment' | 'searchPost'
>;

export interface Services {
  api: WidgetApi;
  auth: AuthService;
  config: PublicConfig;
  apiBaseUrl: string;
}

/** Reads GET /api/config (no sign-in needed), then starts sign-in (Firebase Auth's REST API) from it. */
export async function loadServices(apiBaseUrl: string): Promise<Services> {
  let auth: AuthService | null = null;
  const api = createApiClient({ baseUrl: apiBaseUrl, getToken: async () => (auth ? auth.getToken() : null) });
  const config = await api.getConfig();
  auth = createBrowserAuth(config, { name: 'widget', sdkAppName: 'icebreak-widget' });
  return { api, auth, config, apiBaseUrl };
}

/** Portal pages the widget links to (registration, verification, upgrades, settings). */
export function portalLink(config: PublicConfig, path: string): string {
  return `${config.portalUrl.replace(/\/$/, '')}${path}`;
}
