import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { getAssistantSummary, useAssistantSummary } from './get-assistant-summary';
import { listAssistants, useAssistants } from './list-assistants';
import { liftAssistant } from './assistant-summary';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('assistant summaries', () => {
  it('are camelCased with type, name and logo lifted', () => {
    expect(
      liftAssistant({
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

  it("lists the session institution's assistants, lifted, from the real server", async () => {
    const { client } = await api.signedIn();
    const school = await createInstitution(client, { name: 'Colegio Sur', kind: 'school' });
    const { result } = renderHook(() => snapshot(useAssistants()), { wrapper: dataWrapper(client) });
    await until(() => result.current.data !== undefined);
    const [assistant] = result.current.data!;
    expect(result.current.data).toHaveLength(1);
    expect(assistant).toEqual({
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
    expect(wire.body.data[0]).toHaveProperty('external_id', assistant!.externalId);
    expect(wire.body.data[0]).toHaveProperty('product');
  });

  it('reads one assistant by id, lifted', async () => {
    const { client } = await api.signedIn();
    const business = await createInstitution(client, { name: 'Tienda Norte', kind: 'business' });
    const [listed] = await listAssistants(client, business.id);
    expect(listed?.type).toBe('retail');
    expect(await getAssistantSummary(client, listed!.id)).toEqual(listed);
    const { result } = renderHook(() => snapshot(useAssistantSummary(listed!.id)), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.data !== undefined);
    expect(result.current.data).toEqual(listed);
  });

  it("refuses another tenant's assistants", async () => {
    const owner = await api.signedIn();
    const theirs = await createInstitution(owner.client, { name: 'Ajeno', kind: 'school' });
    const [assistant] = await listAssistants(owner.client, theirs.id);
    const { client } = await api.signedIn();
    await expect(listAssistants(client, theirs.id)).rejects.toMatchObject({ status: 404 });
    await expect(getAssistantSummary(client, assistant!.id)).rejects.toMatchObject({ status: 404 });
  });
});
