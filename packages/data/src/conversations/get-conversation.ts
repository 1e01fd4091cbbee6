/** `GET conversation/{id}`: a transcript as the visitor saw it, with the contact and the overview. */
import type { ConversationDetail } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import type { CallOptions, DataClient } from '../client';
import type { ReadResponse } from '../swr-config';
import { conversationKey } from './keys';
import { useCached } from '../cached';

/** One conversation. */
export function getConversation(
  client: DataClient,
  id: string,
  options?: CallOptions,
): Promise<ConversationDetail> {
  return client.endpoint(routes.getConversationDetail, { ...options, params: { id } });
}

/** One conversation; null `id` reads nothing. */
export function useConversation(id: string | null | undefined): ReadResponse<ConversationDetail> {
  return useCached(id ? [id] : null, conversationKey, getConversation);
}
