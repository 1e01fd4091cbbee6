/**
 * `PUT institution-product/{id}`: changes some of an assistant's settings (name, suggested
 * questions, handoff, public link, snippet); the fields left out keep their values.
 */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantDetail, UpdateAssistantBody } from '@conversa/contract/assistant';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { assistantKey, storeAssistant } from './keys';

/** What a save may change; snippet fields merge into the current snippet on the server. */
export type AssistantChanges = EitherCase<UpdateAssistantBody>;

/** Saves the changes; the cached detail becomes the answer and the assistant list refetches. */
export async function updateAssistant(
  client: DataClient,
  id: number,
  changes: AssistantChanges,
): Promise<AssistantDetail> {
  const assistant = await client.endpoint(routes.updateAssistant, { params: { id }, json: changes });
  await storeAssistant(client, assistant);
  return assistant;
}

/** `trigger(changes)` saves the assistant `id`. */
export function useUpdateAssistant(id: number) {
  const client = useDataClient();
  return useSWRMutation<
    AssistantDetail,
    ApiRequestError,
    ReturnType<typeof assistantKey>,
    AssistantChanges
  >(
    assistantKey(id),
    (_key, { arg }) => updateAssistant(client, id, arg),
    // updateAssistant already wrote the cache entries.
    { populateCache: false, revalidate: false },
  );
}
