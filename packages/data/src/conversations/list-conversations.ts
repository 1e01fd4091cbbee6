/** `GET institution-product/{id}/conversation`: an assistant's conversations, newest interaction first, filtered. */
import type { ConversationListItem } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import type { CallOptions, DataClient } from '../client';
import { getPage, type Page } from '../pagination';
import type { ReadResponse } from '../swr-config';
import {
  type ConversationsQuery,
  conversationsKey,
  conversationsSearch,
  normalizeConversationsQuery,
} from './keys';
import { useCached } from '../cached';

export type { ConversationsQuery } from './keys';

/** One page of the list. */
export function listConversations(
  client: DataClient,
  assistantId: number,
  query: ConversationsQuery = {},
  options?: CallOptions,
): Promise<Page<ConversationListItem>> {
  return getPage(client, routes.listConversations, {
    ...options,
    params: { id: assistantId },
    searchParams: conversationsSearch(normalizeConversationsQuery(query), true),
  });
}

/** A page of the list; the previous page stays on screen while the next one loads. */
export function useConversations(
  assistantId: number | null | undefined,
  query: ConversationsQuery = {},
): ReadResponse<Page<ConversationListItem>> {
  return useCached(assistantId ? [assistantId, query] : null, conversationsKey, listConversations, {
    keepPreviousData: true,
  });
}
