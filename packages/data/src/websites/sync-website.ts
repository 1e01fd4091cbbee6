/** `POST institution-product/{id}/website/{siteId}/sync`: crawls a site again now. */
import * as routes from '@conversa/contract/routes/websites';
import type { Website } from '@conversa/contract/website';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';
import { editCachedWebsites, mergeWebsites } from './keys';

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
  return useWrite(routes.syncWebsite, syncWebsite, id, siteId);
}
