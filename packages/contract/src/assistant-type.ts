/** Institution products: each one is an assistant of a type. */
import * as v from 'valibot';
import type { InstitutionKind } from './institution';

export const PRODUCT_TYPES = ['admission', 'retail', 'sales_support'] as const;
export const ProductTypeSchema = v.picklist(PRODUCT_TYPES);
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The product an institution gets when it is created (by kind). */
export const FIRST_PRODUCT: Record<InstitutionKind, ProductType> = {
  school: 'admission',
  business: 'retail',
};
/** Types an institution of each kind may create. */
export const PRODUCT_TYPES_BY_KIND: Record<InstitutionKind, readonly ProductType[]> = {
  school: ['admission'],
  business: ['retail', 'sales_support'],
};

/** `GET institution/{id}/product` item, as on the wire (snake_case, nested product). */
export const InstitutionProductSchema = v.object({
  id: v.number(),
  external_id: v.string(),
  institution_id: v.number(),
  product: v.object({ type: ProductTypeSchema, name: v.string(), logo: v.nullable(v.string()) }),
});
export type InstitutionProduct = v.InferOutput<typeof InstitutionProductSchema>;
