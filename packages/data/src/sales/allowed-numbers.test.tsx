/**
 * Allowed numbers in the data layer against the real server in-process: a number added (stored
 * E.164) appears in the page the hook shows, the same number again is a 409 with its code, a search
 * narrows the page, and a delete empties it.
 */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../errors';
import { dataWrapper, until } from '../testing/render';
import {
  addAllowedNumber,
  deleteAllowedNumbers,
  listAllowedNumbers,
  useAllowedNumbers,
} from './allowed-numbers';
import { salesApi } from '../testing/sales';

const ctx = salesApi('Acme Datos');

describe('allowed numbers', () => {
  it('adds a number, shows it in the list the hook reads, and refuses it twice', async () => {
    const { result } = renderHook(() => useAllowedNumbers(ctx.assistantId), {
      wrapper: dataWrapper(ctx.staff),
    });
    await until(() => result.current.data?.items.length === 0);

    const added = await addAllowedNumber(ctx.staff, {
      institution_product_id: ctx.assistantId,
      phone_number: '612 345 678',
      seller_name: 'Lucía',
    });
    expect(added.phone_number).toBe('+34612345678');
    await until(() => result.current.data?.items[0]?.seller_name === 'Lucía');
    expect(result.current.data?.items.map((row) => row.phone_number)).toEqual(['+34612345678']);

    const again = addAllowedNumber(ctx.staff, {
      institution_product_id: ctx.assistantId,
      phone_number: '+34612345678',
      seller_name: 'Otra',
    });
    await expect(again).rejects.toBeInstanceOf(ApiRequestError);
    await expect(again).rejects.toMatchObject({ status: 409, code: 'number_already_allowed' });
  });

  it('searches, pages and deletes', async () => {
    const second = await addAllowedNumber(ctx.staff, {
      institution_product_id: ctx.assistantId,
      phone_number: '+34 699 000 111',
      seller_name: 'Mario',
    });
    const found = await listAllowedNumbers(ctx.staff, ctx.assistantId, { q: 'mario' });
    expect(found.items.map((row) => row.id)).toEqual([second.id]);
    const page = await listAllowedNumbers(ctx.staff, ctx.assistantId, { perPage: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.totalCount).toBe(2);
    expect(page.pageCount).toBe(2);

    const all = await listAllowedNumbers(ctx.staff, ctx.assistantId);
    const result = await deleteAllowedNumbers(
      ctx.staff,
      all.items.map((row) => row.id),
    );
    expect(result.code).toBe('phone_deleted');
    expect((await listAllowedNumbers(ctx.staff, ctx.assistantId)).items).toEqual([]);
  });
});
