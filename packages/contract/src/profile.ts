/**
 * A user's profile, as the session and the profile page read it. The body that replaces it is in
 * `profile-update.ts`: it validates phone numbers (libphonenumber), which the sign-in page must not load.
 */
import * as v from 'valibot';
import { SIGNUP_POSITIONS } from './constants';
import { LocaleSchema } from './fields';

export const ProfileSchema = v.object({
  full_name: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  email: v.string(),
  phone_number: v.nullable(v.string()),
  country: v.nullable(v.string()),
  city: v.nullable(v.string()),
  role: v.nullable(v.picklist(SIGNUP_POSITIONS)),
  locale: LocaleSchema,
});
export type Profile = v.InferOutput<typeof ProfileSchema>;
