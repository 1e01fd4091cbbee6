/** `POST institution-product/{id}/file`: uploads TXT, DOCX or PDF files (multipart field `files`). */
import * as routes from '@conversa/contract/routes/assistants';
import { routeKey } from '../keys';
import type { AssistantFile } from '@conversa/contract/knowledge';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { editCachedFiles, mergeFiles } from './keys';

/** SWR key of this mutation (one per assistant). */
export const uploadFilesKey = (id: number) => routeKey(routes.uploadFiles, { id }, 'upload');

/**
 * Uploads the files in one request; the server answers them as `processing` and works on them in
 * the background. They join the cached list at once; their next states come as events.
 */
export async function uploadFiles(
  client: DataClient,
  id: number,
  files: readonly File[],
): Promise<AssistantFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { data } = await client.call(routes.uploadFiles, { params: { id }, body: form });
  await editCachedFiles(client, id, (list) => mergeFiles(list, data));
  return data;
}

/** `trigger(files)` uploads files to the assistant `id`. */
export function useUploadFiles(id: number) {
  const client = useDataClient();
  return useSWRMutation<AssistantFile[], ApiRequestError, ReturnType<typeof uploadFilesKey>, readonly File[]>(
    uploadFilesKey(id),
    (_key, { arg }) => uploadFiles(client, id, arg),
  );
}
