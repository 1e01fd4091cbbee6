/**
 * Leads and orders entered by chat through the WhatsApp webhook (a local Graph API peer records the
 * replies): guided leads with configured fields, orders in one message, two sellers kept apart,
 * entries expiring after silence, and the records read through GET lead and GET order.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Lead, Order } from '@conversa/contract/records';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { salesEntries, salesRecords } from '../../db/sales-schema';
import { createMember, createTenant, type Tenant } from '../../testing/institutions.fixtures';
import { signIn, type TestServer } from '../../testing';
import {
  type GraphPeer,
  type SalesWorld,
  say as sayTo,
  SECOND_SELLER,
  SELLER,
  startWebhookWorld,
} from '../../testing/webhook.fixtures';

let graph: GraphPeer;
let server: TestServer;
let acme: Tenant;
let sales: AssistantListItem;

const as = () => ({ token: acme.owner.token, institution: acme.institution.id });
const say = (from: string, text: string) => sayTo(server, from, text);
const replies = (n: number) => graph.replies(n);

let world: SalesWorld;
beforeAll(async () => {
  world = await startWebhookWorld();
  ({ graph, server, acme, sales } = world);
});
afterAll(() => world.close());
beforeEach(() => {
  graph.sent.length = 0;
});

describe('leads and orders entered by chat', () => {
  it('takes a guided lead in English, with the configured field, validation and skip, and stores it', async () => {
    expect((await say(SELLER, 'lead')).at(-1)).toBe('*Company*');
    expect((await say(SELLER, 'ACME Corp')).at(-1)).toBe('*Contact*');
    expect((await say(SELLER, 'Juan Pérez')).at(-1)).toMatch(/^\*Phone\*/);
    expect((await say(SELLER, '12'))[0]).toBe('Phone: Invalid phone number.');
    expect((await say(SELLER, '+1 650 555 0000')).at(-1)).toMatch(/^\*Email\*/);
    expect((await say(SELLER, 'skip')).at(-1)).toMatch(/^\*Notes\*/);
    expect((await say(SELLER, 'skip')).at(-1)).toBe('*Budget*\nA number.');
    expect((await say(SELLER, 'a lot'))[0]).toBe('Budget: Write a number, for example 12 or 3.5.');
    const summary = await say(SELLER, '1500');
    expect(summary.at(-1)).toMatch(/^Reply \*yes\* to save it/);
    expect(await say(SELLER, 'yes')).toEqual(['Lead saved. Thank you!']);
    const [lead] = await server.database.db
      .select()
      .from(salesRecords)
      .where(and(eq(salesRecords.assistantId, sales.id), eq(salesRecords.kind, 'lead')));
    expect(lead).toMatchObject({
      sellerNumber: SELLER,
      sellerName: 'Sheena Nelson',
      company: 'ACME Corp',
      contactName: 'Juan Pérez',
      phone: '+16505550000',
      email: null,
      notes: null,
      fields: { budget: 1500 },
    });
    expect(lead!.messageIds.length).toBeGreaterThanOrEqual(9);
  });

  it('takes an order in one message in Spanish, and keeps two sellers apart', async () => {
    expect((await say(SELLER, 'lead')).at(-1)).toBe('*Company*');
    const summary = await say(
      SECOND_SELLER,
      'Pedido\nEmpresa: ACME\nCódigo: A-100\nCantidad: 3\ncodigo: B-2\nDescripción: Cajas grandes\nCantidad: 2,5',
    );
    expect(summary[0]).toContain('1. A-100 × 3');
    expect(await say(SECOND_SELLER, 'sí')).toEqual(['Pedido guardado. ¡Gracias!']);
    // The first seller's lead is where they left it.
    expect((await say(SELLER, 'Globex')).at(-1)).toBe('*Contact*');
    expect(await say(SELLER, 'cancel')).toEqual(['Cancelled: the lead was not saved.']);
    const orders = await server.call<{ data: Order[] }>(
      `/api/order?institution_product_id=${sales.id}`,
      as(),
    );
    expect(orders.body.data[0]).toMatchObject({ seller: 'Lucía Gómez', company: 'ACME' });
    expect(orders.body.data[0]!.lines).toEqual([
      { product_code: 'A-100', product_description: null, quantity: 3 },
      { product_code: 'B-2', product_description: 'Cajas grandes', quantity: 2.5 },
    ]);
  });

  it('tells a seller their entry expired after 30 minutes of silence, then answers them as before', async () => {
    expect((await say(SELLER, 'lead')).at(-1)).toBe('*Company*');
    graph.sent.length = 0;
    server.clock.advance(31 * 60_000);
    // The console's staff session idled out meanwhile: its owner signs in again.
    acme.owner.token = await signIn(server, acme.owner.id);
    // Nobody writes: the expiry job, due now, says so on its own.
    const [notice] = await replies(1);
    expect(notice!.body).toMatchObject({ to: '16505551234' });
    expect(notice!.body.text.body).toBe(
      'The unfinished lead was discarded after 30 minutes without a reply.',
    );
    // The entry is gone: the next message is a question again.
    const answer = await say(SELLER, 'Does the chair come in another color?');
    expect(answer).toHaveLength(1);
    expect(answer[0]).toContain('black, white and oak');
  });

  it('says so on the next message when the expiry job has not run yet', async () => {
    expect((await say(SECOND_SELLER, 'pedido')).at(-1)).toBe('*Empresa*');
    // The seller's entry, as if written 31 minutes ago (the job due then has not run).
    const [row] = await server.database.db
      .select()
      .from(salesEntries)
      .where(eq(salesEntries.phoneNumber, SECOND_SELLER));
    const state = {
      ...(row!.state as Record<string, unknown>),
      updatedAt: new Date(Date.now() - 31 * 60_000).toISOString(),
    };
    await server.database.db
      .update(salesEntries)
      .set({ state })
      .where(eq(salesEntries.phoneNumber, SECOND_SELLER));
    const replies = await say(SECOND_SELLER, 'ACME');
    expect(replies[0]).toBe('Se descartó el pedido sin terminar tras 30 minutos sin respuesta.');
  });

  it('lists the leads and orders through GET lead and GET order, newest first, for those who may read them', async () => {
    const leads = await server.call<{ data: Lead[] }>(`/api/lead?institution_product_id=${sales.id}`, as());
    expect(leads.status).toBe(200);
    expect(leads.headers.get('x-pagination-total-count')).toBe('1');
    expect(leads.body.data[0]).toMatchObject({
      institution_product_id: sales.id,
      seller: 'Sheena Nelson',
      seller_number: SELLER,
      company: 'ACME Corp',
      contact_name: 'Juan Pérez',
      fields: { budget: 1500 },
    });
    const orders = await server.call<{ data: Order[] }>(
      `/api/order?institution_product_id=${sales.id}`,
      as(),
    );
    expect(orders.body.data.map((order) => order.seller)).toEqual(['Lucía Gómez']);
    // Another institution's assistant, an assistant that is not sales support, a role without lead.read.
    const other = await createTenant(server, { name: 'Globex', kind: 'business' });
    const foreign = await server.call(`/api/lead?institution_product_id=${sales.id}`, {
      token: other.owner.token,
      institution: other.institution.id,
    });
    expect(foreign.status).toBe(404);
    expect((await server.call(`/api/lead?institution_product_id=${acme.assistant.id}`, as())).status).toBe(
      404,
    );
    const agent = await createMember(server, acme.institution.id, 'order_capture_agent');
    const asAgent = { token: agent.token, institution: acme.institution.id };
    expect((await server.call(`/api/lead?institution_product_id=${sales.id}`, asAgent)).status).toBe(403);
    expect((await server.call(`/api/order?institution_product_id=${sales.id}`, asAgent)).status).toBe(200);
  });
});
