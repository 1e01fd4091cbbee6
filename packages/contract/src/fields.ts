/** Field schemas reused across resources; their messages are the codes of `codes.ts`. */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { LOCALES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** A required string, trimmed; empty after trimming is `required`. */
export const requiredText = (max = 200) =>
  v.pipe(v.string(C.required), v.trim(), v.nonEmpty(C.required), v.maxLength(max, C.tooLong));

/** An optional string: absent, null and blank all become null. */
export const optionalText = (max = 200) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(C.invalidValue),
        v.trim(),
        v.maxLength(max, C.tooLong),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  );

/** An optional e-mail: absent, null and blank all become null. */
export const OptionalEmailSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(C.invalidEmail),
      v.trim(),
      v.transform((s) => (s === '' ? null : s)),
      v.nullable(
        v.pipe(v.string(), v.maxLength(254, C.invalidEmail), v.email(C.invalidEmail), v.toLowerCase()),
      ),
    ),
  ),
  null,
);

export const EmailSchema = v.pipe(
  v.string(C.required),
  v.trim(),
  v.nonEmpty(C.required),
  v.maxLength(254, C.invalidEmail),
  v.email(C.invalidEmail),
  v.toLowerCase(),
);

/** A new password: docs/product.md#validation rules, each its own code so the UI can show a live checklist. */
export const NewPasswordSchema = v.pipe(
  v.string(C.required),
  v.nonEmpty(C.required),
  v.minLength(PASSWORD_MIN_LENGTH, C.passwordTooShort),
  v.maxLength(PASSWORD_MAX_LENGTH, C.passwordTooLong),
  v.regex(/\d/, C.passwordNeedsNumber),
  v.regex(/\p{Lu}/u, C.passwordNeedsUppercase),
);

/** A password being checked (login, current password): only present and bounded. */
export const PasswordInputSchema = v.pipe(
  v.string(C.required),
  v.nonEmpty(C.required),
  v.maxLength(PASSWORD_MAX_LENGTH, C.passwordTooLong),
);

export const LocaleSchema = v.picklist(LOCALES, C.invalidValue);

/** An http(s) URL; a bare host like `school.edu` is accepted and gets `https://`. */
export const WebsiteUrlSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(C.invalidUrl),
      v.trim(),
      v.maxLength(2048, C.tooLong),
      v.transform((s) => (s === '' ? null : /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`)),
      v.nullable(
        v.pipe(
          v.string(),
          v.check((s) => {
            try {
              const url = new URL(s);
              return (
                (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname)
              );
            } catch {
              return false;
            }
          }, C.invalidUrl),
        ),
      ),
    ),
  ),
  null,
);

/** ISO 3166-1 alpha-2 code, upper-cased. */
export const CountryCodeSchema = v.pipe(
  v.string(C.required),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, C.unknownCountry),
);

/** A positive integer id in a path or header. */
export const IdSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))], C.invalidValue),
  v.integer(C.invalidValue),
  v.minValue(1, C.invalidValue),
  v.maxValue(2_147_483_647, C.invalidValue),
);

/** Rows one bulk action (delete, retry) takes at most. */
export const MAX_BULK_IDS = 100;

/** The body of a bulk action: `{ ids }`, 1 to MAX_BULK_IDS ids, each checked by `item`. */
export function idsBodySchema<const Item extends v.GenericSchema>(item: Item) {
  return v.object({
    ids: v.pipe(
      v.array(item, C.invalidValue),
      v.minLength(1, C.required),
      v.maxLength(MAX_BULK_IDS, C.tooLong),
    ),
  });
}
