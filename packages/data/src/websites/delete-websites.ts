/** `POST institution-product/{id}/website/delete`: removes sites with their pages and what was learnt from them. */
import type { MessageResult } from '@conversa/contract/common';
import * as routes from '@conversa/contract/routes/websites';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';
import { editCachedWebsites, isWebsitePagesKey, mergeWebsites } from './keys';

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
  return useWrite(routes.deleteWebsites, deleteWebsites, id);
}
