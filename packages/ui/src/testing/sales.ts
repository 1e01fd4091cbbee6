/** The sales-support screens' test fixtures: a business owner with a sales-support assistant, through the API. */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { FieldDefinition } from '@conversa/contract/sales';
import type { ConnectedApi, SignedInOwner } from './connected';

/** A business owner and a new sales-support assistant of theirs, with these lead fields if given. */
export async function salesOwner(
  api: ConnectedApi,
  leadFields: Omit<FieldDefinition, 'options'>[] = [],
): Promise<{ shop: SignedInOwner; assistantId: number }> {
  const shop = await api.signedInOwner('business', { name: 'Muebles Rivera' });
  const created = await api.server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...shop.as,
    json: { type: 'sales_support', name: 'Ventas' },
  });
  const assistantId = created.body.data.id;
  if (leadFields.length > 0) {
    await api.server.call(`/api/institution-product/${assistantId}/lead-fields`, {
      method: 'PUT',
      ...shop.as,
      json: { fields: leadFields },
    });
  }
  return { shop, assistantId };
}
