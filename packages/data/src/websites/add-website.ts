/** `POST institution-product/{id}/website`: adds a site (or a sitemap's address) and starts its crawl. */
import * as routes from '@conversa/contract/routes/websites';
import type { CreateWebsiteBody, Website } from '@conversa/contract/website';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';
import { editCachedWebsites, mergeWebsites } from './keys';

/**
 * Adds the site; the server answers it `crawling` and crawls in the background. It joins the
 * cached list at once; its next states come as events. A refused address is 400 `url_not_allowed`.
 */
export async function addWebsite(client: DataClient, id: number, body: CreateWebsiteBody): Promise<Website> {
  const site = await client.endpoint(routes.addWebsite, { params: { id }, json: body });
  await editCachedWebsites(client, id, (list) => mergeWebsites(list, [site]));
  return site;
}

/** `trigger(body)` adds a site to the assistant `id`; errors stay with the form (not reported as a toast). */
export function useAddWebsite(id: number) {
  return useWrite(routes.addWebsite, addWebsite, id);
}
