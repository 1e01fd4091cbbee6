/** `POST institution`: creates an institution; the creator becomes its `main` member and acts in it. */
import * as routes from '@conversa/contract/routes/institutions';
import type { CreateInstitutionBody, Institution } from '@conversa/contract/institution';
import { rolesIn } from '@conversa/contract/roles';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { isUserInstitutionsKey } from '../users/list-user-institutions';
import { institutionKey, isInstitutionsKey } from './keys';
import { useWrite } from '../mutation';

/** Creates it and makes it the session's institution, as the server does (issue 2 §3). */
export async function createInstitution(
  client: DataClient,
  body: EitherCase<CreateInstitutionBody>,
): Promise<Institution> {
  const institution = await client.endpoint(routes.createInstitution, { json: body });
  const { roles } = client.session.getSnapshot();
  client.session.update({ institutionId: institution.id, roles: rolesIn('main', roles.includes('admin')) });
  await client.setCached(institutionKey(institution.id), institution);
  await client.invalidate((key) => isInstitutionsKey(key) || isUserInstitutionsKey(key));
  return institution;
}

/** `trigger(details)` creates the institution. */
export function useCreateInstitution() {
  return useWrite(routes.createInstitution, createInstitution);
}
