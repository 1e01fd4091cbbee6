/** `PUT institution-product/{id}/knowledge-base`: replaces the assistant's knowledge-base text. */
import * as routes from '@conversa/contract/routes/assistants';
import type { KnowledgeBase } from '@conversa/contract/assistant';
import type { DataClient } from '../client';
import { knowledgeBaseKey } from './keys';
import { useWrite } from '../mutation';

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
  return useWrite(routes.putKnowledgeBase, updateKnowledgeBase, id);
}
