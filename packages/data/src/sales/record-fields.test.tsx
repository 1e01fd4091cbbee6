/**
 * Configured lead and order fields in the data layer against the real server in-process: the hook
 * reads each kind apart, a save replaces the list and the cache, and a taken key is refused on the
 * field that holds it.
 */
import type { FieldDefinition } from '@conversa/contract/sales';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../errors';
import { dataWrapper, snapshot, until } from '../testing/render';
import { updateRecordFields, useRecordFields } from './record-fields';
import { salesApi } from '../testing/sales';

const ctx = salesApi('Acme Campos');

const region: FieldDefinition = {
  key: 'region',
  labels: { en: 'Region', es: 'Región' },
  type: 'select',
  required: true,
  options: ['North', 'South'],
};

describe('configured fields', () => {
  it('reads each kind apart, and a save replaces the list the hook shows', async () => {
    const { result } = renderHook(
      () => ({
        lead: snapshot(useRecordFields(ctx.assistantId, 'lead')),
        order: snapshot(useRecordFields(ctx.assistantId, 'order')),
      }),
      { wrapper: dataWrapper(ctx.staff) },
    );
    await until(() => result.current.lead.data !== undefined && result.current.order.data !== undefined);
    expect(result.current.lead.data).toEqual({ fields: [] });

    const saved = await updateRecordFields(ctx.staff, ctx.assistantId, 'lead', { fields: [region] });
    expect(saved.fields).toEqual([region]);
    await until(() => result.current.lead.data?.fields.length === 1);
    expect(result.current.order.data).toEqual({ fields: [] });
  });

  it('refuses a key a built-in field holds, on that field', async () => {
    const refused = updateRecordFields(ctx.staff, ctx.assistantId, 'order', {
      fields: [{ ...region, key: 'quantity' }],
    });
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'fields.0.key', code: 'field_key_taken' }],
    });
  });
});
