/** `POST institution-product/{id}/website/delete`: removes sites with their pages and what was learnt from them. */
import type { MessageResult } from '@conversa/contract/common';
import * as routes from '@conversa/contract/routes/websites';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { routeKey } from '../keys';
import { useDataClient } from '../provider';
import { editCachedWebsites, isWebsitePagesKey, mergeWebsites } from './keys';

/** SWR key of this mutation (one per assistant). */
export const deleteWebsitesKey = (id: number) => routeKey(routes.deleteWebsites, { id });

/** Removes the sites `ids`; they leave the cached list, and their cached pages go stale. */
export async function deleteWebsites(
  client: DataClient,
  id: number,
  ids: readonly number[],
): Promise<MessageResult> {
  const result = await client.endpoint(routes.deleteWebsites, { params: { id }, json: { ids } });
  await editCachedWebsites(client, id, (list) => mergeWebsites(list, [], ids));
  await Promise.all(ids.map((siteId) => client.invalidate(isWebsitePagesKey(id, siteId))));
  return result;
}

/** `trigger(ids)` removes sites of the assistant `id`. */
export function useDeleteWebsites(id: number) {
  const client = useDataClient();
  return useSWRMutation<MessageResult, ApiRequestError, ReturnType<typeof deleteWebsitesKey>, readonly number[]>(
    deleteWebsitesKey(id),
    (_key, { arg }) => deleteWebsites(client, id, arg),
  );
}
