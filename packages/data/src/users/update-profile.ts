/** `PUT user/{id}/profile`: replaces the signed-in user's profile; the answer replaces the stored one. */
import * as routes from '@conversa/contract/routes/users';
import type { Profile } from '@conversa/contract/profile';
import type { UpdateProfileBody } from '@conversa/contract/profile-update';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { ApiRequestError } from '../errors';
import { useWrite } from '../mutation';

/** Saves the profile of the signed-in user (its locale becomes the UI's). */
export async function updateProfile(
  client: DataClient,
  body: EitherCase<UpdateProfileBody>,
): Promise<Profile> {
  const userId = client.session.getSnapshot().user?.id;
  if (userId === undefined) throw new ApiRequestError('Not signed in', 'http', 401, 'unauthorized');
  // The profile belongs to the user, not to an institution: no X-Institution-Id (docs/product.md#calls).
  const profile = await client.endpoint(routes.updateProfile, {
    params: { id: userId },
    json: body,
    institution: false,
  });
  client.session.update({ profile, locale: profile.locale });
  return profile;
}

/** `trigger(profile)` saves it. */
export function useUpdateProfile() {
  return useWrite(routes.updateProfile, updateProfile);
}
