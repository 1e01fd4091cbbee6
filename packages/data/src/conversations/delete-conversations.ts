/** `POST conversation/delete`: deletes conversations of the current institution, all or none. */
import type { MessageResult } from '@conversa/contract/common';
import * as routes from '@conversa/contract/routes/conversations';
import type { DataClient } from '../client';
import { conversationKey, isAnyConversationListKey } from './keys';
import { useWrite } from '../mutation';

/** Deletes conversations `ids`; the lists and dashboards refresh, their transcripts leave the cache. */
export async function deleteConversations(
  client: DataClient,
  ids: readonly string[],
): Promise<MessageResult> {
  const result = await client.endpoint(routes.deleteConversations, { json: { ids } });
  const gone = new Set(ids.map((id) => JSON.stringify(conversationKey(id))));
  await client.invalidate((key) => isAnyConversationListKey(key) || gone.has(JSON.stringify(key)));
  return result;
}

/** `trigger(ids)` deletes conversations; answers the server's `{message, code}` ('Delete successfully.'). */
export function useDeleteConversations() {
  return useWrite(routes.deleteConversations, deleteConversations);
}
