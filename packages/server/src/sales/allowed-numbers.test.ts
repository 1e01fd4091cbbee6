/**
 * The allowed numbers of a sales-support assistant through HTTP: E.164 from what staff type (the
 * institution's country for local numbers), 'Invalid phone number.' on the field, a clear 409 for
 * the same number twice, search and pages, all-or-nothing deletes, and every other tenant, role and
 * assistant type refused with nothing changed.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { AllowedNumber } from '@conversa/contract/sales';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
let acme: Tenant;
let other: Tenant;
let sales: AssistantListItem;
let otherSales: AssistantListItem;

const as = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

async function salesAssistant(tenant: Tenant): Promise<AssistantListItem> {
  const { status, body } = await server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...as(tenant),
    json: { type: 'sales_support', name: `${tenant.institution.name} Sales` },
  });
  expect(status).toBe(201);
  return body.data;
}

const add = (tenant: Tenant, assistantId: number, phone: string, seller = 'Juan Pérez', locale = 'en') =>
  server.call<{ data: AllowedNumber; message?: string; code?: string; issues?: unknown[] }>(
    '/api/whatsapp-whitelist',
    {
      method: 'POST',
      ...as(tenant),
      headers: { 'accept-language': locale },
      json: { institution_product_id: assistantId, phone_number: phone, seller_name: seller },
    },
  );

const list = (tenant: Tenant, assistantId: number, query = '') =>
  server.call<{ data: AllowedNumber[] }>(
    `/api/whatsapp-whitelist/institution-product/${assistantId}${query}`,
    {
      ...as(tenant),
    },
  );

beforeAll(async () => {
  server = await createTestServer();
  acme = await createTenant(server, { name: 'Acme', kind: 'business', country: 'ES' });
  other = await createTenant(server, { name: 'Globex', kind: 'business', country: 'MX' });
  sales = await salesAssistant(acme);
  otherSales = await salesAssistant(other);
});
afterAll(() => server.close());

describe('POST /api/whatsapp-whitelist', () => {
  it('stores a local number in E.164 with the institution country, and lists it', async () => {
    const { status, body } = await add(acme, sales.id, '612 34 56 78', 'Lucía Gómez');
    expect(status).toBe(201);
    expect(body.data).toEqual({
      id: expect.any(Number),
      phone_number: '+34612345678',
      seller_name: 'Lucía Gómez',
      created_at: expect.any(String),
    });
    const listed = await list(acme, sales.id);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row) => row.phone_number)).toContain('+34612345678');
  });

  it('takes international numbers as written, whatever the country', async () => {
    const { status, body } = await add(acme, sales.id, '+52 55 1234 5678');
    expect(status).toBe(201);
    expect(body.data.phone_number).toBe('+525512345678');
  });

  it('refuses an invalid number on its field, in the caller language, storing nothing', async () => {
    for (const [locale, text] of [
      ['en', 'Invalid phone number.'],
      ['es', 'Número de teléfono no válido.'],
    ] as const) {
      const { status, body } = await add(acme, sales.id, '12345', 'Nadie', locale);
      expect(status).toBe(400);
      expect(body.issues).toEqual([{ path: 'phone_number', code: 'invalid_phone', message: text }]);
    }
    const { body } = await list(acme, sales.id, '?q=Nadie');
    expect(body.data).toEqual([]);
  });

  it('answers 409 for the same number twice, however it is typed', async () => {
    expect((await add(acme, sales.id, '+34 699 11 22 33')).status).toBe(201);
    const again = await add(acme, sales.id, '699112233', 'Someone else');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('number_already_allowed');
    expect(again.body.message).toBe('This phone number is already on the list.');
    // The same number may be allowed on another tenant's assistant.
    expect((await add(other, otherSales.id, '+34699112233')).status).toBe(201);
  });

  it("refuses another institution's assistant and an assistant that is not sales support", async () => {
    expect((await add(acme, otherSales.id, '+34611000001')).status).toBe(404);
    expect((await add(acme, acme.assistant.id, '+34611000002')).status).toBe(404);
    const { body } = await list(other, otherSales.id, '?q=611000001');
    expect(body.data).toEqual([]);
  });

  it('refuses bad bodies with a 400, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            institution_product_id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
            phone_number: fc.oneof(fc.string({ maxLength: 60 }), fc.integer(), fc.constant(null)),
            seller_name: fc.oneof(fc.string({ maxLength: 200 }), fc.constant(null)),
          },
          { requiredKeys: [] },
        ),
        async (json) => {
          const { status } = await server.call('/api/whatsapp-whitelist', {
            method: 'POST',
            ...as(acme),
            json,
          });
          expect([201, 400, 404, 409]).toContain(status);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('GET /api/whatsapp-whitelist/institution-product/{id}', () => {
  it('pages newest first and searches by seller or by the digits of the number', async () => {
    const assistant = await salesAssistant(acme);
    for (let i = 0; i < 5; i += 1)
      expect((await add(acme, assistant.id, `+3461000010${i}`, `Seller ${i}`)).status).toBe(201);
    const page = await list(acme, assistant.id, '?page=1&per-page=2');
    expect(page.body.data.map((row) => row.seller_name)).toEqual(['Seller 4', 'Seller 3']);
    expect(page.headers.get('x-pagination-total-count')).toBe('5');
    expect((await list(acme, assistant.id, '?q=seller%202')).body.data.map((row) => row.seller_name)).toEqual(
      ['Seller 2'],
    );
    expect(
      (await list(acme, assistant.id, '?q=610%20000%20103')).body.data.map((row) => row.seller_name),
    ).toEqual(['Seller 3']);
  });

  it('is for staff who manage the list: other tenants 404, other roles 403, visitors refused', async () => {
    expect((await list(other, sales.id)).status).toBe(404);
    const agent = await createMember(server, acme.institution.id, 'lead_entry_agent');
    const refused = await server.call(`/api/whatsapp-whitelist/institution-product/${sales.id}`, {
      token: agent.token,
      institution: acme.institution.id,
    });
    expect(refused.status).toBe(403);
    const guest = await server.call(`/api/whatsapp-whitelist/institution-product/${sales.id}`, {
      token: await guestToken(server, sales.id),
    });
    expect([401, 403]).toContain(guest.status);
    // Other assistant types have no numbers.
    expect((await list(acme, acme.assistant.id)).body.data).toEqual([]);
  });
});

describe('POST /api/whatsapp-whitelist/delete', () => {
  it('deletes all the ids or none, and a number deleted can be added again', async () => {
    const first = (await add(acme, sales.id, '+34622000001')).body.data;
    const second = (await add(acme, sales.id, '+34622000002')).body.data;
    const foreign = (await add(other, otherSales.id, '+34622000003')).body.data;
    const refused = await server.call('/api/whatsapp-whitelist/delete', {
      method: 'POST',
      ...as(acme),
      json: { ids: [first.id, foreign.id] },
    });
    expect(refused.status).toBe(404);
    expect((await list(acme, sales.id, '?q=622000001')).body.data).toHaveLength(1);
    expect((await list(other, otherSales.id, '?q=622000003')).body.data).toHaveLength(1);

    const deleted = await server.call<{ message: string; code: string }>('/api/whatsapp-whitelist/delete', {
      method: 'POST',
      ...as(acme),
      headers: { 'accept-language': 'es' },
      json: { ids: [first.id, second.id] },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      data: { message: 'Número de teléfono eliminado correctamente.', code: 'phone_deleted' },
    });
    expect((await list(acme, sales.id, '?q=62200000')).body.data).toEqual([]);
    expect((await add(acme, sales.id, '622 000 001')).status).toBe(201);
  });

  it('refuses an empty or oversized list', async () => {
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), ['x']]) {
      const { status } = await server.call('/api/whatsapp-whitelist/delete', {
        method: 'POST',
        ...as(acme),
        json: { ids },
      });
      expect(status).toBe(400);
    }
  });
});
