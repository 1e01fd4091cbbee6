/**
 * Failed WhatsApp replies through HTTP, with a local Graph API peer: a reply the peer refuses for
 * good, and one Meta's status callback reports failed, are listed (newest failure first, with the
 * error, the seller while allowed and the question); sent again on request through the job queue
 * (then off the list), all or none; other tenants get a 404.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { FailedReply } from '@conversa/contract/sales';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../../db/sales-schema';
import { createTenant, type Tenant } from '../../testing/institutions.fixtures';
import { recordFailedReply, type TestServer } from '../../testing';
import {
  deliver,
  type GraphPeer,
  type SalesWorld,
  send,
  startSalesWorld,
  statusDelivery,
} from '../../testing/webhook.fixtures';

const SELLER = '+16505551234';
/** Not on the list: it hears the refusal, and its failure names no seller. */
const STRANGER = '+34600111222';

let graph: GraphPeer;
let server: TestServer;
let acme: Tenant;
let sales: AssistantListItem;

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
/** The numbers the peer accepted replies for, in order. */
const accepted = () => graph.sent.map((reply) => reply.body.to);

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

let world: SalesWorld;
beforeAll(async () => {
  world = await startSalesWorld({ name: 'Acme Sales', sellers: [[SELLER, 'Sheena Nelson']] });
  ({ graph, server, acme, sales } = world);
});
afterAll(() => world.close());

describe('GET /api/institution-product/{id}/whatsapp/failed-replies', () => {
  it('lists a reply the Graph API refused for good, with its error, seller and question', async () => {
    expect((await list()).body.data).toEqual([]);
    graph.refuse = true;
    await send(server, SELLER, 'Does the chair come in another color?');
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
    graph.refuse = false;
    graph.sent.length = 0;
    await send(server, STRANGER, '¿Tenéis sillas?');
    await graph.replies(1);
    const [sent] = await until(
      () =>
        server.database.db
          .select()
          .from(whatsappMessages)
          .where(eq(whatsappMessages.waMessageId, graph.lastReplyId)),
      (rows) => rows.length === 1,
    );
    expect(sent).toMatchObject({ status: 'sent', phoneNumber: STRANGER });
    const callback = await deliver(
      server,
      statusDelivery([
        {
          id: sent!.waMessageId,
          status: 'failed',
          timestamp: '1749416390',
          recipient_id: STRANGER.slice(1),
          errors: [{ code: 131047, title: 'Re-engagement message' }],
        },
      ]),
    );
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
    graph.refuse = false;
    graph.sent.length = 0;
    const answer = await retry(before.map((row) => row.id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.ids.sort()).toEqual(before.map((row) => row.id).sort());
    await graph.replies(2);
    expect(accepted().sort()).toEqual([SELLER.slice(1), STRANGER.slice(1)].sort());
    // Off the list once sent (queued again at once, so the list alone does not say they were sent).
    await until(
      () =>
        server.database.db
          .select({ status: whatsappMessages.status })
          .from(whatsappMessages)
          .where(
            inArray(
              whatsappMessages.id,
              before.map((row) => row.id),
            ),
          ),
      (rows) => rows.every((row) => row.status === 'sent'),
    );
    expect((await list()).body.data).toEqual([]);
    // Sent now: not failed, so not retried again.
    expect((await retry([before[0]!.id])).status).toBe(404);

    // Refused for good once more: back on the list with the new error.
    const [first] = before;
    await server.database.db
      .update(whatsappMessages)
      .set({ status: 'failed', error: 'old' })
      .where(eq(whatsappMessages.id, first!.id));
    graph.refuse = true;
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
    graph.refuse = true;
    expect((await retry([failed])).status).toBe(200);
    await until(list, (page) =>
      page.body.data.some((reply) => reply.id === failed && /131026/.test(reply.error ?? '')),
    );
  });
});
