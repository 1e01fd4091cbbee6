/** `POST institution-product`: creates an assistant of a type in the session's institution. */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantDetail, CreateAssistantBody } from '@conversa/contract/assistant';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { storeAssistant } from './keys';

/** SWR key of this mutation. */
export const createAssistantKey = 'institution-product/create';

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
  const client = useDataClient();
  return useSWRMutation<AssistantDetail, ApiRequestError, string, CreateAssistantBody>(
    createAssistantKey,
    (_key, { arg }) => createAssistant(client, arg),
  );
}
