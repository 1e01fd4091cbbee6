/** A user's profile and the call that replaces it. */
import * as v from 'valibot';
import { SIGNUP_POSITIONS } from './constants';
import { ValidationCode as C } from './codes';
import { CountryCodeSchema, LocaleSchema, optionalText, requiredText } from './fields';
import { PhoneSchema } from './phone';

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

/** Body of `PUT user/{id}/profile`. */
export const UpdateProfileBodySchema = v.object({
  full_name: requiredText(120),
  first_name: optionalText(60),
  last_name: optionalText(60),
  phone_number: PhoneSchema,
  country: v.optional(v.nullable(CountryCodeSchema), null),
  city: optionalText(120),
  role: v.optional(v.nullable(v.picklist(SIGNUP_POSITIONS, C.invalidValue)), null),
  locale: LocaleSchema,
});
export type UpdateProfileBody = v.InferInput<typeof UpdateProfileBodySchema>;
export type UpdateProfile = v.InferOutput<typeof UpdateProfileBodySchema>;
