/** `GET auth/providers`: which third-party sign-in buttons to show. */
import * as routes from '@conversa/contract/routes/auth';
import type { AuthProviders } from '@conversa/contract/auth';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of the providers. */
export const providersKey = ['auth/providers'] as const;

/** The configured Google and Microsoft client ids (null when a provider is off). */
export function getProviders(client: DataClient, options?: CallOptions): Promise<AuthProviders> {
  return client.endpoint(routes.providers, options);
}

/** The configured providers. */
export function useProviders() {
  const client = useDataClient();
  return useSWR<AuthProviders, ApiRequestError>(providersKey, () => getProviders(client, { report: false }));
}
