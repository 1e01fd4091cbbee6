/** `GET user/{id}/institution`: the institutions a user belongs to, with their role in each. */
import * as routes from '@conversa/contract/routes/users';
import { isRouteKey, routeKey } from '../keys';
import type { UserInstitution } from '@conversa/contract/user';
import type { CallOptions, DataClient } from '../client';
import { useSession } from '../provider';
import { useCached } from '../cached';

/** SWR key of a user's institutions. */
export const userInstitutionsKey = (userId: number) => routeKey(routes.userInstitutions, { id: userId });

/** True for the keys of every user's institution list. */
export const isUserInstitutionsKey = isRouteKey(routes.userInstitutions);

/** The user's memberships (the sign-in flow's select-institution step). */
export function listUserInstitutions(
  client: DataClient,
  userId: number,
  options?: CallOptions,
): Promise<UserInstitution[]> {
  return client.endpoint(routes.userInstitutions, { ...options, params: { id: userId } });
}

/** The memberships of a user (default: the signed-in one). */
export function useUserInstitutions(userId?: number) {
  const session = useSession();
  const id = userId ?? session.user?.id;
  return useCached(id ? [id] : null, userInstitutionsKey, listUserInstitutions);
}
