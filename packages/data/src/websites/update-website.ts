/** `PUT institution-product/{id}/website/{siteId}`: changes a site's settings (pages, patterns, schedule). */
import * as routes from '@conversa/contract/routes/websites';
import type { UpdateWebsiteBody, Website } from '@conversa/contract/website';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';
import { editCachedWebsites, mergeWebsites } from './keys';

/** Changes the settings given (the rest stay); the cached list takes the answer. */
export async function updateWebsite(
  client: DataClient,
  id: number,
  siteId: number,
  body: UpdateWebsiteBody,
): Promise<Website> {
  const site = await client.endpoint(routes.updateWebsite, { params: { id, siteId }, json: body });
  await editCachedWebsites(client, id, (list) => mergeWebsites(list, [site]));
  return site;
}

/** `trigger(body)` changes the site `siteId` of the assistant `id`. */
export function useUpdateWebsite(id: number, siteId: number) {
  return useWrite(routes.updateWebsite, updateWebsite, id, siteId);
}
