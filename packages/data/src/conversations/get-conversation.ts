/** `GET conversation/{id}`: a transcript as the visitor saw it, with the contact and the overview. */
import type { ConversationDetail } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import type { ReadResponse } from '../swr-config';
import { conversationKey } from './keys';

/** One conversation. */
export function getConversation(client: DataClient, id: string, options?: CallOptions): Promise<ConversationDetail> {
  return client.endpoint(routes.getConversationDetail, { ...options, params: { id } });
}

/** One conversation; null `id` reads nothing. */
export function useConversation(id: string | null | undefined): ReadResponse<ConversationDetail> {
  const client = useDataClient();
  return useSWR<ConversationDetail, ApiRequestError, ReturnType<typeof conversationKey> | null>(
    id ? conversationKey(id) : null,
    ([, key]) => getConversation(client, key, { report: false }),
  );
}
