/** `GET institution-product/{id}`: one assistant, lifted (see `assistant-summary.ts`). */
import { routeKey } from '../keys';
import * as routes from '@conversa/contract/routes/assistants';
import type { CallOptions, DataClient } from '../client';
import { type AssistantSummary, liftAssistant } from './assistant-summary';
import { useCached } from '../cached';

/** SWR key of one assistant. */
export const assistantSummaryKey = (id: number) => routeKey(routes.getAssistant, { id });

/** One assistant. */
export async function getAssistantSummary(
  client: DataClient,
  id: number,
  options?: CallOptions,
): Promise<AssistantSummary> {
  return liftAssistant(await client.endpoint(routes.getAssistant, { ...options, params: { id } }));
}

/** One assistant; nothing while `id` is null. */
export function useAssistantSummary(id: number | null | undefined) {
  return useCached(id ? [id] : null, assistantSummaryKey, getAssistantSummary);
}
