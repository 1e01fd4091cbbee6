/** `POST institution-product/{id}/file`: uploads TXT, DOCX or PDF files (multipart field `files`). */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantFile } from '@conversa/contract/knowledge';
import type { DataClient } from '../client';
import { editCachedFiles, mergeFiles } from './keys';
import { useWrite } from '../mutation';

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
  return useWrite(routes.uploadFiles, uploadFiles, id);
}
