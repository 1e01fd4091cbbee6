/** `GET institution-product/{id}/knowledge-base`: the assistant's free knowledge-base text. */
import * as routes from '@conversa/contract/routes/assistants';
import type { KnowledgeBase } from '@conversa/contract/assistant';
import type { CallOptions, DataClient } from '../client';
import { knowledgeBaseKey } from './keys';
import { useCached } from '../cached';

export { knowledgeBaseKey } from './keys';

/** The knowledge-base text (`{text}`). */
export function getKnowledgeBase(
  client: DataClient,
  id: number,
  options?: CallOptions,
): Promise<KnowledgeBase> {
  return client.endpoint(routes.getKnowledgeBase, { ...options, params: { id } });
}

/** The knowledge-base text; nothing while `id` is null. The screen shows a failure, so it is not reported. */
export function useKnowledgeBase(id: number | null | undefined) {
  return useCached(id ? [id] : null, knowledgeBaseKey, getKnowledgeBase);
}
