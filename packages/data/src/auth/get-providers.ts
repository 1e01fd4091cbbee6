/** `GET auth/providers`: which third-party sign-in buttons to show. */
import * as routes from '@conversa/contract/routes/auth';
import { type AuthProviders, AuthProvidersSchema, PROVIDERS_META } from '@conversa/contract/auth';
import * as v from 'valibot';
import type { CallOptions, DataClient } from '../client';
import { routeKey } from '../keys';
import { useCached } from '../cached';
import type { ReadResponse } from '../swr-config';

/** SWR key of the providers. */
export const providersKey = routeKey(routes.providers, undefined);

/** The configured Google and Microsoft client ids (null when a provider is off). */
export function getProviders(client: DataClient, options?: CallOptions): Promise<AuthProviders> {
  return client.endpoint(routes.providers, options);
}

/** The providers the server wrote into the page (the console's `index.html`); undefined elsewhere. */
export function providersOnPage(doc: Document | undefined = globalThis.document): AuthProviders | undefined {
  const content = doc?.querySelector(`meta[name="${PROVIDERS_META}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    const parsed = v.safeParse(AuthProvidersSchema, JSON.parse(content));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** The configured providers: at once from the page when it names them, else asked for. */
export function useProviders(): ReadResponse<AuthProviders> {
  const onPage = providersOnPage();
  return useCached([], () => providersKey, getProviders, {
    fallbackData: onPage,
    revalidateOnMount: onPage === undefined,
  });
}
