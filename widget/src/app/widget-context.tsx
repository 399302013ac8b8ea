import { createContext, useContext } from 'react';
import type { PageContext } from '../sdk/page-context';
import type { ZohoCrm } from '../sdk/zoho-crm';
import type { AuthUser } from '../features/auth/auth-service';
import type { Services } from './services';

export interface WidgetContextValue extends Services {
  crm: ZohoCrm;
  page: PageContext;
  user: AuthUser;
  /** The balance; null while loading. */
  credits: number | null;
  setCredits(credits: number): void;
  /** Re-read the balance from the server; returns it. */
  refreshCredits(): Promise<number>;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget must be used inside the signed-in widget');
  return value;
}
