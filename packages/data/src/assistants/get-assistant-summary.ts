/** `GET institution-product/{id}`: one product, lifted (see `product.ts`). */
import * as routes from '@conversa/contract/routes/assistants';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { liftProduct, type Product } from './product';

/** SWR key of one product. */
export const institutionProductKey = (id: number) => ['institution-product', id] as const;

/** One product. */
export async function getInstitutionProduct(
  client: DataClient,
  id: number,
  options?: CallOptions,
): Promise<Product> {
  return liftProduct(await client.endpoint(routes.getInstitutionProduct, { ...options, params: { id } }));
}

/** One product; nothing while `id` is null. */
export function useInstitutionProduct(id: number | null | undefined) {
  const client = useDataClient();
  return useSWR<Product, ApiRequestError, ReturnType<typeof institutionProductKey> | null>(
    id ? institutionProductKey(id) : null,
    ([, key]) => getInstitutionProduct(client, key, { report: false }),
  );
}
