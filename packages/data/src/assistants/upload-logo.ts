/** `POST institution-product/{id}/logo`: sets an assistant's logo (multipart field `logo`). */
import * as routes from '@conversa/contract/routes/assistants';
import type { AssistantDetail } from '@conversa/contract/assistant';
import type { DataClient } from '../client';
import { storeAssistant } from './keys';
import { useWrite } from '../mutation';

/** The multipart body of a logo upload (field `logo`), the assistant's or the institution's. */
export function logoForm(file: Blob, fileName = file instanceof File ? file.name : 'logo'): FormData {
  const form = new FormData();
  form.append('logo', file, fileName);
  return form;
}

/**
 * Uploads the image (the server checks PNG/JPEG by content and the 2 MB limit); the answer, with the
 * logo's new URL, replaces the cached detail and the assistant list refetches.
 */
export async function uploadLogo(
  client: DataClient,
  id: number,
  file: Blob,
  fileName = file instanceof File ? file.name : 'logo',
): Promise<AssistantDetail> {
  const { data } = await client.call(routes.uploadLogo, { params: { id }, body: logoForm(file, fileName) });
  await storeAssistant(client, data);
  return data;
}

/** `trigger(file)` uploads the logo of the assistant `id`. */
export function useUploadLogo(id: number) {
  return useWrite(routes.uploadLogo, uploadLogo, id);
}
