/** `POST institution-product`: creates an assistant of a type in the session's institution. */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantDetail, CreateAssistantBody } from '@conversa/contract/assistant';
import type { DataClient } from '../client';
import { storeAssistant } from './keys';
import { useWrite } from '../mutation';

/** Creates it; its detail is cached and the institution's assistant list refetches. */
export async function createAssistant(
  client: DataClient,
  body: CreateAssistantBody,
): Promise<AssistantDetail> {
  const assistant = await client.endpoint(routes.createAssistant, { json: body });
  await storeAssistant(client, assistant);
  return assistant;
}

/** `trigger({type, name})` creates the assistant. */
export function useCreateAssistant() {
  return useWrite(routes.createAssistant, createAssistant);
}
