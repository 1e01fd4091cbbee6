/**
 * `POST institution/{id}/logo` (multipart field `logo`) and `POST institution/{id}/logo/delete`:
 * the institution's logo, set or removed; cached copies follow (the institution, the lists that
 * show it, the sidebar's switcher).
 */
import * as routes from '@conversa/contract/routes/institutions';
import type { Institution } from '@conversa/contract/institution';
import { logoForm } from '../assistants/upload-logo';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';
import { isUserInstitutionsKey } from '../users/list-user-institutions';
import { institutionKey, isInstitutionsKey } from './keys';

async function stored(client: DataClient, institution: Institution): Promise<Institution> {
  await client.setCached(institutionKey(institution.id), institution);
  await client.invalidate((key) => isInstitutionsKey(key) || isUserInstitutionsKey(key));
  return institution;
}

/** Uploads the image (the server checks PNG/JPEG by content and the 2 MB limit): the institution with its new logo. */
export async function uploadInstitutionLogo(
  client: DataClient,
  id: number,
  file: Blob,
  fileName = file instanceof File ? file.name : 'logo',
): Promise<Institution> {
  const { data } = await client.call(routes.uploadInstitutionLogo, {
    params: { id },
    body: logoForm(file, fileName),
  });
  return stored(client, data);
}

/** Removes the logo: the institution without one. */
export async function deleteInstitutionLogo(client: DataClient, id: number): Promise<Institution> {
  return stored(client, await client.endpoint(routes.deleteInstitutionLogo, { params: { id } }));
}

/** `upload.trigger(file)` and `remove.trigger()` for the logo of the institution `id`. */
export function useInstitutionLogo(id: number) {
  const upload = useWrite(routes.uploadInstitutionLogo, uploadInstitutionLogo, id);
  const remove = useWrite(routes.deleteInstitutionLogo, deleteInstitutionLogo, id);
  return { upload, remove };
}
