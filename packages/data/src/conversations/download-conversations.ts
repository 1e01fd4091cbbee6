/** `GET institution-product/{id}/conversation/download`: the filtered list as a CSV file. */
import * as routes from '@conversa/contract/routes/conversations';
import type { DataClient } from '../client';
import { type ConversationsQuery, conversationsSearch, normalizeConversationsQuery } from './keys';

/** The CSV of the list with `query`'s filters (its page ignored), and the name the server gives it. */
export async function downloadConversations(
  client: DataClient,
  assistantId: number,
  query: ConversationsQuery = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await client.stream(routes.downloadConversations, {
    params: { id: assistantId },
    searchParams: conversationsSearch(normalizeConversationsQuery(query), false),
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `conversations-${assistantId}.csv`;
  return { blob: await response.blob(), filename };
}
