/**
 * Test fixtures for the WhatsApp channel: a local Graph API peer that records our replies and answers
 * like Meta (fixture 05), deliveries shaped like Meta's (fixture 01), signed with the app secret, and
 * a sales-support assistant with its channel and allowed sellers, made through the API.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { whatsappMessages } from '../db/schema';
import type { Tenant } from '../institutions/institutions.fixtures';
import type { TestServer } from '../testing';
import { signatureOf } from './signature';

export const PHONE_NUMBER_ID = '106540352242922';
export const APP_SECRET = 'test_app_secret';
export const VERIFY_TOKEN = 'verify-token-acme-51c0';
export const ACCESS_TOKEN = 'EAAG-test-access-token';

/** A reply the peer received. */
export interface Sent {
  path: string;
  authorization: string | undefined;
  body: { to: string; type: string; text: { body: string } };
}

export interface GraphPeer {
  /** For WHATSAPP_GRAPH_URL. */
  url: string;
  /** Every reply accepted, oldest first (empty it between tests). */
  sent: Sent[];
  /** While true, every reply is refused for good, as Meta refuses an undeliverable one (131026). */
  refuse: boolean;
  /** Meta's id of the last reply accepted. */
  readonly lastReplyId: string;
  /** Waits until `n` replies were received in all. */
  replies(n: number): Promise<Sent[]>;
  close(): Promise<void>;
}

/** Meta's Graph API messages endpoint, on 127.0.0.1; its reply ids are `wamid.reply-1`, -2, … */
export async function startGraphPeer(): Promise<GraphPeer> {
  const sent: Sent[] = [];
  let replyIds = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (peer.refuse) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: '(#131026) Message undeliverable', code: 131026 } }));
        return;
      }
      sent.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw) as Sent['body'],
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: '16505551234', wa_id: '16505551234' }],
          messages: [{ id: `wamid.reply-${(replyIds += 1)}` }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peer: GraphPeer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    refuse: false,
    get lastReplyId() {
      return `wamid.reply-${replyIds}`;
    },
    async replies(n) {
      const deadline = Date.now() + 15_000;
      while (sent.length < n) {
        if (Date.now() > deadline) throw new Error(`${sent.length} replies sent, ${n} expected`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return sent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return peer;
}

/** A delivery of one text message (or another type) from `from`, as Meta sends them. */
export function textDelivery(
  id: string,
  from: string | null,
  text: string,
  type = 'text',
  phoneNumberId = PHONE_NUMBER_ID,
): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              contacts: [
                from ? { profile: { name: 'Seller' }, wa_id: from } : { user_id: 'US.13491208655302741918' },
              ],
              messages: [
                {
                  ...(from ? { from } : { from_user_id: 'US.13491208655302741918' }),
                  id,
                  timestamp: '1749416383',
                  type,
                  ...(type === 'text'
                    ? { text: { body: text } }
                    : { image: { id: '1', mime_type: 'image/jpeg' } }),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** A delivery of Meta's status callbacks on our replies. */
export function statusDelivery(statuses: readonly Record<string, unknown>[]): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [{ field: 'messages', value: { metadata: { phone_number_id: PHONE_NUMBER_ID }, statuses } }],
      },
    ],
  });
}

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
 * for it, once none of them is still queued.
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
    if (out.length > 0 && out.every((row) => row.status !== 'queued'))
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
  await put('whatsapp', {
    phone_number_id: PHONE_NUMBER_ID,
    access_token: ACCESS_TOKEN,
    app_secret: APP_SECRET,
    verify_token: VERIFY_TOKEN,
  });
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
