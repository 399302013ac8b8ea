import { createApiClient, type ApiClient } from '@shared/api/client';
import type { PublicConfig } from '@shared/schemas/system';
import type { AuthService } from '../features/auth/auth-service';
import { createFirebaseAuth } from '@shared/auth-firebase';

/** The server calls the widget makes (the typed client of shared/, or a stub in component tests). */
export type WidgetApi = Pick<
  ApiClient,
  | 'getConfig'
  | 'getUser'
  | 'createUser'
  | 'getCredits'
  | 'getTeamPool'
  | 'getSettings'
  | 'enrich'
  | 'quoteEnrich'
  | 'getEnrichment'
  | 'searchPost'
>;

export interface Services {
  api: WidgetApi;
  auth: AuthService;
  config: PublicConfig;
  apiBaseUrl: string;
}

/** Reads GET /api/config (no sign-in needed), then starts sign-in (the Firebase JS SDK, loaded on demand) from it. */
export async function loadServices(apiBaseUrl: string): Promise<Services> {
  let auth: AuthService | null = null;
  const api = createApiClient({ baseUrl: apiBaseUrl, getToken: async () => (auth ? auth.getToken() : null) });
  const config = await api.getConfig();
  // Its own Firebase app name: the widget's session is not the portal's where both run on one origin.
  auth = createFirebaseAuth(config, { appName: 'icebreak-widget' });
  return { api, auth, config, apiBaseUrl };
}

/** Portal pages the widget links to (registration, verification, upgrades, settings). */
export function portalLink(config: PublicConfig, path: string): string {
  return `${config.portalUrl.replace(/\/$/, '')}${path}`;
}
