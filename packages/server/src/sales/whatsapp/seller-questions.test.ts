/**
 * The sellers' WhatsApp questions through HTTP, with a local Graph API peer: a question answered
 * from the knowledge is listed with its answer and the seller, the latest first and a page at a
 * time; a lead's steps and a stranger's message are not questions. (Tenant and role checks: the
 * guard test walks the endpoint table.)
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { SellerQuestion } from '@conversa/contract/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../testing/institutions.fixtures';
import type { TestServer } from '../../testing';
import { type SalesWorld, say, startSalesWorld } from '../../testing/webhook.fixtures';

const SELLER = '+16505551234';
const STRANGER = '+34600111222';

let server: TestServer;
let acme: Tenant;
let sales: AssistantListItem;

const list = (query = '') =>
  server.call<{ data: SellerQuestion[] }>(`/api/institution-product/${sales.id}/whatsapp/questions${query}`, {
    token: acme.owner.token,
    institution: acme.institution.id,
  });

let world: SalesWorld;
beforeAll(async () => {
  world = await startSalesWorld({ name: 'Acme Sales', sellers: [[SELLER, 'Sheena Nelson']] });
  ({ server, acme, sales } = world);
});
afterAll(() => world.close());

describe('GET /api/institution-product/{id}/whatsapp/questions', () => {
  it('lists the questions answered from the knowledge, with the answer sent and the seller', async () => {
    expect((await list()).body.data).toEqual([]);
    const [answer] = await say(server, SELLER, 'Does the chair come in another color?');
    // Not questions: a stranger's message (refused), and a step of a lead.
    await say(server, STRANGER, 'What is the price of the table?');
    await say(server, SELLER, 'How long does delivery take?');
    await say(server, SELLER, 'new lead');

    const { status, body, headers } = await list();
    expect(status).toBe(200);
    expect(headers.get('x-pagination-total-count')).toBe('2');
    expect(body.data.map((item) => item.question)).toEqual([
      'How long does delivery take?',
      'Does the chair come in another color?',
    ]);
    expect(body.data[1]).toMatchObject({
      phone_number: SELLER,
      seller_name: 'Sheena Nelson',
      answer,
    });
    expect(Date.parse(body.data[1]!.asked_at)).not.toBeNaN();

    const second = await list('?page=2&per-page=1');
    expect(second.headers.get('x-pagination-page-count')).toBe('2');
    expect(second.body.data.map((item) => item.question)).toEqual(['Does the chair come in another color?']);
  });
});
