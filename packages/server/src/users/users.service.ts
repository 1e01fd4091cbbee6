/** Profile rules: users edit only their own profile; the country must be a real ISO code. */
import type { Locale } from '@conversa/contract/constants';
import type { Profile } from '@conversa/contract/profile';
import type { UpdateProfile } from '@conversa/contract/profile-update';
import { isCountryCode } from '../countries';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { translate } from '../i18n/translate';
import { toProfile, updateProfile } from './users.repo';

/** Only the signed-in user may touch their own account: another user's id is a 403. */
export function assertSelf(callerId: number, userId: number): void {
  if (userId !== callerId) throw new ApiError(403, 'forbidden');
}

/** Replaces a user's profile (the caller's own: see `assertSelf`). */
export async function updateOwnProfile(
  deps: AppDeps,
  input: { userId: number; profile: UpdateProfile; locale: Locale },
): Promise<Profile> {
  const { country } = input.profile;
  if (country !== null && !isCountryCode(country)) {
    throw new ApiError(400, 'validation_failed', {
      issues: [
        { path: 'country', code: 'unknown_country', message: translate(input.locale, 'unknown_country') },
      ],
    });
  }
  const row = await updateProfile(deps.database.db, input.userId, input.profile, deps.clock.now());
  deps.sessionCache.forgetUser(input.userId);
  if (!row) throw new ApiError(401, 'session_invalid');
  return toProfile(row);
}
