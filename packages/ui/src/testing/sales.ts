/** The sales-support screens' test fixtures: a business owner with a sales-support assistant, through the API. */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { FieldDefinition } from '@conversa/contract/sales';
import { type GraphPeer, startGraphPeer } from '@conversa/server/testing';
import { afterAll, beforeAll } from 'vitest';
import { type ConnectedApi, connectedApi, type SignedInOwner } from './connected';

/**
 * The connected API of a file whose server talks to a local Graph API peer (Meta's), started first:
 * a WhatsApp channel is saved only once the peer confirms its token reads the number.
 */
export function connectedSalesApi(): ConnectedApi {
  const env: Record<string, string> = {};
  let graph: GraphPeer | undefined;
  beforeAll(async () => {
    graph = await startGraphPeer();
    env.WHATSAPP_GRAPH_URL = graph.url;
  });
  afterAll(() => graph?.close());
  return connectedApi({ env });
}

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
