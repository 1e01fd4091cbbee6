/**
 * `PUT institution-product/{id}`: changes some of an assistant's settings (name, suggested
 * questions, handoff, public link, snippet); the fields left out keep their values.
 */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantDetail, UpdateAssistantBody } from '@conversa/contract/assistant';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { storeAssistant } from './keys';
import { useWrite } from '../mutation';

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
  return useWrite(routes.updateAssistant, updateAssistant, id);
}
