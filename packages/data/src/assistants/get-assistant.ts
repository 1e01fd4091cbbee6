/** `GET institution-product/{id}`: one assistant with all its settings, as the contract types it. */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantDetail } from '@conversa/contract/assistant';
import type { CallOptions, DataClient } from '../client';
import { assistantKey } from './keys';
import { useCached } from '../cached';

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
  return useCached(id ? [id] : null, assistantKey, getAssistant);
}
