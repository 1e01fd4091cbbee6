/**
 * Test fixtures for the WhatsApp channel: deliveries signed with the app secret, a seller's message
 * and its replies, and a sales-support assistant with its channel and allowed sellers, made through
 * the API. The Graph API peer and the payloads are in testing/whatsapp-peer.ts.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { whatsappMessages } from '../db/sales-schema';
import { createTenant, type Tenant } from './institutions.fixtures';
import { createTestServer, type TestServer } from './index';
import { ACCESS_TOKEN, type GraphPeer, PHONE_NUMBER_ID, startGraphPeer, textDelivery } from './whatsapp-peer';
import { signatureOf } from '../sales/whatsapp/signature';

export {
  ACCESS_TOKEN,
  type GraphPeer,
  PHONE_NUMBER_ID,
  type Sent,
  startGraphPeer,
  statusDelivery,
  textDelivery,
} from './whatsapp-peer';

export const APP_SECRET = 'test_app_secret';
export const VERIFY_TOKEN = 'verify-token-acme-51c0';

export const bytes = (body: Uint8Array | string) =>
  typeof body === 'string' ? new TextEncoder().encode(body) : body;

/** `POST /api/whatsapp/webhook`, signed with the app secret unless another signature (or none) is given. */
export const deliver = (
  server: TestServer,
  body: Uint8Array | string,
  signature: string | null = signatureOf(bytes(body), APP_SECRET),
) =>
  server.call<{ ok?: boolean; code?: string }>('/api/whatsapp/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    body: bytes(body),
  });

let sayIds = 0;

/** One text message from a seller (E.164), through the webhook, without waiting for the replies. */
export async function send(server: TestServer, from: string, text: string): Promise<string> {
  sayIds += 1;
  const waId = `wamid.say-${sayIds}`;
  expect((await deliver(server, textDelivery(waId, from.replace('+', ''), text))).status).toBe(200);
  return waId;
}

/**
 * One text message from a seller (E.164), through the webhook; resolves to the replies the job sent
 * for it, once none of them is still queued or being sent.
 */
export async function say(server: TestServer, from: string, text: string): Promise<string[]> {
  const waId = await send(server, from, text);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [incoming] = await server.database.db
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.waMessageId, waId));
    const out = incoming
      ? await server.database.db
          .select()
          .from(whatsappMessages)
          .where(eq(whatsappMessages.replyTo, incoming.id))
          .orderBy(whatsappMessages.id)
      : [];
    if (out.length > 0 && out.every((row) => row.status !== 'queued' && row.status !== 'sending'))
      return out.map((row) => row.body ?? '');
    if (Date.now() > deadline) throw new Error(`no replies to ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A sales-support assistant of the tenant with its WhatsApp channel (this file's ids and secrets),
 * the sellers on its allowed list and, if given, its name, FAQs and lead fields; all through the API.
 */
export async function createSalesChannel(
  server: TestServer,
  tenant: Tenant,
  options: {
    name?: string;
    sellers: readonly (readonly [number: string, name: string])[];
    faqs?: readonly { question: string; answer: string }[];
    leadFields?: readonly unknown[];
    /** Another number and secrets than this file's (the peer must know the number: `addNumber`). */
    channel?: { phone_number_id: string; access_token: string; app_secret: string; verify_token: string };
  },
): Promise<AssistantListItem> {
  const as = { token: tenant.owner.token, institution: tenant.institution.id };
  const created = await server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...as,
    json: { type: 'sales_support', name: options.name ?? `${tenant.institution.name} Sales` },
  });
  expect(created.status).toBe(201);
  const sales = created.body.data;
  const put = async (path: string, json: unknown) =>
    expect(
      (await server.call(`/api/institution-product/${sales.id}/${path}`, { method: 'PUT', ...as, json }))
        .status,
    ).toBe(200);
  await put(
    'whatsapp',
    options.channel ?? {
      phone_number_id: PHONE_NUMBER_ID,
      access_token: ACCESS_TOKEN,
      app_secret: APP_SECRET,
      verify_token: VERIFY_TOKEN,
    },
  );
  if (options.faqs) await put('faq', { faqs: options.faqs });
  if (options.leadFields) await put('lead-fields', { fields: options.leadFields });
  for (const [number, name] of options.sellers) {
    const allowed = await server.call('/api/whatsapp-whitelist', {
      method: 'POST',
      ...as,
      json: { institution_product_id: sales.id, phone_number: number, seller_name: name },
    });
    expect(allowed.status).toBe(201);
  }
  return sales;
}

/** What `startSalesWorld` makes: a Graph API peer, a server using it, Acme and its sales assistant. */
export interface SalesWorld {
  graph: GraphPeer;
  server: TestServer;
  acme: Tenant;
  sales: AssistantListItem;
  close(): Promise<void>;
}

/**
 * The usual world of a WhatsApp test: a Graph API peer, a server whose `WHATSAPP_GRAPH_URL` is the
 * peer (more `env` beside it), the US business Acme Muebles and its sales-support assistant with
 * this file's channel and `channel`'s sellers, FAQs and lead fields.
 */
export async function startSalesWorld(
  channel: Parameters<typeof createSalesChannel>[2],
  env: Record<string, string> = {},
): Promise<SalesWorld> {
  const graph = await startGraphPeer();
  const server = await createTestServer({ env: { WHATSAPP_GRAPH_URL: graph.url, ...env } });
  const acme = await createTenant(server, { name: 'Acme Muebles', kind: 'business', country: 'US' });
  const sales = await createSalesChannel(server, acme, channel);
  return {
    graph,
    server,
    acme,
    sales,
    async close() {
      await server.close();
      await graph.close();
    },
  };
}

/** The sellers of the webhook tests' assistant (webhook.test.ts, webhook-entries.test.ts). */
export const SELLER = '+16505551234';
export const SECOND_SELLER = '+34612345678';

/** The webhook tests' world: two sellers, one FAQ, and a required budget field on leads. */
export const startWebhookWorld = () =>
  startSalesWorld({
    name: 'Acme Sales',
    sellers: [
      [SELLER, 'Sheena Nelson'],
      [SECOND_SELLER, 'Lucía Gómez'],
    ],
    faqs: [{ question: 'Does the chair come in another color?', answer: 'Yes: black, white and oak.' }],
    leadFields: [
      { key: 'budget', labels: { en: 'Budget', es: 'Presupuesto' }, type: 'number', required: true },
    ],
  });
