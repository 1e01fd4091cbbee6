/** `PUT institution-product/{id}/website/{siteId}`: changes a site's settings (pages, patterns, schedule). */
import * as routes from '@conversa/contract/routes/websites';
import type { UpdateWebsiteBody, Website } from '@conversa/contract/website';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { routeKey } from '../keys';
import { useDataClient } from '../provider';
import { editCachedWebsites, mergeWebsites } from './keys';

/** SWR key of this mutation (one per site). */
export const updateWebsiteKey = (id: number, siteId: number) => routeKey(routes.updateWebsite, { id, siteId });

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
  const client = useDataClient();
  return useSWRMutation<Website, ApiRequestError, ReturnType<typeof updateWebsiteKey>, UpdateWebsiteBody>(
    updateWebsiteKey(id, siteId),
    (_key, { arg }) => updateWebsite(client, id, siteId, arg),
  );
}
