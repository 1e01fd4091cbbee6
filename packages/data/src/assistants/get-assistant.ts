/** `GET institution-product/{id}`: one assistant with all its settings, as the contract types it. */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantDetail } from '@conversa/contract/assistant';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { assistantKey } from './keys';

/** SWR key of one assistant (shared with the writes, in `keys.ts`). */
export { assistantKey } from './keys';

/** The assistant's detail: name, logo, suggested questions, handoff, public link and snippet. */
export function getAssistant(
  client: DataClient,
  id: number,
  options?: CallOptions,
): Promise<AssistantDetail> {
  return client.endpoint(routes.getAssistant, { ...options, params: { id } });
}

/** One assistant; nothing while `id` is null. The screen shows a failure, so it is not reported. */
export function useAssistant(id: number | null | undefined) {
  const client = useDataClient();
  return useSWR<AssistantDetail, ApiRequestError, ReturnType<typeof assistantKey> | null>(
    id ? assistantKey(id) : null,
    ([, key]) => getAssistant(client, key, { report: false }),
  );
}
