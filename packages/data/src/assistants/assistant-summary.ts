/** Products as the frontends use them: camelCased, with the product's type, name and logo lifted (docs/product.md#calls). */
import type { ProductType } from '@conversa/contract/product';
import type { InstitutionProduct } from '@conversa/contract/product';
import { toCamelCase } from '../case';

/** An institution's product (one assistant). */
export interface Product {
  id: number;
  externalId: string;
  institutionId: number;
  type: ProductType;
  name: string;
  logo: string | null;
}

/** `{id, external_id, institution_id, product: {type, name, logo}}` → `{id, externalId, institutionId, type, name, logo}`. */
export function liftProduct(wire: InstitutionProduct): Product {
  // Only the list's fields: the single answer also carries assistant settings, not lifted here.
  const { id, external_id, institution_id, product } = wire;
  return {
    ...toCamelCase({ id, external_id, institution_id }),
    type: product.type,
    name: product.name,
    logo: product.logo,
  };
}
