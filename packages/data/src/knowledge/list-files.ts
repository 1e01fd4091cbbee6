/** `GET institution-product/{id}/file`: the assistant's uploaded files with their state, newest first. */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantFile } from '@conversa/contract/knowledge';
import type { CallOptions, DataClient } from '../client';
import { filesKey } from './keys';
import { useCached } from '../cached';

export { filesKey } from './keys';

/** The files. */
export function listFiles(client: DataClient, id: number, options?: CallOptions): Promise<AssistantFile[]> {
  return client.endpoint(routes.listFiles, { ...options, params: { id } });
}

/**
 * The files; nothing while `id` is null. Their states change on the server: mount
 * `useAssistantEvents` beside this hook to follow them. The screen shows a failure, so it is not reported.
 */
export function useFiles(id: number | null | undefined) {
  return useCached(id ? [id] : null, filesKey, listFiles);
}
