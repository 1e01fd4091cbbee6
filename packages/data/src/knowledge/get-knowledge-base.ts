/** `GET institution-product/{id}/knowledge-base`: the assistant's free knowledge-base text. */
import * as routes from '@conversa/contract/routes/assistants';
import type { KnowledgeBase } from '@conversa/contract/assistant';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { knowledgeBaseKey } from './keys';

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
  const client = useDataClient();
  return useSWR<KnowledgeBase, ApiRequestError, ReturnType<typeof knowledgeBaseKey> | null>(
    id ? knowledgeBaseKey(id) : null,
    ([, key]) => getKnowledgeBase(client, key, { report: false }),
  );
}
