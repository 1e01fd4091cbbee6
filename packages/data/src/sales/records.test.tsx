/**
 * Leads and orders in the data layer against the real server in-process: the list hook follows its
 * filters and refreshes after a create, a correction shows on the card with its history, a delete
 * empties the list, and a refusal names the field.
 */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../errors';
import { dataWrapper, snapshot, until } from '../testing/render';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecord, useRecords } from './records';
import { salesApi } from '../testing/sales';

const ctx = salesApi('Acme Registros');

describe('leads and orders', () => {
  it('lists leads with filters, refreshing after a create', async () => {
    const { result } = renderHook(() => snapshot(useRecords('lead', ctx.assistantId, { q: 'dunas' })), {
      wrapper: dataWrapper(ctx.staff),
    });
    await until(() => result.current.data?.items.length === 0);
    const created = await createRecord(ctx.staff, 'lead', {
      institution_product_id: ctx.assistantId,
      company: 'Hotel Las Dunas',
      contact_name: 'Marta Gil',
      phone: '655 11 22 33',
    });
    expect(created.phone).toBe('+34655112233');
    await createRecord(ctx.staff, 'lead', {
      institution_product_id: ctx.assistantId,
      company: 'Otra',
      contact_name: 'X',
    });
    await until(() => result.current.data?.items.length === 1);
    expect(result.current.data?.items[0]?.company).toBe('Hotel Las Dunas');
    const sorted = await listRecords(ctx.staff, 'lead', ctx.assistantId, { sort: 'company' });
    expect(sorted.items.map((lead) => lead.company)).toEqual(['Hotel Las Dunas', 'Otra']);
  });

  it('corrects an order, shows the change in its details, and deletes it', async () => {
    const order = await createRecord(ctx.staff, 'order', {
      institution_product_id: ctx.assistantId,
      company: 'Hotel Las Dunas',
      lines: [{ product_code: 'S-20', quantity: 40 }],
    });
    await updateRecord(ctx.staff, 'order', order.id, {
      institution_product_id: ctx.assistantId,
      company: 'Hotel Las Dunas',
      lines: [{ product_code: 'S-20', quantity: 60 }],
      notes: 'Deliver in March',
    });
    const detail = await getRecord(ctx.staff, 'order', order.id);
    expect(detail.lines).toEqual([{ product_code: 'S-20', product_description: null, quantity: 60 }]);
    expect(detail.history.map((entry) => entry.action)).toEqual(['created', 'updated']);
    expect(Object.keys(detail.history[1]!.changes).sort()).toEqual(['lines', 'notes']);

    await deleteRecords(ctx.staff, 'order', [order.id]);
    expect((await listRecords(ctx.staff, 'order', ctx.assistantId)).items).toEqual([]);
  });

  it('refuses a phone that is none, on its field', async () => {
    const refused = createRecord(ctx.staff, 'lead', {
      institution_product_id: ctx.assistantId,
      company: 'X',
      contact_name: 'Y',
      phone: '12',
    });
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'phone', code: 'invalid_phone' }],
    });
  });
});
