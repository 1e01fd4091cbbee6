/**
 * The fields added to a sales-support assistant's leads and orders through HTTP: replaced whole, in
 * order, per kind; keys unique and never a built-in's; a select needs options; bad bodies change
 * nothing; other tenants, roles and assistant types refused.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { FieldDefinitions } from '@conversa/contract/sales';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
let acme: Tenant;
let other: Tenant;
let sales: AssistantListItem;

const as = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const put = (tenant: Tenant, id: number, kind: 'lead' | 'order', json: unknown) =>
  server.call<{ data: FieldDefinitions }>(`/api/institution-product/${id}/${kind}-fields`, {
    method: 'PUT',
    ...as(tenant),
    json,
  });
const get = (tenant: Tenant, id: number, kind: 'lead' | 'order') =>
  server.call<{ data: FieldDefinitions }>(`/api/institution-product/${id}/${kind}-fields`, as(tenant));

const budget = {
  key: 'budget',
  labels: { es: 'Presupuesto', en: 'Budget' },
  type: 'number',
  required: false,
  options: [],
};
const channel = {
  key: 'channel',
  labels: { es: 'Canal', en: 'Channel' },
  type: 'select',
  required: true,
  options: ['Tienda', 'Online'],
};

beforeAll(async () => {
  server = await createTestServer();
  acme = await createTenant(server, { name: 'Acme', kind: 'business' });
  other = await createTenant(server, { name: 'Globex', kind: 'business' });
  sales = (
    await server.call<{ data: AssistantListItem }>('/api/institution-product', {
      method: 'POST',
      ...as(acme),
      json: { type: 'sales_support', name: 'Acme Sales' },
    })
  ).body.data;
});
afterAll(() => server.close());

describe('GET/PUT /api/institution-product/{id}/lead-fields and /order-fields', () => {
  it('starts empty, and keeps what is put, in order, apart per kind', async () => {
    expect((await get(acme, sales.id, 'lead')).body.data).toEqual({ fields: [] });
    const saved = await put(acme, sales.id, 'lead', { fields: [channel, { ...budget, key: ' budget ' }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.fields.map((field) => field.key)).toEqual(['channel', 'budget']);
    expect((await get(acme, sales.id, 'lead')).body.data.fields).toEqual([channel, budget]);
    expect((await get(acme, sales.id, 'order')).body.data).toEqual({ fields: [] });
    expect((await put(acme, sales.id, 'order', { fields: [budget] })).status).toBe(200);
    expect((await get(acme, sales.id, 'order')).body.data.fields).toEqual([budget]);
    // Removing one keeps the others.
    await put(acme, sales.id, 'lead', { fields: [budget] });
    expect((await get(acme, sales.id, 'lead')).body.data.fields).toEqual([budget]);
  });

  it('refuses duplicate keys, built-in keys, selects without options and bad keys, changing nothing', async () => {
    const before = (await get(acme, sales.id, 'lead')).body.data;
    // Each refusal is named on the field it concerns, so the trainer's form shows it there.
    for (const [fields, path, code] of [
      [[channel, budget, budget], 'fields.2.key', 'field_key_taken'],
      [[{ ...budget, key: 'company' }], 'fields.0.key', 'field_key_taken'],
      [[budget, { ...channel, options: [] }], 'fields.1.options', 'options_required'],
      [[{ ...budget, options: ['x'] }], 'fields.0.options', 'invalid_value'],
      [[{ ...budget, key: '1budget' }], 'fields.0.key', 'field_key_format'],
      [[{ ...budget, labels: { es: '', en: 'Budget' } }], 'fields.0.labels.es', 'required'],
      [[{ ...budget, type: 'color' }], 'fields.0.type', 'invalid_value'],
    ] as const) {
      const refused = await server.call<{ issues: { path: string; code: string }[] }>(
        `/api/institution-product/${sales.id}/lead-fields`,
        { method: 'PUT', ...as(acme), json: { fields } },
      );
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.issues.map(({ path, code }) => ({ path, code }))).toEqual([{ path, code }]);
    }
    expect(
      (
        await server.call<{ issues: { message: string }[] }>(
          `/api/institution-product/${sales.id}/lead-fields`,
          {
            method: 'PUT',
            ...as(acme),
            locale: 'es',
            json: { fields: [budget, budget] },
          },
        )
      ).body.issues[0]!.message,
    ).toBe('Otro campo ya usa esta clave.');
    expect((await put(acme, sales.id, 'order', { fields: [{ ...budget, key: 'quantity' }] })).status).toBe(
      400,
    );
    expect((await get(acme, sales.id, 'lead')).body.data).toEqual(before);
  });

  it('refuses bad bodies with a 400, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (fields) => {
        const { status } = await put(acme, sales.id, 'order', { fields });
        expect([200, 400]).toContain(status);
      }),
      { numRuns: 40 },
    );
  });

  it('is for staff of the institution: others 404, readers may not change it, other assistant types neither', async () => {
    expect((await get(other, sales.id, 'lead')).status).toBe(404);
    expect((await put(other, sales.id, 'lead', { fields: [] })).status).toBe(404);
    const agent = await createMember(server, acme.institution.id, 'lead_entry_agent');
    const read = await server.call(`/api/institution-product/${sales.id}/lead-fields`, {
      token: agent.token,
      institution: acme.institution.id,
    });
    expect(read.status).toBe(200);
    const write = await server.call(`/api/institution-product/${sales.id}/lead-fields`, {
      method: 'PUT',
      token: agent.token,
      institution: acme.institution.id,
      json: { fields: [] },
    });
    expect(write.status).toBe(403);
    expect((await put(acme, acme.assistant.id, 'lead', { fields: [budget] })).status).toBe(404);
  });
});
