/** `PUT institution/{id}`: replaces an institution's details; cached copies follow. */
import * as routes from '@conversa/contract/routes/institutions';
import type { Institution, UpdateInstitutionBody } from '@conversa/contract/institution';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { isUserInstitutionsKey } from '../users/list-user-institutions';
import { institutionKey, isInstitutionsKey } from './keys';

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
  const client = useDataClient();
  return useSWRMutation<
    Institution,
    ApiRequestError,
    ReturnType<typeof institutionKey>,
    EitherCase<UpdateInstitutionBody>
  >(
    institutionKey(id),
    (_key, { arg }) => updateInstitution(client, id, arg),
    // updateInstitution already wrote the cache entry.
    { populateCache: false, revalidate: false },
  );
}
