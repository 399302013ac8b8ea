import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@shared/api/client';
import type { PublicConfig } from '@shared/schemas';

export interface Services {
  api: ApiClient;
  config: PublicConfig;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ value, children }: { value: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

/** The typed API client and the server's public configuration. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used within a ServicesProvider');
  return services;
}
