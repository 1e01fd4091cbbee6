/** The body of `PUT user/{id}/profile`: apart from the profile, since its phone check is libphonenumber's weight. */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { SIGNUP_POSITIONS } from './constants';
import { CountryCodeSchema, LocaleSchema, optionalText, requiredText } from './fields';
import { PhoneSchema } from './phone';

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
