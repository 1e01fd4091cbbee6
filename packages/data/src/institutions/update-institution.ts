/** `PUT institution/{id}`: replaces an institution's details; cached copies follow. */
import * as routes from '@conversa/contract/routes/institutions';
import type { Institution, UpdateInstitutionBody } from '@conversa/contract/institution';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { isUserInstitutionsKey } from '../users/list-user-institutions';
import { institutionKey, isInstitutionsKey } from './keys';
import { useWrite } from '../mutation';

/** Saves the details; the cached institution becomes the answer and lists naming it refetch. */
export async function updateInstitution(
  client: DataClient,
  id: number,
  body: EitherCase<UpdateInstitutionBody>,
): Promise<Institution> {
  const institution = await client.endpoint(routes.updateInstitution, { params: { id }, json: body });
  await client.setCached(institutionKey(id), institution);
  await client.invalidate((key) => isInstitutionsKey(key) || isUserInstitutionsKey(key));
  return institution;
}

/** `trigger(details)` saves the institution `id`. */
export function useUpdateInstitution(id: number) {
  return useWrite(routes.updateInstitution, updateInstitution, id);
}
