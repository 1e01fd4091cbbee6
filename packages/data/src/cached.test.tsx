import type { Institution } from '@conversa/contract/institution';
import { act, renderHook } from '@testing-library/react';
import { unstable_serialize } from 'swr';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { useCached } from './cached';
import type { CallOptions, DataClient } from './client';
import type { ApiRequestError } from './errors';
import { createInstitution } from './institutions/create-institution';
import { getInstitution, institutionKey } from './institutions/get-institution';
import { startApi, type TestApi } from './testing/api';
import { dataWrapper, settle, snapshot, until } from './testing/render';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** A signed-in staff client acting in an institution of its own. */
async function staffWithInstitution(onError?: () => void) {
  const { client } = await api.signedIn({ onError });
  const institution = await createInstitution(client, {
    name: `Colegio ${Date.now()}`,
    kind: 'school',
    websiteUrl: 'colegio.example.org',
    students: '250_500',
    country: 'es',
  });
  // Read from the server, not from the cache the creation filled.
  client.clearCache();
  return { client, institution };
}

describe('useCached', () => {
  it("reads nothing without its arguments, then reads them into their key's entry", async () => {
    const { client, institution } = await staffWithInstitution();
    const read = vi.fn((on: DataClient, id: number, options?: CallOptions) =>
      getInstitution(on, id, options),
    );
    const { result, rerender } = renderHook(
      ({ id }: { id: number | null }) => snapshot(useCached(id ? [id] : null, institutionKey, read)),
      { wrapper: dataWrapper(client), initialProps: { id: null as number | null } },
    );
    expectTypeOf(result.current.data).toEqualTypeOf<Institution | undefined>();
    expectTypeOf(result.current.error).toEqualTypeOf<ApiRequestError | undefined>();
    await settle();
    expect(read).not.toHaveBeenCalled();
    expect(result.current.data).toBeUndefined();

    rerender({ id: institution.id });
    await until(() => result.current.data !== undefined);
    expect(result.current.data).toMatchObject({ id: institution.id, name: institution.name });
    // The call's own failure report is off: the provider reports once SWR stops retrying.
    expect(read).toHaveBeenCalledWith(client, institution.id, { report: false });
    expect(client.cache.peek(unstable_serialize(institutionKey(institution.id)))?.data).toEqual(
      result.current.data,
    );
  });

  it('reports a failed read once, when SWR gives up', async () => {
    const onError = vi.fn();
    const { client } = await staffWithInstitution(onError);
    const { result } = renderHook(
      () => snapshot(useCached([2_000_000_000], institutionKey, getInstitution)),
      {
        wrapper: dataWrapper(client),
      },
    );
    await until(() => result.current.error !== undefined);
    expect(result.current.error?.status).toBe(404);
    await act(() => settle());
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
