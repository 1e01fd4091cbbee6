/** `GET institution/{id}/product`: an institution's products, lifted (see `product.ts`). */
import * as routes from '@conversa/contract/routes/assistants';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient, useSession } from '../provider';
import { liftProduct, type Product } from './product';

/** SWR key of an institution's products. */
export const institutionProductsKey = (institutionId: number) =>
  ['institution', institutionId, 'product'] as const;

/** The institution's products. */
export async function listInstitutionProducts(
  client: DataClient,
  institutionId: number,
  options?: CallOptions,
): Promise<Product[]> {
  const products = await client.endpoint(routes.institutionProducts, {
    ...options,
    params: { id: institutionId },
  });
  return products.map(liftProduct);
}

/** The products of an institution (default: the session's). */
export function useInstitutionProducts(institutionId?: number | null) {
  const client = useDataClient();
  const session = useSession();
  const id = institutionId === undefined ? session.institutionId : institutionId;
  return useSWR<Product[], ApiRequestError, ReturnType<typeof institutionProductsKey> | null>(
    id ? institutionProductsKey(id) : null,
    ([, key]) => listInstitutionProducts(client, key, { report: false }),
  );
}
