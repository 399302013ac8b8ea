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
