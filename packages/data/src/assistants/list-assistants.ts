/** `GET institution/{id}/product`: an institution's assistants, lifted (see `assistant-summary.ts`). */
import * as routes from '@conversa/contract/routes/assistants';
import { routeKey } from '../keys';
import type { CallOptions, DataClient } from '../client';
import { useSession } from '../provider';
import { type AssistantSummary, liftAssistant } from './assistant-summary';
import { useCached } from '../cached';

/** SWR key of an institution's assistants (the segments of its path, `institution/{id}/product`). */
export const assistantsKey = (institutionId: number) =>
  routeKey(routes.listAssistants, { id: institutionId });

/** The institution's assistants. */
export async function listAssistants(
  client: DataClient,
  institutionId: number,
  options?: CallOptions,
): Promise<AssistantSummary[]> {
  const assistants = await client.endpoint(routes.listAssistants, {
    ...options,
    params: { id: institutionId },
  });
  return assistants.map(liftAssistant);
}

/** The assistants of an institution (default: the session's). */
export function useAssistants(institutionId?: number | null) {
  const session = useSession();
  const id = institutionId === undefined ? session.institutionId : institutionId;
  return useCached(id ? [id] : null, assistantsKey, listAssistants);
}
