/**
 * Failed WhatsApp replies through HTTP, with a local Graph API peer: a reply the peer refuses for
 * good, and one Meta's status callback reports failed, are listed (newest failure first, with the
 * error, the seller while allowed and the question); sent again on request through the job queue
 * (then off the list), all or none; other tenants get a 404.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { FailedReply } from '@conversa/contract/sales';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../db/schema';
import { createTenant, type Tenant } from '../institutions/institutions.fixtures';
import { createTestServer, recordFailedReply, type TestServer } from '../testing';
import { signatureOf } from './signature';

const PHONE_NUMBER_ID = '106540352242977';
const APP_SECRET = 'failed-replies-app-secret';
const SELLER = '+16505551234';
/** Not on the list: it hears the refusal, and its failure names no seller. */
const STRANGER = '+34600111222';

/** What the peer answers next: Meta's id, or a refusal that no retry mends (code 131026). */
let refuse = true;
/** The numbers the peer accepted messages for, in order. */
const accepted: string[] = [];
let replyIds = 0;
let graph: Server;
let server: TestServer;
let acme: Tenant;
let sales: AssistantListItem;
let messageIds = 0;

const as = (tenant: Tenant = acme) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const failedPath = (assistantId = sales.id) =>
  `/api/institution-product/${assistantId}/whatsapp/failed-replies`;
const list = (tenant?: Tenant, assistantId?: number) =>
  server.call<{ data: FailedReply[]; code?: string }>(failedPath(assistantId), as(tenant));
const retry = (ids: number[], tenant?: Tenant) =>
  server.call<{ data: { ids: number[] }; code?: string }>(`${failedPath()}/retry`, {
    method: 'POST',
    ...as(tenant),
    json: { ids },
  });

/** A signed delivery to the channel's number. */
function deliver(value: Record<string, unknown>) {
  const body = new TextEncoder().encode(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            { field: 'messages', value: { metadata: { phone_number_id: PHONE_NUMBER_ID }, ...value } },
          ],
        },
      ],
    }),
  );
  return server.call('/api/whatsapp/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, APP_SECRET) },
    body,
  });
}

/** A text from `from`, through the webhook. */
async function say(from: string, text: string): Promise<void> {
  messageIds += 1;
  const from_ = from.replace('+', '');
  const { status } = await deliver({
    contacts: [{ profile: { name: 'Seller' }, wa_id: from_ }],
    messages: [
      {
        from: from_,
        id: `wamid.failed-${messageIds}`,
        timestamp: '1749416383',
        type: 'text',
        text: { body: text },
      },
    ],
  });
  expect(status).toBe(200);
}

/** Polls until `check` holds (the job queue works on its own). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  graph = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const to = (JSON.parse(raw) as { to: string }).to;
      if (refuse) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: '(#131026) Message undeliverable', code: 131026 } }));
        return;
      }
      accepted.push(to);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: [{ id: `wamid.accepted-${(replyIds += 1)}` }] }));
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  server = await createTestServer({
    env: { WHATSAPP_GRAPH_URL: `http://127.0.0.1:${(graph.address() as AddressInfo).port}` },
  });
  acme = await createTenant(server, { name: 'Acme Muebles', kind: 'business', country: 'US' });
  sales = (
    await server.call<{ data: AssistantListItem }>('/api/institution-product', {
      method: 'POST',
      ...as(),
      json: { type: 'sales_support', name: 'Acme Sales' },
    })
  ).body.data;
  const channel = await server.call(`/api/institution-product/${sales.id}/whatsapp`, {
    method: 'PUT',
    ...as(),
    json: { phone_number_id: PHONE_NUMBER_ID, access_token: 'EAAG-token', app_secret: APP_SECRET },
  });
  expect(channel.status).toBe(200);
  const allowed = await server.call('/api/whatsapp-whitelist', {
    method: 'POST',
    ...as(),
    json: { institution_product_id: sales.id, phone_number: SELLER, seller_name: 'Sheena Nelson' },
  });
  expect(allowed.status).toBe(201);
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => graph.close(() => resolve()));
});

describe('GET /api/institution-product/{id}/whatsapp/failed-replies', () => {
  it('lists a reply the Graph API refused for good, with its error, seller and question', async () => {
    expect((await list()).body.data).toEqual([]);
    refuse = true;
    await say(SELLER, 'Does the chair come in another color?');
    const { body, headers, status } = await until(list, (answer) => answer.body.data.length === 1);
    expect(status).toBe(200);
    expect(headers.get('x-pagination-total-count')).toBe('1');
    const [failed] = body.data;
    expect(failed).toMatchObject({
      phone_number: SELLER,
      seller_name: 'Sheena Nelson',
      question: 'Does the chair come in another color?',
    });
    expect(failed!.error).toBe('the Graph API refused the message (400): (#131026) Message undeliverable');
    expect(failed!.body).not.toBe('');
    expect(Date.parse(failed!.failed_at)).not.toBeNaN();
  });

  it("lists a reply Meta's status callback reports failed, newest first, without a seller for a number not on the list", async () => {
    refuse = false;
    accepted.length = 0;
    await say(STRANGER, '¿Tenéis sillas?');
    await until(
      async () => accepted.length,
      (n) => n === 1,
    );
    const [sent] = await until(
      () =>
        server.database.db
          .select()
          .from(whatsappMessages)
          .where(eq(whatsappMessages.waMessageId, `wamid.accepted-${replyIds}`)),
      (rows) => rows.length === 1,
    );
    expect(sent).toMatchObject({ status: 'sent', phoneNumber: STRANGER });
    const callback = await deliver({
      statuses: [
        {
          id: sent!.waMessageId,
          status: 'failed',
          timestamp: '1749416390',
          recipient_id: STRANGER.slice(1),
          errors: [{ code: 131047, title: 'Re-engagement message' }],
        },
      ],
    });
    expect(callback.status).toBe(200);
    const { body, headers } = await list();
    expect(headers.get('x-pagination-total-count')).toBe('2');
    expect(body.data[0]).toMatchObject({
      id: sent!.id,
      phone_number: STRANGER,
      seller_name: null,
      question: '¿Tenéis sillas?',
      error: '131047 Re-engagement message',
    });
    expect(body.data[1]?.seller_name).toBe('Sheena Nelson');
    // A page at a time.
    const page = await server.call<{ data: FailedReply[] }>(`${failedPath()}?page=2&per-page=1`, as());
    expect(page.body.data.map((row) => row.seller_name)).toEqual(['Sheena Nelson']);
  });

  it("is a 404 for another institution's assistant, and empty for an assistant that is not sales support", async () => {
    const other = await createTenant(server, { name: 'Globex', kind: 'business' });
    for (const tenant of [other, undefined]) {
      const foreign = await server.call(failedPath(), tenant ? as(other) : { token: other.owner.token });
      expect(foreign.status).toBe(404);
      expect(JSON.stringify(foreign.body)).not.toContain('Sheena');
    }
    expect((await retry([1], other)).status).toBe(404);
    const presales = await list(acme, acme.assistant.id);
    expect(presales.status).toBe(200);
    expect(presales.body.data).toEqual([]);
  });
});

describe('POST /api/institution-product/{id}/whatsapp/failed-replies/retry', () => {
  it('sends the replies again through the job queue; they leave the list, and fail onto it again', async () => {
    const before = (await list()).body.data;
    expect(before).toHaveLength(2);
    refuse = false;
    accepted.length = 0;
    const answer = await retry(before.map((row) => row.id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.ids.sort()).toEqual(before.map((row) => row.id).sort());
    await until(
      async () => [...accepted].sort(),
      (to) => to.length === 2,
    );
    expect([...accepted].sort()).toEqual([SELLER.slice(1), STRANGER.slice(1)].sort());
    expect((await until(list, (page) => page.body.data.length === 0)).body.data).toEqual([]);
    // Sent now: not failed, so not retried again.
    expect((await retry([before[0]!.id])).status).toBe(404);

    // Refused for good once more: back on the list with the new error.
    const [first] = before;
    await server.database.db
      .update(whatsappMessages)
      .set({ status: 'failed', error: 'old' })
      .where(eq(whatsappMessages.id, first!.id));
    refuse = true;
    expect((await retry([first!.id])).status).toBe(200);
    const again = await until(
      list,
      (page) => page.body.data[0]?.error !== 'old' && page.body.data.length === 1,
    );
    expect(again.body.data[0]?.error).toMatch(/131026/);
  });

  it('refuses the whole request when any id cannot be sent again', async () => {
    const ref = { institutionId: acme.institution.id, assistantId: sales.id };
    const failed = await recordFailedReply(server, ref, {
      to: SELLER,
      question: 'Hello?',
      body: 'Hi!',
      error: 'the Graph API refused the message (400): test',
    });
    // A sender known only by a user id: nothing to send it to.
    const anonymous = await recordFailedReply(server, ref, {
      to: null,
      question: 'Hello?',
      body: 'Hi!',
      error: 'the Graph API refused the message (400): test',
    });
    const other = await createTenant(server, { name: 'Initech', kind: 'business' });
    const foreign = await recordFailedReply(
      server,
      { institutionId: other.institution.id, assistantId: other.assistant.id },
      { to: SELLER, question: null, body: 'Hi', error: 'x' },
    );
    for (const ids of [
      [failed, anonymous],
      [failed, foreign],
      [failed, 999_999],
    ]) {
      expect((await retry(ids)).status, JSON.stringify(ids)).toBe(404);
    }
    expect((await list()).body.data.map((row) => row.id)).toContain(failed);
    expect((await retry([])).status).toBe(400);

    // A message whose job still has a reply queued: that job would send this one too.
    const busy = await recordFailedReply(server, ref, {
      to: SELLER,
      question: 'Price?',
      body: 'Ten euros.',
      error: 'x',
    });
    const [row] = await server.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, busy));
    await server.database.db.insert(whatsappMessages).values({
      ...ref,
      direction: 'out',
      replyTo: row!.replyTo,
      phoneNumber: SELLER,
      body: 'Anything else?',
      type: 'answer',
      status: 'queued',
    });
    expect((await retry([busy])).status).toBe(404);
    // Another message's queued reply does not hold this one back.
    refuse = true;
    expect((await retry([failed])).status).toBe(200);
    await until(list, (page) =>
      page.body.data.some((reply) => reply.id === failed && /131026/.test(reply.error ?? '')),
    );
  });
});
