import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { getInstitutionProduct, useInstitutionProduct } from './get-institution-product';
import { listInstitutionProducts, useInstitutionProducts } from './list-institution-products';
import { liftProduct } from './product';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('product answers', () => {
  it('are camelCased with type, name and logo lifted', () => {
    expect(
      liftProduct({
        id: 5,
        external_id: 'ext-5',
        institution_id: 9,
        product: { type: 'sales_support', name: 'Ventas', logo: null },
      }),
    ).toEqual({
      id: 5,
      externalId: 'ext-5',
      institutionId: 9,
      type: 'sales_support',
      name: 'Ventas',
      logo: null,
    });
  });

  it("lists the session institution's products, lifted, from the real server", async () => {
    const { client } = await api.signedIn();
    const school = await createInstitution(client, { name: 'Colegio Sur', kind: 'school' });
    const { result } = renderHook(() => snapshot(useInstitutionProducts()), { wrapper: dataWrapper(client) });
    await until(() => result.current.data !== undefined);
    const [product] = result.current.data!;
    expect(result.current.data).toHaveLength(1);
    expect(product).toEqual({
      id: expect.any(Number),
      externalId: expect.any(String),
      institutionId: school.id,
      type: 'admission',
      name: expect.any(String),
      logo: null,
    });
    const wire = await api.server.call<{ data: Record<string, unknown>[] }>(
      `/api/institution/${school.id}/product`,
      {
        token: client.session.getSnapshot().jwt,
      },
    );
    expect(wire.body.data[0]).toHaveProperty('external_id', product!.externalId);
    expect(wire.body.data[0]).toHaveProperty('product');
  });

  it('reads one product by id, lifted', async () => {
    const { client } = await api.signedIn();
    const business = await createInstitution(client, { name: 'Tienda Norte', kind: 'business' });
    const [listed] = await listInstitutionProducts(client, business.id);
    expect(listed?.type).toBe('retail');
    expect(await getInstitutionProduct(client, listed!.id)).toEqual(listed);
    const { result } = renderHook(() => snapshot(useInstitutionProduct(listed!.id)), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.data !== undefined);
    expect(result.current.data).toEqual(listed);
  });

  it("refuses another tenant's products", async () => {
    const owner = await api.signedIn();
    const theirs = await createInstitution(owner.client, { name: 'Ajeno', kind: 'school' });
    const [product] = await listInstitutionProducts(owner.client, theirs.id);
    const { client } = await api.signedIn();
    await expect(listInstitutionProducts(client, theirs.id)).rejects.toMatchObject({ status: 404 });
    await expect(getInstitutionProduct(client, product!.id)).rejects.toMatchObject({ status: 404 });
  });
});
