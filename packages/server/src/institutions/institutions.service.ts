/** Institution rules: known countries, the first product by kind, and name search patterns. */
import { ValidationCode as C } from '@conversa/contract/codes';
import {
  CreateInstitutionBodySchema,
  type InstitutionKind,
  UpdateInstitutionBodySchema,
} from '@conversa/contract/institution';
import { FIRST_PRODUCT, type ProductType } from '@conversa/contract/product';
import * as v from 'valibot';
import { isCountryCode } from '../countries/countries.service';

// The contract checks the shape of a code; which codes exist is the server's list. Malformed codes
// already have their issue, so only well-formed ones are looked up (one issue per field).
const isKnownCountry = (country: string | null) =>
  country === null || !/^[A-Z]{2}$/.test(country) || isCountryCode(country);

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

/** The product a new institution starts with: by kind, named after the institution. */
export function firstProduct(
  kind: InstitutionKind,
  institutionName: string,
): { type: ProductType; name: string } {
  return { type: FIRST_PRODUCT[kind], name: `${institutionName} Assistant` };
}

/** A case-insensitive "contains" pattern for ILIKE, with `%`, `_` and `\` taken literally; null for all. */
export function namePattern(search: string): string | null {
  if (search === '') return null;
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
