/** `POST institution-product/{id}/website/{siteId}/owner-check`: checks the site's owner tag. */
import * as routes from '@conversa/contract/routes/websites';
import type { Website } from '@conversa/contract/website';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';
import { editCachedWebsites, mergeWebsites } from './keys';

/**
 * Asks the server to look for the site's owner tag on its host's home page; the answer (the site,
 * `owner_check: 'checking'`) replaces it in the cached list, and the site's event says what was found.
 */
export async function checkWebsiteOwner(client: DataClient, id: number, siteId: number): Promise<Website> {
  const site = await client.endpoint(routes.verifyWebsiteOwner, { params: { id, siteId } });
  await editCachedWebsites(client, id, (list) => mergeWebsites(list, [site]));
  return site;
}

/** `trigger()` asks for a check of the owner tag of the site `siteId` of the assistant `id`. */
export function useCheckWebsiteOwner(id: number, siteId: number) {
  return useWrite(routes.verifyWebsiteOwner, checkWebsiteOwner, id, siteId);
}
