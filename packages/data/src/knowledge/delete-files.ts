/** `POST institution-product/{id}/file/delete`: deletes files and what was learnt from them. */
import * as routes from '@conversa/contract/routes/assistants';
import { routeKey } from '../keys';
import type { MessageResult } from '@conversa/contract/common';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { editCachedFiles, mergeFiles } from './keys';

/** SWR key of this mutation (one per assistant). */
export const deleteFilesKey = (id: number) => routeKey(routes.deleteFiles, { id });

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
  const client = useDataClient();
  return useSWRMutation<MessageResult, ApiRequestError, ReturnType<typeof deleteFilesKey>, readonly number[]>(
    deleteFilesKey(id),
    (_key, { arg }) => deleteFiles(client, id, arg),
  );
}
