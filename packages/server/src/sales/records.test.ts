/**
 * Leads and orders in the console through HTTP (PGlite and PostgreSQL): staff create and correct
 * them (configured fields and phones checked, the staff member as the seller, each change in the
 * history), the lists' filters and sorts, a card with the seller's WhatsApp conversation, bulk
 * deletes that are all or none, roles and other tenants, and bodies of any shape never a 500.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Lead, LeadDetail, Order, OrderDetail } from '@conversa/contract/records';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMember } from '../testing/institutions.fixtures';
import { say } from '../testing/webhook.fixtures';
import { recordsServer, SELLER } from '../testing/records.fixtures';

const { ctx, post, put, get, leads, lead, order } = recordsServer();

describe('leads', () => {
  it('are created by staff, checked against the configured fields, the staff member as the seller', async () => {
    const created = await post<Lead>(
      'lead',
      lead('Hotel Las Dunas', {
        phone: '655 11 22 33',
        email: ' Marta@Dunas.example ',
        notes: 'Wants 40 chairs',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      company: 'Hotel Las Dunas',
      contact_name: 'Marta Gil',
      phone: '+34655112233',
      email: 'marta@dunas.example',
      fields: { budget: 1000 },
      seller: 'Rosa Rivera',
      seller_number: null,
    });
    const refused = await post(
      'lead',
      lead('Bad', { phone: '12', fields: { visit: '2026-02-30', colour: 'red' } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.map(({ path, code }) => `${path}:${code}`).sort()).toEqual([
      'fields.budget:required',
      'fields.colour:invalid_value',
      'fields.visit:invalid_date',
      'phone:invalid_phone',
    ]);
    expect(await leads()).toEqual(['Hotel Las Dunas']);
  });

  it('are corrected, each change in the history with its author; the card shows it', async () => {
    const [first] = (await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}`)).body.data;
    const changed = await put<Lead>(`lead/${first!.id}`, {
      ...lead('Hotel Las Dunas', { notes: 'Wants 60 chairs', fields: { budget: 1000, visit: '2026-12-01' } }),
      phone: first!.phone,
      email: first!.email,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.notes).toBe('Wants 60 chairs');
    const card = await get<LeadDetail>(`lead/${first!.id}`);
    expect(card.body.data.history.map((entry) => [entry.action, entry.by])).toEqual([
      ['created', 'Rosa Rivera'],
      ['updated', 'Rosa Rivera'],
    ]);
    expect(card.body.data.history[1]!.changes).toEqual({
      notes: { from: 'Wants 40 chairs', to: 'Wants 60 chairs' },
      'fields.visit': { from: null, to: '2026-12-01' },
    });
    expect(card.body.data.messages).toEqual([]);
    // Nothing changed: no history entry.
    await put(`lead/${first!.id}`, {
      ...lead('Hotel Las Dunas', { notes: 'Wants 60 chairs', fields: { budget: 1000, visit: '2026-12-01' } }),
      phone: first!.phone,
      email: first!.email,
    });
    expect((await get<LeadDetail>(`lead/${first!.id}`)).body.data.history).toHaveLength(2);
  });

  it("shows a seller's lead with the WhatsApp conversation it came from", async () => {
    await say(ctx.server, SELLER, 'nuevo lead\nEmpresa: Bodegas Sol\nContacto: Luis Sol\nPresupuesto: 300');
    expect(await say(ctx.server, SELLER, 'sí')).toEqual(['Lead guardado. ¡Gracias!']);
    const [row] = (await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}&q=bodegas`)).body.data;
    expect(row).toMatchObject({ seller: 'Tomás Vidal', seller_number: SELLER, fields: { budget: 300 } });
    const cardAnswer = await get<LeadDetail>(`lead/${row!.id}`);
    expect(cardAnswer.status, JSON.stringify(cardAnswer.body)).toBe(200);
    const card = cardAnswer.body.data;
    // The seller's two messages and the assistant's replies, in order.
    expect(
      card.messages.filter((message) => message.direction === 'in').map((message) => message.body),
    ).toEqual(['nuevo lead\nEmpresa: Bodegas Sol\nContacto: Luis Sol\nPresupuesto: 300', 'sí']);
    expect(card.messages[0]!.direction).toBe('in');
    expect(card.messages.at(-1)).toMatchObject({ direction: 'out', body: 'Lead guardado. ¡Gracias!' });
    expect(card.history).toMatchObject([{ action: 'created', by: 'Tomás Vidal' }]);
  });

  it('are filtered by text, company, seller and dates, and sorted by date or company', async () => {
    await post('lead', lead('Zapatería Norte', { notes: 'Call after the holidays' }));
    expect(await leads()).toEqual(['Zapatería Norte', 'Bodegas Sol', 'Hotel Las Dunas']);
    expect(await leads('&sort=company')).toEqual(['Bodegas Sol', 'Hotel Las Dunas', 'Zapatería Norte']);
    expect(await leads('&q=HOLIDAYS')).toEqual(['Zapatería Norte']);
    expect(await leads('&q=100%25')).toEqual([]);
    expect(await leads('&company=dunas')).toEqual(['Hotel Las Dunas']);
    expect(await leads('&seller=tom%C3%A1s%20vidal')).toEqual(['Bodegas Sol']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await leads(`&from=${today}&to=${today}`)).toHaveLength(3);
    expect(await leads('&to=2000-01-01')).toEqual([]);
    const backwards = await get(`lead?institution_product_id=${ctx.sales.id}&from=2026-05-02&to=2026-05-01`);
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('end_before_start');
    const page = await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}&per-page=2&page=2`);
    expect(page.headers.get('x-pagination-total-count')).toBe('3');
    expect(page.body.data.map((row) => row.company)).toEqual(['Hotel Las Dunas']);
  });
});

describe('orders', () => {
  it('are created with their lines, found by product, shown with details, and corrected', async () => {
    const created = await post<Order>(
      'order',
      order('Hotel Las Dunas', [
        { product_code: 'S-20', product_description: 'Oak chair', quantity: 40 },
        { product_code: 'T-1', quantity: 2.5 },
      ]),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.lines).toEqual([
      { product_code: 'S-20', product_description: 'Oak chair', quantity: 40 },
      { product_code: 'T-1', product_description: null, quantity: 2.5 },
    ]);
    expect((await post('order', order('Empty', []))).status).toBe(400);
    expect((await post('order', order('Zero', [{ product_code: 'X', quantity: 0 }]))).status).toBe(400);
    const found = await get<Order[]>(`order?institution_product_id=${ctx.sales.id}&q=oak%20chair`);
    expect(found.body.data.map((row) => row.id)).toEqual([created.body.data.id]);

    const id = created.body.data.id;
    const corrected = await put<Order>(
      `order/${id}`,
      order('Hotel Las Dunas', [{ product_code: 'S-20', product_description: 'Oak chair', quantity: 60 }]),
    );
    expect(corrected.body.data.lines).toHaveLength(1);
    const detail = (await get<OrderDetail>(`order/${id}/detail`)).body.data;
    expect(detail.lines).toEqual([{ product_code: 'S-20', product_description: 'Oak chair', quantity: 60 }]);
    expect(detail.history[1]).toMatchObject({ action: 'updated', by: 'Rosa Rivera' });
    expect(Object.keys(detail.history[1]!.changes)).toEqual(['lines']);
    // A lead's id is no order.
    const [aLead] = (await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}`)).body.data;
    expect((await get(`order/${aLead!.id}/detail`)).status).toBe(404);
  });
});

describe('deletes, roles and tenants', () => {
  it('deletes all the ids or none: one of another institution refuses the whole request', async () => {
    const ours = (await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}`)).body.data.map(
      (row) => row.id,
    );
    const theirSales = await post<AssistantListItem>(
      'institution-product',
      { type: 'sales_support', name: 'Globex Sales' },
      ctx.other,
    );
    const theirs = await post<Lead>(
      'lead',
      { institution_product_id: theirSales.body.data.id, company: 'Theirs', contact_name: 'T' },
      ctx.other,
    );
    expect(theirs.status).toBe(201);
    const refused = await post('lead/delete', { ids: [ours[0], theirs.body.data.id] });
    expect(refused.status).toBe(404);
    expect((await leads()).length).toBe(ours.length);
    expect((await get(`lead/${theirs.body.data.id}`, ctx.other)).status).toBe(200);
    // An order's id is no lead.
    const [anOrder] = (await get<Order[]>(`order?institution_product_id=${ctx.sales.id}`)).body.data;
    expect((await post('lead/delete', { ids: [anOrder!.id] })).status).toBe(404);
    const deleted = await post<{ message: string }>('lead/delete', { ids: ours.slice(0, 2) });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toBe('Delete successfully.');
    expect((await leads()).length).toBe(ours.length - 2);
  });

  it('keeps each role to its records, and ctx.other tenants out', async () => {
    const orders = await createMember(ctx.server, ctx.acme.institution.id, 'order_capture_agent');
    const asOrders = { token: orders.token, institution: ctx.acme.institution.id };
    const leadAgent = await createMember(ctx.server, ctx.acme.institution.id, 'lead_entry_agent');
    const asLeads = { token: leadAgent.token, institution: ctx.acme.institution.id };
    const path = `/api/lead?institution_product_id=${ctx.sales.id}`;
    expect((await ctx.server.call(path, asOrders)).status).toBe(403);
    expect((await ctx.server.call(path, asLeads)).status).toBe(200);
    expect(
      (
        await ctx.server.call('/api/order', {
          method: 'POST',
          ...asLeads,
          json: order('X', [{ product_code: 'A', quantity: 1 }]),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx.server.call('/api/order', {
          method: 'POST',
          ...asOrders,
          json: order('X', [{ product_code: 'A', quantity: 1 }]),
        })
      ).status,
    ).toBe(201);
    // Another institution sees none of it; a pre-sales assistant has no leads.
    const [ourLead] = (await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}`)).body.data;
    expect((await get(`lead?institution_product_id=${ctx.sales.id}`, ctx.other)).status).toBe(404);
    expect((await get(`lead/${ourLead!.id}`, ctx.other)).status).toBe(404);
    expect((await put(`lead/${ourLead!.id}`, lead('Mine'), ctx.other)).status).toBe(404);
    expect((await post('lead', lead('Mine'), ctx.other)).status).toBe(404);
    expect((await get(`lead?institution_product_id=${ctx.acme.assistant.id}`)).status).toBe(404);
  });

  it('answers bodies of any shape with a 201 or a 400, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            company: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
            contact_name: fc.oneof(fc.string(), fc.constant(undefined)),
            phone: fc.oneof(fc.string(), fc.constant(null)),
            email: fc.oneof(fc.emailAddress(), fc.string()),
            fields: fc.oneof(
              fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double(), fc.constant(null))),
              fc.constant({ budget: 5 }),
            ),
            lines: fc.array(fc.record({ product_code: fc.string(), quantity: fc.double() }), {
              maxLength: 3,
            }),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          for (const kind of ['lead', 'order']) {
            const { status } = await post(kind, { institution_product_id: ctx.sales.id, ...body });
            expect([201, 400]).toContain(status);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
