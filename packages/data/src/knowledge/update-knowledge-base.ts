/** `PUT institution-product/{id}/knowledge-base`: replaces the assistant's knowledge-base text. */
import * as routes from '@conversa/contract/routes/assistants';
import type { KnowledgeBase } from '@conversa/contract/assistant';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { knowledgeBaseKey } from './keys';

/** Saves the text; the cached copy becomes the answer. */
export async function updateKnowledgeBase(
  client: DataClient,
  id: number,
  body: KnowledgeBase,
): Promise<KnowledgeBase> {
  const saved = await client.endpoint(routes.putKnowledgeBase, { params: { id }, json: body });
  await client.setCached(knowledgeBaseKey(id), saved);
  return saved;
}

/** `trigger({text})` saves the knowledge base of the assistant `id`. */
export function useUpdateKnowledgeBase(id: number) {
  const client = useDataClient();
  return useSWRMutation<KnowledgeBase, ApiRequestError, ReturnType<typeof knowledgeBaseKey>, KnowledgeBase>(
    knowledgeBaseKey(id),
    (_key, { arg }) => updateKnowledgeBase(client, id, arg),
    // updateKnowledgeBase already wrote the cache entry.
    { populateCache: false, revalidate: false },
  );
}
