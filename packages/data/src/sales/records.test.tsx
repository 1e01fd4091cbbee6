/**
 * Leads and orders in the data layer against the real server in-process: the list hook follows its
 * filters and refreshes after a create, a correction shows on the card with its history, a delete
 * empties the list, and a refusal names the field.
 */
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../assistants/create-assistant';
import type { DataClient } from '../client';
import { ApiRequestError } from '../errors';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecord, useRecords } from './records';

let api: TestApi;
let staff: DataClient;
let assistantId: number;

beforeAll(async () => {
  api = await startApi();
  ({ client: staff } = await api.signedIn());
  await createInstitution(staff, { name: 'Acme Registros', kind: 'business', country: 'ES' });
  assistantId = (await createAssistant(staff, { type: 'sales_support', name: 'Acme Ventas' })).id;
});
afterAll(() => api.close());

describe('leads and orders', () => {
  it('lists leads with filters, refreshing after a create', async () => {
    const { result } = renderHook(() => snapshot(useRecords('lead', assistantId, { q: 'dunas' })), {
      wrapper: dataWrapper(staff),
    });
    await until(() => result.current.data?.items.length === 0);
    const created = await createRecord(staff, 'lead', {
      institution_product_id: assistantId,
      company: 'Hotel Las Dunas',
      contact_name: 'Marta Gil',
      phone: '655 11 22 33',
    });
    expect(created.phone).toBe('+34655112233');
    await createRecord(staff, 'lead', { institution_product_id: assistantId, company: 'Otra', contact_name: 'X' });
    await until(() => result.current.data?.items.length === 1);
    expect(result.current.data?.items[0]?.company).toBe('Hotel Las Dunas');
    const sorted = await listRecords(staff, 'lead', assistantId, { sort: 'company' });
    expect(sorted.items.map((lead) => lead.company)).toEqual(['Hotel Las Dunas', 'Otra']);
  });

  it('corrects an order, shows the change in its details, and deletes it', async () => {
    const order = await createRecord(staff, 'order', {
      institution_product_id: assistantId,
      company: 'Hotel Las Dunas',
      lines: [{ product_code: 'S-20', quantity: 40 }],
    });
    await updateRecord(staff, 'order', order.id, {
      institution_product_id: assistantId,
      company: 'Hotel Las Dunas',
      lines: [{ product_code: 'S-20', quantity: 60 }],
      notes: 'Deliver in March',
    });
    const detail = await getRecord(staff, 'order', order.id);
    expect(detail.lines).toEqual([{ product_code: 'S-20', product_description: null, quantity: 60 }]);
    expect(detail.history.map((entry) => entry.action)).toEqual(['created', 'updated']);
    expect(Object.keys(detail.history[1]!.changes).sort()).toEqual(['lines', 'notes']);

    await deleteRecords(staff, 'order', [order.id]);
    expect((await listRecords(staff, 'order', assistantId)).items).toEqual([]);
  });

  it('refuses a phone that is none, on its field', async () => {
    const refused = createRecord(staff, 'lead', {
      institution_product_id: assistantId,
      company: 'X',
      contact_name: 'Y',
      phone: '12',
    });
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toMatchObject({ status: 400, issues: [{ path: 'phone', code: 'invalid_phone' }] });
  });
});
