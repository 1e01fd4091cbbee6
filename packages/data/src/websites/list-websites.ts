/** `GET institution-product/{id}/website`: the websites an assistant learns from, newest first. */
import * as routes from '@conversa/contract/routes/websites';
import type { Website } from '@conversa/contract/website';
import type { CallOptions, DataClient } from '../client';
import type { ReadResponse } from '../swr-config';
import { websitesKey } from './keys';
import { useCached } from '../cached';

export { websitesKey } from './keys';

/** The websites with their crawl state and page counts. */
export function listWebsites(client: DataClient, id: number, options?: CallOptions): Promise<Website[]> {
  return client.endpoint(routes.listWebsites, { ...options, params: { id } });
}

/**
 * The websites; nothing while `id` is null. Their states change on the server: mount
 * `useWebsiteEvents` beside this hook to follow them. The screen shows a failure, so it is not reported.
 */
export function useWebsites(id: number | null | undefined): ReadResponse<Website[]> {
  return useCached(id ? [id] : null, websitesKey, listWebsites);
}
