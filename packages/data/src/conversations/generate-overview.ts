/** `POST conversation/{id}/overview`: makes (or makes again) a conversation's overview. */
import type { ConversationDetail, Overview } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import { unstable_serialize } from 'swr';
import type { DataClient } from '../client';
import { conversationKey, isAnyConversationListKey } from './keys';
import { useWrite } from '../mutation';

/** Makes the overview; the cached conversation shows it, and its list rows say it has one. */
export async function generateOverview(client: DataClient, id: string): Promise<Overview> {
  const overview = await client.endpoint(routes.generateOverview, { params: { id } });
  const key = conversationKey(id);
  const cached = client.cache.peek(unstable_serialize(key))?.data as ConversationDetail | undefined;
  if (cached) await client.setCached(key, { ...cached, overview });
  // The list rows say whether a conversation has one.
  await client.invalidate(isAnyConversationListKey);
  return overview;
}

/** `trigger()` makes the overview of conversation `id`. */
export function useGenerateOverview(id: string) {
  return useWrite(routes.generateOverview, generateOverview, id);
}
