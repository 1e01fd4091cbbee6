/**
 * Allowed numbers in the data layer against the real server in-process: a number added (stored
 * E.164) appears in the page the hook shows, the same number again is a 409 with its code, a search
 * narrows the page, and a delete empties it.
 */
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../assistants/create-assistant';
import type { DataClient } from '../client';
import { ApiRequestError } from '../errors';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, until } from '../testing/render';
import { addAllowedNumber, deleteAllowedNumbers, listAllowedNumbers, useAllowedNumbers } from './allowed-numbers';

let api: TestApi;
let staff: DataClient;
let assistantId: number;

beforeAll(async () => {
  api = await startApi();
  ({ client: staff } = await api.signedIn());
  await createInstitution(staff, { name: 'Acme Datos', kind: 'business', country: 'ES' });
  assistantId = (await createAssistant(staff, { type: 'sales_support', name: 'Acme Ventas' })).id;
});
afterAll(() => api.close());

describe('allowed numbers', () => {
  it('adds a number, shows it in the list the hook reads, and refuses it twice', async () => {
    const { result } = renderHook(() => useAllowedNumbers(assistantId), { wrapper: dataWrapper(staff) });
    await until(() => result.current.data?.items.length === 0);

    const added = await addAllowedNumber(staff, {
      institution_product_id: assistantId,
      phone_number: '612 345 678',
      seller_name: 'Lucía',
    });
    expect(added.phone_number).toBe('+34612345678');
    await until(() => result.current.data?.items[0]?.seller_name === 'Lucía');
    expect(result.current.data?.items.map((row) => row.phone_number)).toEqual(['+34612345678']);

    const again = addAllowedNumber(staff, {
      institution_product_id: assistantId,
      phone_number: '+34612345678',
      seller_name: 'Otra',
    });
    await expect(again).rejects.toBeInstanceOf(ApiRequestError);
    await expect(again).rejects.toMatchObject({ status: 409, code: 'number_already_allowed' });
  });

  it('searches, pages and deletes', async () => {
    const second = await addAllowedNumber(staff, {
      institution_product_id: assistantId,
      phone_number: '+34 699 000 111',
      seller_name: 'Mario',
    });
    const found = await listAllowedNumbers(staff, assistantId, { q: 'mario' });
    expect(found.items.map((row) => row.id)).toEqual([second.id]);
    const page = await listAllowedNumbers(staff, assistantId, { perPage: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.totalCount).toBe(2);
    expect(page.pageCount).toBe(2);

    const all = await listAllowedNumbers(staff, assistantId);
    const result = await deleteAllowedNumbers(
      staff,
      all.items.map((row) => row.id),
    );
    expect(result.code).toBe('phone_deleted');
    expect((await listAllowedNumbers(staff, assistantId)).items).toEqual([]);
  });
});
