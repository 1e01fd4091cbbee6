/** `GET institution-product/{id}`: one assistant, lifted (see `assistant-summary.ts`). */
import { routeKey } from '../keys';
import * as routes from '@conversa/contract/routes/assistants';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { type AssistantSummary, liftAssistant } from './assistant-summary';

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
  const client = useDataClient();
  return useSWR<AssistantSummary, ApiRequestError, ReturnType<typeof assistantSummaryKey> | null>(
    id ? assistantSummaryKey(id) : null,
    ([, key]) => getAssistantSummary(client, key, { report: false }),
  );
}
