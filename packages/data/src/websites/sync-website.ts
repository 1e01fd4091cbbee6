/** `POST institution-product/{id}/website/{siteId}/sync`: crawls a site again now. */
import * as routes from '@conversa/contract/routes/websites';
import type { Website } from '@conversa/contract/website';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { routeKey } from '../keys';
import { useDataClient } from '../provider';
import { editCachedWebsites, mergeWebsites } from './keys';

/** SWR key of this mutation (one per site). */
export const syncWebsiteKey = (id: number, siteId: number) => routeKey(routes.syncWebsite, { id, siteId });

/**
 * Starts a crawl of the site; the answer (the site, `crawling`) replaces it in the cached list.
 * While a crawl of it runs the server answers 409 `crawl_running`.
 */
export async function syncWebsite(client: DataClient, id: number, siteId: number): Promise<Website> {
  const site = await client.endpoint(routes.syncWebsite, { params: { id, siteId } });
  await editCachedWebsites(client, id, (list) => mergeWebsites(list, [site]));
  return site;
}

/** `trigger()` crawls the site `siteId` of the assistant `id` again. */
export function useSyncWebsite(id: number, siteId: number) {
  const client = useDataClient();
  return useSWRMutation<Website, ApiRequestError, ReturnType<typeof syncWebsiteKey>>(
    syncWebsiteKey(id, siteId),
    () => syncWebsite(client, id, siteId),
  );
}
