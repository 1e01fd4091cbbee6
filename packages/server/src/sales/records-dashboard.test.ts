/**
 * The leads and orders dashboards through HTTP (PGlite and PostgreSQL): the figures of a known set
 * of records, their days read in the caller's time zone (a record a minute either side of
 * midnight), every day of the range present, the sellers, companies and products; the date errors,
 * roles, a guest, and other tenants.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Lead, LeadsDashboard, Order, OrdersDashboard } from '@conversa/contract/records';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { salesRecords } from '../db/sales-schema';
import { createMember, guestToken } from '../testing/institutions.fixtures';
import { redate } from '../testing/records-dates';
import { recordsServer } from '../testing/records.fixtures';

const { ctx, post, put, get, lead, order } = recordsServer();

/** Moves a record to `at` and names its seller. */
async function enteredAt(id: number, at: string, seller = 'Rosa Rivera') {
  const { db } = ctx.server.database;
  await redate(db, id, new Date(at));
  await db.update(salesRecords).set({ sellerName: seller }).where(eq(salesRecords.id, id));
}

const leadsDashboard = (query: string) =>
  get<LeadsDashboard>(`lead/dashboard?institution_product_id=${ctx.sales.id}${query}`);
const ordersDashboard = (query: string) =>
  get<OrdersDashboard>(`order/dashboard?institution_product_id=${ctx.sales.id}${query}`);

beforeAll(async () => {
  // Madrid is UTC+1 in early March: 22:59Z is 23:59 on the 1st there, 23:00Z already the 2nd.
  const leads: [string, string, string?][] = [
    ['Hotel Las Dunas', '2026-03-01T22:59:00Z'],
    ['HOTEL LAS DUNAS', '2026-03-01T23:00:00Z', 'Tomás Vidal'],
    ['Bodegas Sol', '2026-03-03T10:00:00Z', 'Tomás Vidal'],
    ['Zapatería Norte', '2026-02-28T22:00:00Z'],
  ];
  for (const [company, at, seller] of leads) {
    const created = await post<Lead>('lead', lead(company));
    await enteredAt(created.body.data.id, at, seller);
  }
  const orders: [
    string,
    { product_code: string; product_description?: string; quantity: number }[],
    string,
  ][] = [
    [
      'Hotel Las Dunas',
      [
        { product_code: 'S-20', product_description: 'Oak chair', quantity: 40 },
        { product_code: 'S-20', quantity: 10 },
        { product_code: 'T-1', product_description: 'Table', quantity: 2.5 },
      ],
      '2026-03-01T23:30:00Z',
    ],
    ['Bodegas Sol', [{ product_code: 'S-20', quantity: 5 }], '2026-03-02T09:00:00Z'],
    ['Bodegas Sol', [{ product_code: 'L-3', quantity: 100 }], '2026-03-10T09:00:00Z'],
  ];
  for (const [company, lines, at] of orders) {
    const created = await post<Order>('order', order(company, lines));
    await enteredAt(created.body.data.id, at, company === 'Bodegas Sol' ? 'Tomás Vidal' : 'Rosa Rivera');
  }
});

describe('the leads dashboard', () => {
  it("counts a range's leads per day in the caller's time zone, every day present", async () => {
    const madrid = await leadsDashboard('&from=2026-03-01&to=2026-03-04&tz=Europe/Madrid');
    expect(madrid.status, JSON.stringify(madrid.body)).toBe(200);
    expect(madrid.body.data.records).toBe(3);
    expect(madrid.body.data.per_day).toEqual([
      { date: '2026-03-01', records: 1 },
      { date: '2026-03-02', records: 1 },
      { date: '2026-03-03', records: 1 },
      { date: '2026-03-04', records: 0 },
    ]);
    expect(madrid.body.data.sellers).toEqual([
      { name: 'Tomás Vidal', records: 2 },
      { name: 'Rosa Rivera', records: 1 },
    ]);
    // One company, case aside, shown as one of its spellings.
    expect(madrid.body.data.companies).toEqual([
      { name: expect.stringMatching(/^hotel las dunas$/i), records: 2 },
      { name: 'Bodegas Sol', records: 1 },
    ]);

    const utc = await leadsDashboard('&from=2026-03-01&to=2026-03-03&tz=UTC');
    expect(utc.body.data.per_day).toEqual([
      { date: '2026-03-01', records: 2 },
      { date: '2026-03-02', records: 0 },
      { date: '2026-03-03', records: 1 },
    ]);
  });

  it('without a range runs from the first lead to the last; a range without leads is zeros', async () => {
    const all = await leadsDashboard('&tz=Europe/Madrid');
    expect(all.body.data.records).toBe(4);
    expect(all.body.data.per_day.map((day) => day.date)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    const none = await leadsDashboard('&from=2025-01-01&to=2025-01-02');
    expect(none.body.data).toEqual({
      records: 0,
      per_day: [
        { date: '2025-01-01', records: 0 },
        { date: '2025-01-02', records: 0 },
      ],
      sellers: [],
      companies: [],
    });
  });

  it('refuses an end before the start, a day that does not exist and an unknown time zone', async () => {
    const backwards = await leadsDashboard('&from=2026-03-02&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('end_before_start');
    expect((await leadsDashboard('&from=2026-02-30')).status).toBe(400);
    expect((await leadsDashboard('&tz=Mars/Olympus')).status).toBe(400);
    expect((await get('lead/dashboard')).status).toBe(400);
  });
});

describe('the orders dashboard', () => {
  it("sums a range's orders, lines and quantity, by day, seller, company and product", async () => {
    const answer = await ordersDashboard('&from=2026-03-01&to=2026-03-03&tz=Europe/Madrid');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const figures = answer.body.data;
    expect(figures).toMatchObject({ records: 2, lines: 4, quantity: 57.5 });
    expect(figures.per_day).toEqual([
      { date: '2026-03-01', records: 0 },
      { date: '2026-03-02', records: 2 },
      { date: '2026-03-03', records: 0 },
    ]);
    expect(figures.sellers).toEqual([
      { name: 'Rosa Rivera', records: 1, quantity: 52.5 },
      { name: 'Tomás Vidal', records: 1, quantity: 5 },
    ]);
    expect(figures.companies).toEqual([
      { name: 'Bodegas Sol', records: 1 },
      { name: 'Hotel Las Dunas', records: 1 },
    ]);
    // S-20 is on two lines of one order: one order.
    expect(figures.products).toEqual([
      { product_code: 'S-20', product_description: 'Oak chair', quantity: 55, orders: 2 },
      { product_code: 'T-1', product_description: 'Table', quantity: 2.5, orders: 1 },
    ]);

    const all = (await ordersDashboard('&tz=Europe/Madrid')).body.data;
    expect(all).toMatchObject({ records: 3, lines: 5, quantity: 157.5 });
    expect(all.per_day).toHaveLength(9);
    expect(all.products[0]).toEqual({
      product_code: 'L-3',
      product_description: null,
      quantity: 100,
      orders: 1,
    });
    expect(all.sellers[0]).toEqual({ name: 'Tomás Vidal', records: 2, quantity: 105 });
  });
});

describe('an order corrected or deleted', () => {
  it('counts its new lines and quantity, and no longer counts it once deleted', async () => {
    const [bodegas] = (
      await get<Order[]>(`order?institution_product_id=${ctx.sales.id}&from=2026-03-10&to=2026-03-10&tz=UTC`)
    ).body.data;
    const corrected = await put(
      `order/${bodegas!.id}`,
      order('Bodegas Sol', [
        { product_code: 'L-3', quantity: 60 },
        { product_code: 'L-4', quantity: 0.1 },
      ]),
    );
    expect(corrected.status).toBe(200);
    const range = '&from=2026-03-10&to=2026-03-10&tz=UTC';
    expect((await ordersDashboard(range)).body.data).toMatchObject({ records: 1, lines: 2, quantity: 60.1 });
    expect((await post('order/delete', { ids: [bodegas!.id] })).status).toBe(200);
    expect((await ordersDashboard(range)).body.data).toMatchObject({
      records: 0,
      lines: 0,
      quantity: 0,
      products: [],
    });
  });
});

describe('who may read them', () => {
  it('keeps each role to its dashboard, a guest and other tenants out', async () => {
    const orders = await createMember(ctx.server, ctx.acme.institution.id, 'order_capture_agent');
    const asOrders = { token: orders.token, institution: ctx.acme.institution.id };
    const leadAgent = await createMember(ctx.server, ctx.acme.institution.id, 'lead_entry_agent');
    const asLeads = { token: leadAgent.token, institution: ctx.acme.institution.id };
    const leadsPath = `/api/lead/dashboard?institution_product_id=${ctx.sales.id}`;
    const ordersPath = `/api/order/dashboard?institution_product_id=${ctx.sales.id}`;
    expect((await ctx.server.call(leadsPath, asOrders)).status).toBe(403);
    expect((await ctx.server.call(ordersPath, asOrders)).status).toBe(200);
    expect((await ctx.server.call(ordersPath, asLeads)).status).toBe(403);
    expect((await ctx.server.call(leadsPath, asLeads)).status).toBe(200);

    const guest = await guestToken(ctx.server, ctx.acme.assistant.id);
    expect((await ctx.server.call(leadsPath, { token: guest })).status).toBe(403);
    expect((await ctx.server.call(leadsPath)).status).toBe(401);

    // Another institution's sales assistant is not found; nor is a pre-sales assistant.
    expect((await get(`lead/dashboard?institution_product_id=${ctx.sales.id}`, ctx.other)).status).toBe(404);
    expect((await get(`order/dashboard?institution_product_id=${ctx.sales.id}`, ctx.other)).status).toBe(404);
    const theirs = await post<AssistantListItem>(
      'institution-product',
      { type: 'sales_support', name: 'Globex Sales' },
      ctx.other,
    );
    expect((await get(`lead/dashboard?institution_product_id=${theirs.body.data.id}`)).status).toBe(404);
    expect((await get(`order/dashboard?institution_product_id=${ctx.acme.assistant.id}`)).status).toBe(404);
  });
});
