/**
 * The leads and orders dashboards in the data layer against the real server in-process: the hook
 * reads the range's figures, and a new order refreshes them.
 */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../errors';
import { dataWrapper, snapshot, until } from '../testing/render';
import { createRecord } from './records';
import { getRecordsDashboard, useRecordsDashboard } from './records-dashboard';
import { salesApi } from '../testing/sales';

const ctx = salesApi('Acme Cuadros');
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC' }).format(new Date());

describe('records dashboards', () => {
  it("reads the orders' figures over a range, and refreshes after a new order", async () => {
    const range = { from: today(), to: today(), tz: 'UTC' };
    const { result } = renderHook(() => snapshot(useRecordsDashboard('order', ctx.assistantId, range)), {
      wrapper: dataWrapper(ctx.staff),
    });
    await until(() => result.current.data?.records === 0);
    expect(result.current.data?.per_day).toEqual([{ date: today(), records: 0 }]);
    await createRecord(ctx.staff, 'order', {
      institution_product_id: ctx.assistantId,
      company: 'Hotel Las Dunas',
      lines: [
        { product_code: 'S-20', product_description: 'Oak chair', quantity: 40 },
        { product_code: 'T-1', quantity: 2 },
      ],
    });
    await until(() => result.current.data?.records === 1);
    expect(result.current.data).toMatchObject({
      lines: 2,
      quantity: 42,
      companies: [{ name: 'Hotel Las Dunas', records: 1 }],
      sellers: [{ name: expect.any(String), records: 1, quantity: 42 }],
      products: [
        { product_code: 'S-20', product_description: 'Oak chair', quantity: 40, orders: 1 },
        { product_code: 'T-1', product_description: null, quantity: 2, orders: 1 },
      ],
    });
  });

  it("reads the leads' figures, and names the wrong end of a range", async () => {
    await createRecord(ctx.staff, 'lead', {
      institution_product_id: ctx.assistantId,
      company: 'Bodegas Sol',
      contact_name: 'Luis Sol',
    });
    const leads = await getRecordsDashboard(ctx.staff, 'lead', ctx.assistantId, { tz: 'UTC' });
    expect(leads.records).toBe(1);
    expect(leads.per_day).toEqual([{ date: today(), records: 1 }]);
    expect(leads.sellers).toHaveLength(1);
    const refused = getRecordsDashboard(ctx.staff, 'lead', ctx.assistantId, {
      from: '2026-05-02',
      to: '2026-05-01',
    });
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
  });
});
