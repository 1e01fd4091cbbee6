/**
 * The phone-number field, in its own module: it brings libphonenumber-js and its metadata, which
 * forms that only need the other field schemas (sign-in) must not download.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { ValidationCode as C } from './codes';

/** A phone number in international form (validated with libphonenumber-js); blank becomes null. */
export const PhoneSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(C.invalidPhone),
      v.trim(),
      v.transform((s) => (s === '' ? null : s)),
      v.nullable(
        v.pipe(
          v.string(),
          v.check((s) => isValidPhoneNumber(s), C.invalidPhone),
        ),
      ),
    ),
  ),
  null,
);
