/** Phone numbers checked and normalised with libphonenumber-js (the contract's metadata set). */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

export type { CountryCode };

/** The E.164 form (`+34600000000`) of a valid number, or null. */
export function toE164(value: string, defaultCountry?: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** True when the number is valid (international form, or national in `defaultCountry`). */
export function isValidPhone(value: string, defaultCountry?: CountryCode): boolean {
  return toE164(value, defaultCountry) !== null;
}
