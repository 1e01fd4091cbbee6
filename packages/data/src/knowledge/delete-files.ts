/** `POST institution-product/{id}/file/delete`: deletes files and what was learnt from them. */
import * as routes from '@conversa/contract/routes/assistants';
import type { MessageResult } from '@conversa/contract/common';
import type { DataClient } from '../client';
import { editCachedFiles, mergeFiles } from './keys';
import { useWrite } from '../mutation';

/** Deletes the files `ids`; they leave the cached list. Answers the server's `{message, code}`. */
export async function deleteFiles(
  client: DataClient,
  id: number,
  ids: readonly number[],
): Promise<MessageResult> {
  const result = await client.endpoint(routes.deleteFiles, { params: { id }, json: { ids } });
  await editCachedFiles(client, id, (list) => mergeFiles(list, [], ids));
  return result;
}

/** `trigger(ids)` deletes files of the assistant `id`. */
export function useDeleteFiles(id: number) {
  return useWrite(routes.deleteFiles, deleteFiles, id);
}
