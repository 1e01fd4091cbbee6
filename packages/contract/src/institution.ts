/** Institutions (schools and businesses). */
import * as v from 'valibot';
import { STUDENT_BUCKETS } from './constants';
import { ValidationCode as C } from './codes';
import { CountryCodeSchema, optionalText, requiredText, WebsiteUrlSchema } from './fields';
import { PaginationQuerySchema } from './common';

export const INSTITUTION_KINDS = ['school', 'business'] as const;
export const InstitutionKindSchema = v.picklist(INSTITUTION_KINDS, C.invalidValue);
export type InstitutionKind = (typeof INSTITUTION_KINDS)[number];

export const CountryDataSchema = v.object({ code: v.string(), name: v.string() });

export const InstitutionSchema = v.object({
  id: v.number(),
  name: v.string(),
  kind: InstitutionKindSchema,
  website_url: v.nullable(v.string()),
  students: v.nullable(v.picklist(STUDENT_BUCKETS)),
  country: v.nullable(v.string()),
  country_data: v.nullable(CountryDataSchema),
  location: v.nullable(v.string()),
  logo: v.nullable(v.string()),
  created_at: v.string(),
});
export type Institution = v.InferOutput<typeof InstitutionSchema>;

const fields = {
  name: requiredText(120),
  website_url: WebsiteUrlSchema,
  students: v.optional(v.nullable(v.picklist(STUDENT_BUCKETS, C.invalidValue)), null),
  country: v.optional(v.nullable(CountryCodeSchema), null),
  location: optionalText(200),
};

/** Body of `POST institution`. */
export const CreateInstitutionBodySchema = v.object({ ...fields, kind: InstitutionKindSchema });
export type CreateInstitutionBody = v.InferInput<typeof CreateInstitutionBodySchema>;
export type CreateInstitution = v.InferOutput<typeof CreateInstitutionBodySchema>;

/** Body of `PUT institution/{id}`: the kind of an institution never changes. */
export const UpdateInstitutionBodySchema = v.object(fields);
export type UpdateInstitutionBody = v.InferInput<typeof UpdateInstitutionBodySchema>;
export type UpdateInstitution = v.InferOutput<typeof UpdateInstitutionBodySchema>;

/** Query of `GET institution` (admin): name search and pagination. */
export const ListInstitutionsQuerySchema = v.object({
  ...PaginationQuerySchema.entries,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, C.tooLong)), ''),
});
export type ListInstitutionsQuery = v.InferOutput<typeof ListInstitutionsQuerySchema>;

/** A row of the admin's institution list (docs/product.md#what-things-hold: id, name, country_data.name). */
export const InstitutionListItemSchema = v.object({
  id: v.number(),
  name: v.string(),
  kind: InstitutionKindSchema,
  country_data: v.nullable(CountryDataSchema),
});
export type InstitutionListItem = v.InferOutput<typeof InstitutionListItemSchema>;
