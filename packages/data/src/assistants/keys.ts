/** Cache keys of assistants (institution products with their settings), shared by reads and writes. */
import type { InstitutionProductDetail } from '@conversa/contract/assistant';
import type { DataClient } from '../client';
import { institutionProductKey } from '../products/get-institution-product';
import { institutionProductsKey } from '../products/list-institution-products';
import { liftProduct } from '../products/product';

/** SWR key of one assistant's full detail (`GET institution-product/{id}` unlifted). */
export const assistantKey = (id: number) => ['institution-product', id, 'detail'] as const;

/**
 * Puts a fresh answer everywhere the product shows: its detail, its lifted form, and the
 * institution's product list (the sidebar's names and logos), which refetches.
 */
export async function storeAssistant(client: DataClient, assistant: InstitutionProductDetail): Promise<void> {
  await client.setCached(assistantKey(assistant.id), assistant);
  await client.setCached(institutionProductKey(assistant.id), liftProduct(assistant));
  const listKey = institutionProductsKey(assistant.institution_id);
  await client.invalidate(
    (key) =>
      Array.isArray(key) && key.length === listKey.length && key.every((part, i) => part === listKey[i]),
  );
}
