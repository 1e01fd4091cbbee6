/**
 * Leads and orders in the console through HTTP (PGlite and PostgreSQL): staff create and correct
 * them (configured fields and phones checked, the staff member as the seller, each change in the
 * history), the lists' filters and sorts, a card with the seller's WhatsApp conversation, bulk
 * deletes that are all or none, roles and other tenants, and bodies of any shape never a 500.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Lead, LeadDetail, Order, OrderDetail } from '@conversa/contract/records';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createMember, createTenant, type Tenant } from '../institutions/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { createSalesChannel, type GraphPeer, say, startGraphPeer } from '../whatsapp/webhook.fixtures';

const SELLER = '+34612345678';

let graph: GraphPeer;
let server: TestServer;
let acme: Tenant;
let other: Tenant;
let sales: AssistantListItem;

const as = (tenant: Tenant = acme) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const post = <T>(path: string, json: unknown, tenant?: Tenant) =>
  server.call<{ data: T; issues?: { path: string; code: string }[] }>(`/api/${path}`, {
    method: 'POST',
    ...as(tenant),
    json,
  });
const put = <T>(path: string, json: unknown, tenant?: Tenant) =>
  server.call<{ data: T; issues?: { path: string; code: string }[] }>(`/api/${path}`, {
    method: 'PUT',
    ...as(tenant),
    json,
  });
const get = <T>(path: string, tenant?: Tenant) =>
  server.call<{ data: T; code?: string }>(`/api/${path}`, as(tenant));
const leads = async (query = '') =>
  (await get<Lead[]>(`lead?institution_product_id=${sales.id}${query}`)).body.data.map(
    (lead) => lead.company,
  );

const lead = (company: string, rest: Record<string, unknown> = {}) => ({
  institution_product_id: sales.id,
  company,
  contact_name: 'Marta Gil',
  fields: { budget: 1000 },
  ...rest,
});
const order = (company: string, lines: unknown[], rest: Record<string, unknown> = {}) => ({
  institution_product_id: sales.id,
  company,
  lines,
  ...rest,
});

beforeAll(async () => {
  graph = await startGraphPeer();
  server = await createTestServer({ env: { WHATSAPP_GRAPH_URL: graph.url } });
  acme = await createTenant(server, { name: 'Acme Muebles', kind: 'business', country: 'ES' });
  other = await createTenant(server, { name: 'Globex', kind: 'business', country: 'ES' });
  await server.database.db
    .update(users)
    .set({ fullName: 'Rosa Rivera' })
    .where(eq(users.email, acme.owner.email));
  sales = await createSalesChannel(server, acme, {
    sellers: [[SELLER, 'Tomás Vidal']],
    leadFields: [
      { key: 'budget', labels: { en: 'Budget', es: 'Presupuesto' }, type: 'number', required: true },
      {
        key: 'visit',
        labels: { en: 'Visit', es: 'Visita' },
        type: 'date',
        required: false,
      },
    ],
  });
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

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
    const [first] = (await get<Lead[]>(`lead?institution_product_id=${sales.id}`)).body.data;
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
    await say(server, SELLER, 'nuevo lead\nEmpresa: Bodegas Sol\nContacto: Luis Sol\nPresupuesto: 300');
    expect(await say(server, SELLER, 'sí')).toEqual(['Lead guardado. ¡Gracias!']);
    const [row] = (await get<Lead[]>(`lead?institution_product_id=${sales.id}&q=bodegas`)).body.data;
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
    const backwards = await get(`lead?institution_product_id=${sales.id}&from=2026-05-02&to=2026-05-01`);
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('end_before_start');
    const page = await get<Lead[]>(`lead?institution_product_id=${sales.id}&per-page=2&page=2`);
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
    const found = await get<Order[]>(`order?institution_product_id=${sales.id}&q=oak%20chair`);
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
    const [aLead] = (await get<Lead[]>(`lead?institution_product_id=${sales.id}`)).body.data;
    expect((await get(`order/${aLead!.id}/detail`)).status).toBe(404);
  });
});

describe('downloads', () => {
  const download = (kind: string, query: string, locale = 'en') =>
    server.call<string>(`/api/${kind}/download?institution_product_id=${sales.id}${query}`, {
      ...as(),
      locale,
    });
  const rowsOf = (text: string) => parse(text.replace(/^\uFEFF/, '')) as string[][];

  it('gives the filtered leads as CSV: BOM, headers in the reader language, fields as columns, formulas neutralised', async () => {
    await post('lead', lead('=HYPERLINK("http://evil.example")', { notes: 'línea 1\n"citada", sí' }));
    const answer = await download('lead', '&tz=Europe/Madrid&sort=company', 'es');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [headers, ...rows] = rowsOf(answer.body);
    expect(headers).toEqual([
      'ID',
      'Fecha',
      'Empresa',
      'Contacto',
      'Teléfono',
      'Correo electrónico',
      'Notas',
      'Vendedor',
      'Número del vendedor',
      'Presupuesto',
      'Visita',
    ]);
    const listed = (await get<Lead[]>(`lead?institution_product_id=${sales.id}&sort=company&per-page=100`))
      .body.data;
    expect(rows.map((row) => row[0])).toEqual(listed.map((row) => String(row.id)));
    const evil = rows.find((row) => row[2]!.includes('HYPERLINK'))!;
    expect(evil[2]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(evil[6]).toBe('línea 1\n"citada", sí');
    expect(evil[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(evil[9]).toBe('1000');
    const filtered = rowsOf((await download('lead', '&q=hyperlink')).body);
    expect(filtered[0]![1]).toBe('Date');
    expect(filtered).toHaveLength(2);
  });

  it('gives orders a row per line', async () => {
    const created = await post<Order>(
      'order',
      order('Bodegas Sol', [
        { product_code: 'B-1', product_description: 'Barrel', quantity: 2 },
        { product_code: '+B-2', quantity: 1.5 },
      ]),
    );
    const rows = rowsOf((await download('order', '&q=bodegas')).body).slice(1);
    expect(rows.map((row) => [row[0], row[3], row[4], row[5]])).toEqual([
      [String(created.body.data.id), 'B-1', 'Barrel', '2'],
      [String(created.body.data.id), "'+B-2", '', '1.5'],
    ]);
    // A reader without order.read gets none.
    const leadAgent = await createMember(server, acme.institution.id, 'lead_entry_agent');
    const refused = await server.call(`/api/order/download?institution_product_id=${sales.id}`, {
      token: leadAgent.token,
      institution: acme.institution.id,
    });
    expect(refused.status).toBe(403);
  });
});

describe('import', () => {
  const importCsv = (csv: string | Uint8Array, query = '', name = 'leads.csv') => {
    const form = new FormData();
    const bytes = typeof csv === 'string' ? new TextEncoder().encode(csv) : csv;
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/csv' }), name);
    return server.call<{
      data: {
        imported: number;
        dry_run: boolean;
        refused: { line: number; issues: { path: string; code: string }[] }[];
      };
      issues?: { path: string; code: string; message: string }[];
    }>(`/api/lead/import?institution_product_id=${sales.id}${query}`, {
      method: 'POST',
      ...as(),
      body: form,
    });
  };
  const count = async () =>
    Number((await get(`lead?institution_product_id=${sales.id}`)).headers.get('x-pagination-total-count'));

  it("takes back the download's own file, in Spanish headers; a dry run only reports", async () => {
    const before = await count();
    const response = await server.request(`/api/lead/download?institution_product_id=${sales.id}`, {
      ...as(),
      locale: 'es',
    });
    const file = new Uint8Array(await response.arrayBuffer());
    const checked = await importCsv(file, '&dry_run=true');
    expect(checked.status).toBe(200);
    expect(checked.body.data).toEqual({ imported: before, dry_run: true, refused: [] });
    expect(await count()).toBe(before);
    const imported = await importCsv(file);
    expect(imported.body.data).toMatchObject({ imported: before, dry_run: false });
    expect(await count()).toBe(2 * before);
    // The neutralised formula came back as it was typed.
    expect(await leads('&q=hyperlink')).toEqual([
      '=HYPERLINK("http://evil.example")',
      '=HYPERLINK("http://evil.example")',
    ]);
  });

  it('imports the good rows and reports each refused one with its line and reasons', async () => {
    const before = await count();
    const csv = [
      'Company,Contact,Email,Budget,Visita',
      'Good Co,Ana,ana@good.example,1500,01/12/2026',
      ',Nobody,,100,',
      'Bad Mail,Luis,not-an-email,100,',
      'Bad Budget,Eva,,a lot,',
      '"Quoted, Inc.",Pere,,7,2026-02-30',
    ].join('\n');
    const answer = await importCsv(csv);
    expect(answer.status).toBe(200);
    expect(answer.body.data.imported).toBe(1);
    expect(
      answer.body.data.refused.map(({ line, issues }) => [
        line,
        issues.map((issue) => `${issue.path}:${issue.code}`),
      ]),
    ).toEqual([
      [3, ['company:required']],
      [4, ['email:invalid_email']],
      [5, ['fields.budget:invalid_number']],
      [6, ['fields.visit:invalid_date']],
    ]);
    expect(await count()).toBe(before + 1);
    const [good] = (await get<Lead[]>(`lead?institution_product_id=${sales.id}&q=good%20co`)).body.data;
    expect(good).toMatchObject({
      contact_name: 'Ana',
      fields: { budget: 1500, visit: '2026-12-01' },
      seller: 'Rosa Rivera',
    });
  });

  it('refuses a whole file that is not CSV, has unknown columns, or is over 10 MB, writing nothing', async () => {
    const before = await count();
    const unknown = await importCsv('Company,Contact,Favourite colour\nA,B,blue');
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([
      { path: 'file', code: 'unknown_columns', message: 'Unknown columns: Favourite colour.' },
    ]);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xff, 0xfe]);
    const renamed = await importCsv(zip, '', 'leads.csv');
    expect(renamed.status).toBe(415);
    expect(renamed.body.issues?.[0]?.code).toBe('csv_type');
    const huge = await importCsv(`Company,Contact\n${'A,B\n'.repeat(2_700_000)}`);
    expect(huge.status).toBe(413);
    expect(await count()).toBe(before);
  });
});

describe('deletes, roles and tenants', () => {
  it('deletes all the ids or none: one of another institution refuses the whole request', async () => {
    const ours = (await get<Lead[]>(`lead?institution_product_id=${sales.id}`)).body.data.map(
      (row) => row.id,
    );
    const theirSales = await post<AssistantListItem>(
      'institution-product',
      { type: 'sales_support', name: 'Globex Sales' },
      other,
    );
    const theirs = await post<Lead>(
      'lead',
      { institution_product_id: theirSales.body.data.id, company: 'Theirs', contact_name: 'T' },
      other,
    );
    expect(theirs.status).toBe(201);
    const refused = await post('lead/delete', { ids: [ours[0], theirs.body.data.id] });
    expect(refused.status).toBe(404);
    expect((await leads()).length).toBe(ours.length);
    expect((await get(`lead/${theirs.body.data.id}`, other)).status).toBe(200);
    // An order's id is no lead.
    const [anOrder] = (await get<Order[]>(`order?institution_product_id=${sales.id}`)).body.data;
    expect((await post('lead/delete', { ids: [anOrder!.id] })).status).toBe(404);
    const deleted = await post<{ message: string }>('lead/delete', { ids: ours.slice(0, 2) });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toBe('Delete successfully.');
    expect((await leads()).length).toBe(ours.length - 2);
  });

  it('keeps each role to its records, and other tenants out', async () => {
    const orders = await createMember(server, acme.institution.id, 'order_capture_agent');
    const asOrders = { token: orders.token, institution: acme.institution.id };
    const leadAgent = await createMember(server, acme.institution.id, 'lead_entry_agent');
    const asLeads = { token: leadAgent.token, institution: acme.institution.id };
    const path = `/api/lead?institution_product_id=${sales.id}`;
    expect((await server.call(path, asOrders)).status).toBe(403);
    expect((await server.call(path, asLeads)).status).toBe(200);
    expect(
      (
        await server.call('/api/order', {
          method: 'POST',
          ...asLeads,
          json: order('X', [{ product_code: 'A', quantity: 1 }]),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call('/api/order', {
          method: 'POST',
          ...asOrders,
          json: order('X', [{ product_code: 'A', quantity: 1 }]),
        })
      ).status,
    ).toBe(201);
    // Another institution sees none of it; a pre-sales assistant has no leads.
    const [ourLead] = (await get<Lead[]>(`lead?institution_product_id=${sales.id}`)).body.data;
    expect((await get(`lead?institution_product_id=${sales.id}`, other)).status).toBe(404);
    expect((await get(`lead/${ourLead!.id}`, other)).status).toBe(404);
    expect((await put(`lead/${ourLead!.id}`, lead('Mine'), other)).status).toBe(404);
    expect((await post('lead', lead('Mine'), other)).status).toBe(404);
    expect((await get(`lead?institution_product_id=${acme.assistant.id}`)).status).toBe(404);
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
            const { status } = await post(kind, { institution_product_id: sales.id, ...body });
            expect([201, 400]).toContain(status);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
