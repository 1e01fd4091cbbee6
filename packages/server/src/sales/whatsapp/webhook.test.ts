/**
 * The WhatsApp webhook through HTTP, with Meta's real payloads (shared/fixtures/whatsapp) and a
 * local Graph API peer that records the replies and answers like Meta (fixture 05): the handshake,
 * signatures (fixture 06's vectors; bad, missing, a body changed by one byte), a delivery repeated
 * five times at once acted on once, status callbacks on our replies, unknown numbers' ids, allowed,
 * unknown and removed sellers, media, senders known only by a user id, and refusals per IP. Leads
 * and orders entered by chat are webhook-entries.test.ts.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import { and, count, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../../db/sales-schema';
import { createTenant, type Tenant } from '../../testing/institutions.fixtures';
import { WEBHOOK_REFUSALS_PER_IP } from '../../rate-limit/limits';
import { createTestServer, type TestServer } from '../../testing';
import { readFixture } from '../../testing/fixtures-dir';
import { signatureOf } from './signature';
import { MAX_NUMBERS_PER_DELIVERY } from './webhook.routes';
import {
  APP_SECRET,
  bytes,
  createSalesChannel,
  deliver as deliverTo,
  type GraphPeer,
  PHONE_NUMBER_ID,
  type SalesWorld,
  say as sayTo,
  SELLER,
  startWebhookWorld,
  statusDelivery,
  textDelivery as message,
  VERIFY_TOKEN,
} from '../../testing/webhook.fixtures';

let graph: GraphPeer;
let server: TestServer;
let acme: Tenant;
let sales: AssistantListItem;

const as = () => ({ token: acme.owner.token, institution: acme.institution.id });
const deliver = (body: Uint8Array | string, signature?: string | null) => deliverTo(server, body, signature);
const say = (from: string, text: string) => sayTo(server, from, text);
const replies = (n: number) => graph.replies(n);

const incoming = async (): Promise<number> => {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.assistantId, sales.id), eq(whatsappMessages.direction, 'in')));
  return Number(row?.n ?? 0);
};

let world: SalesWorld;
beforeAll(async () => {
  world = await startWebhookWorld();
  ({ graph, server, acme, sales } = world);
});
afterAll(() => world.close());
beforeEach(() => {
  graph.sent.length = 0;
});

describe('GET /api/whatsapp/webhook', () => {
  it("answers Meta's challenge for an assistant's verify token, and 403 otherwise", async () => {
    const ok = await server.call(
      `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      // A challenge that is not digits is never echoed (it would be a caller's text in our answer).
      `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
      `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=`,
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      'hub.mode=subscribe&hub.challenge=1',
    ]) {
      expect((await server.call(`/api/whatsapp/webhook?${query}`)).status).toBe(403);
    }
  });
});

describe('POST /api/whatsapp/webhook', () => {
  it("answers an allowed seller's question from the knowledge, through the Graph API (fixture 01)", async () => {
    const payload = readFixture('whatsapp', '01_incoming_text_meta_docs.json');
    const { status: accepted } = await deliver(
      payload,
      'sha256=1c041e1c07f50386213ac582d2e17d24d70f1ed42949a6e5a5607057b805b5fc',
    );
    expect(accepted).toBe(200);
    const [reply] = await replies(1);
    expect(reply!.path).toBe(`/v23.0/${PHONE_NUMBER_ID}/messages`);
    expect(reply!.authorization).toBe('Bearer EAAG-test-access-token');
    expect(reply!.body).toMatchObject({ to: '16505551234', type: 'text' });
    expect(reply!.body.text.body).toContain('black, white and oak');
    expect(reply!.body.text.body).toMatch(/Sources: Does the chair come in another color\?/);
    // Our reply is recorded with Meta's id (once the send returned), and its status callbacks land on it.
    const recorded = async () =>
      (
        await server.database.db
          .select()
          .from(whatsappMessages)
          .where(eq(whatsappMessages.waMessageId, 'wamid.reply-1'))
      )[0];
    for (let tries = 0; !(await recorded()) && tries < 200; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const callback = statusDelivery([
      { id: 'wamid.reply-1', status: 'delivered', timestamp: '1749416390', recipient_id: '16505551234' },
    ]);
    expect((await deliver(callback)).status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.waMessageId, 'wamid.reply-1'));
    expect(row).toMatchObject({ direction: 'out', status: 'delivered', phoneNumber: SELLER, type: 'answer' });
  });

  it('refuses a bad, missing or stale signature with a 401, recording nothing', async () => {
    const before = await incoming();
    const body = message('wamid.sig-1', '16505551234', 'Hello');
    expect((await deliver(body, signatureOf(bytes(body), 'another_secret'))).status).toBe(401);
    expect((await deliver(body, null)).status).toBe(401);
    expect((await deliver(body, 'sha256=')).status).toBe(401);
    const changed = body.replace('Hello', 'Hellp');
    expect((await deliver(changed, signatureOf(bytes(body), APP_SECRET))).status).toBe(401);
    expect(await incoming()).toBe(before);
    expect(graph.sent).toEqual([]);
  });

  it('acts once on a delivery repeated five times at once', async () => {
    const before = await incoming();
    const body = message('wamid.dup-1', '16505551234', 'Does the chair come in another color?');
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await incoming()).toBe(before + 1);
    await replies(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graph.sent).toHaveLength(1);
  });

  it('never fails on odd deliveries: signed or not, any shape answers 200 or 401, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          // Shaped like a delivery to our number, with anything inside.
          fc.record({
            object: fc.string(),
            entry: fc.array(
              fc.record({
                changes: fc.array(
                  fc.record({
                    value: fc.record({
                      metadata: fc.record({ phone_number_id: fc.constant(PHONE_NUMBER_ID) }),
                      messages: fc.array(fc.jsonValue(), { maxLength: 2 }),
                      statuses: fc.array(fc.jsonValue(), { maxLength: 2 }),
                    }),
                  }),
                  { maxLength: 2 },
                ),
              }),
              { maxLength: 2 },
            ),
          }),
        ),
        fc.boolean(),
        async (json, signed) => {
          const body = JSON.stringify(json) ?? 'null';
          const { status } = await deliver(body, signed ? signatureOf(bytes(body), APP_SECRET) : 'sha256=00');
          expect([200, 401]).toContain(status);
        },
      ),
      { numRuns: 60 },
    );
    // Not JSON at all.
    expect((await deliver('{"entry": [', signatureOf(bytes('{"entry": ['), APP_SECRET))).status).toBe(401);
  });

  it("answers a number's id that is no assistant's as a bad signature (401, same body, nothing recorded)", async () => {
    const before = await incoming();
    const body = message('wamid.other-1', '16505551234', 'Hi', 'text', '999999999999');
    const unknown = await deliver(body);
    const badlySigned = await deliver(message('wamid.other-2', '16505551234', 'Hi'), 'sha256=00');
    expect(unknown.status).toBe(401);
    expect(badlySigned.status).toBe(401);
    expect(unknown.body).toEqual(badlySigned.body);
    expect(await incoming()).toBe(before);
    // A change of no number (an account-level field): nothing to look up or do, and a 200 so Meta does not retry.
    const accountLevel = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }] }],
    });
    expect((await deliver(accountLevel)).status).toBe(200);
  });

  it('refuses a delivery naming more numbers than Meta ever does, before looking them up', async () => {
    const before = await incoming();
    const delivery = JSON.parse(message('wamid.many-1', '16505551234', 'Hi')) as {
      entry: { changes: { value: { metadata: { phone_number_id: string } } }[] }[];
    };
    const ours = delivery.entry[0]!.changes[0]!;
    for (let n = 0; n < MAX_NUMBERS_PER_DELIVERY; n += 1) {
      delivery.entry[0]!.changes.push({
        ...ours,
        value: { ...ours.value, metadata: { phone_number_id: String(300000000000 + n) } },
      });
    }
    expect((await deliver(JSON.stringify(delivery))).status).toBe(401);
    expect(await incoming()).toBe(before);
  });

  it("acts only on the numbers whose own app secret signed the delivery: another tenant's number in it is left alone", async () => {
    // Globex saves a channel of its own (a number its token reads, a secret it chose).
    const globex = await createTenant(server, { name: 'Globex', kind: 'business', country: 'US' });
    const attacker = {
      phone_number_id: '200000000000777',
      access_token: 'EAAG-globex',
      app_secret: 'globex_secret',
    };
    graph.addNumber(attacker.phone_number_id, attacker.access_token);
    const globexSales = await createSalesChannel(server, globex, {
      sellers: [],
      channel: { ...attacker, verify_token: 'globex-verify-token' },
    });
    // Acme's reply, sent and recorded with Meta's id.
    await say(SELLER, 'Does the chair come in another color?');
    const [acmeReply] = await server.database.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.assistantId, sales.id), eq(whatsappMessages.direction, 'out')))
      .orderBy(desc(whatsappMessages.id))
      .limit(1);
    graph.sent.length = 0;
    const before = await incoming();
    // One delivery naming Acme's number (a lead from Acme's seller) and Globex's, signed by Globex.
    const forged = JSON.parse(message('wamid.forged-1', '16505551234', 'lead')) as {
      entry: { changes: { value: Record<string, unknown> }[] }[];
    };
    forged.entry.push({
      changes: [
        {
          value: {
            metadata: { phone_number_id: attacker.phone_number_id },
            // A status naming Acme's reply, as if it came through Globex's number.
            statuses: [{ id: acmeReply!.waMessageId, status: 'failed', recipient_id: '16505551234' }],
          },
        },
      ],
    });
    const body = JSON.stringify(forged);
    expect((await deliver(body, signatureOf(bytes(body), attacker.app_secret))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await incoming()).toBe(before);
    expect(graph.sent).toEqual([]);
    const [after] = await server.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, acmeReply!.id));
    expect(after!.status).toBe(acmeReply!.status);
    expect(after!.error).toBeNull();
    const [{ n: globexRows } = { n: 0 }] = await server.database.db
      .select({ n: count() })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.assistantId, globexSales.id));
    expect(Number(globexRows)).toBe(0);
  });

  it('refuses a number not on the list once a day, and answers media with a text-only note', async () => {
    expect((await deliver(message('wamid.stranger-1', '34600111222', 'Hola, ¿tenéis sillas?'))).status).toBe(
      200,
    );
    const [refusal] = await replies(1);
    expect(refusal!.body.to).toBe('34600111222');
    expect(refusal!.body.text.body).toContain('no está en la lista de vendedores de Acme Sales');
    expect((await deliver(message('wamid.stranger-2', '34600111222', '¿Hola?'))).status).toBe(200);
    expect((await deliver(message('wamid.photo-1', '16505551234', '', 'image'))).status).toBe(200);
    const [, media] = await replies(2);
    expect(media!.body.to).toBe('16505551234');
    expect(media!.body.text.body).toContain('only read text messages');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graph.sent).toHaveLength(2);
  });

  it('tells a sender known only by a user id that they cannot be identified (fixture 04 shape)', async () => {
    expect((await deliver(message('wamid.bsuid-1', null, 'Hello, I want to place an order'))).status).toBe(
      200,
    );
    const [reply] = await replies(1);
    expect(reply!.body.to).toBe('US.13491208655302741918');
    expect(reply!.body.text.body).toContain('cannot tell which phone number');
  });

  it('a removed number is refused at once, and answered again once added back', async () => {
    const list = await server.call<{ data: { id: number }[] }>(
      `/api/whatsapp-whitelist/institution-product/${sales.id}?q=6505551234`,
      as(),
    );
    await server.call('/api/whatsapp-whitelist/delete', {
      method: 'POST',
      ...as(),
      json: { ids: [list.body.data[0]!.id] },
    });
    await deliver(message('wamid.removed-1', '16505551234', 'Does the chair come in another color?'));
    const [refusal] = await replies(1);
    expect(refusal!.body.text.body).toContain('not on the list of sellers');
    await server.call('/api/whatsapp-whitelist', {
      method: 'POST',
      ...as(),
      json: { institution_product_id: sales.id, phone_number: SELLER, seller_name: 'Sheena Nelson' },
    });
    await deliver(message('wamid.readded-1', '16505551234', 'Does the chair come in another color?'));
    const [, answer] = await replies(2);
    expect(answer!.body.text.body).toContain('black, white and oak');
  });
});

describe('refusals per IP', () => {
  it(`refuses a sender refused ${WEBHOOK_REFUSALS_PER_IP} times in ten minutes with a 429, signed or not`, async () => {
    const own = await createTestServer({ env: { WHATSAPP_GRAPH_URL: graph.url } });
    try {
      const tenant = await createTenant(own, { name: 'Initech', kind: 'business', country: 'US' });
      await createSalesChannel(own, tenant, { sellers: [] });
      const probe = message('wamid.probe', '16505551234', 'Hi', 'text', '999999999999');
      for (let n = 0; n < WEBHOOK_REFUSALS_PER_IP; n += 1) {
        expect((await deliverTo(own, probe)).status).toBe(401);
      }
      const signed = message('wamid.after-probes', '16505551234', 'Hi');
      const limited = await deliverTo(own, signed);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      own.clock.advance(10 * 60_000 + 1_000);
      expect((await deliverTo(own, signed)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
