/** Institution rules: known countries, the first assistant by kind, and name search patterns. */
import { ValidationCode as C } from '@conversa/contract/codes';
import {
  CreateInstitutionBodySchema,
  type InstitutionKind,
  UpdateInstitutionBodySchema,
} from '@conversa/contract/institution';
import type { Locale } from '@conversa/contract/constants';
import { type AssistantType, FIRST_ASSISTANT_TYPE } from '@conversa/contract/assistant-type';
import * as v from 'valibot';
import { isCountryCode } from '../countries';
import { ApiError } from '../http/errors';
import { translate } from '../i18n/translate';

// The contract checks the shape of a code; which codes exist is the server's list. Malformed codes
// already have their issue, so only well-formed ones are looked up (one issue per field).
const isKnownCountry = (country: string | null) =>
  country === null || !/^[A-Z]{2}$/.test(country) || isCountryCode(country);

/**
 * Refuses (400, an issue on `country`) a well-formed country code ISO 3166 does not know; the route
 * helper has validated the body's shape with the contract's schema.
 */
export function assertKnownCountry(locale: Locale, country: string | null): void {
  if (isKnownCountry(country)) return;
  throw new ApiError(400, 'validation_failed', {
    issues: [{ path: 'country', code: C.unknownCountry, message: translate(locale, C.unknownCountry) }],
  });
}

/** `POST institution` body, with the country checked against ISO 3166. */
export const CreateInstitutionInputSchema = v.pipe(
  CreateInstitutionBodySchema,
  v.forward(
    v.check((input) => isKnownCountry(input.country), C.unknownCountry),
    ['country'],
  ),
);

/** `PUT institution/{id}` body, with the country checked against ISO 3166. */
export const UpdateInstitutionInputSchema = v.pipe(
  UpdateInstitutionBodySchema,
  v.forward(
    v.check((input) => isKnownCountry(input.country), C.unknownCountry),
    ['country'],
  ),
);

/** The assistant a new institution starts with: by kind, named after the institution. */
export function firstAssistant(
  kind: InstitutionKind,
  institutionName: string,
): { type: AssistantType; name: string } {
  return { type: FIRST_ASSISTANT_TYPE[kind], name: `${institutionName} Assistant` };
}
