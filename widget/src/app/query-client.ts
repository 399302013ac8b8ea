import { QueryClient } from '@tanstack/react-query';

/**
 * One client per widget instance. Reads happen once and stay (the lead, the account and the config do
 * not change under the widget); failures are shown with a "Try again" button rather than retried
 * silently, and nothing refetches on focus (the CRM page focuses the iframe often).
 */
export function createWidgetQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Keys of what belongs to the signed-in user, all under ['user', uid]: removed on sign-out, so the
 * next person to sign in on this widget reads their own (the lead itself comes from Zoho and stays).
 */
export const userKeys = {
  all: ['user'] as const,
  credits: (uid: string) => ['user', uid, 'credits'] as const,
  settings: (uid: string) => ['user', uid, 'settings'] as const,
  enrichment: (uid: string, leadId: string) => ['user', uid, 'enrichment', leadId] as const,
};
