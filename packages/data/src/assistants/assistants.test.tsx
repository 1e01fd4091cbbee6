import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstitution } from '../institutions/create-institution';
import { useAssistantSummary } from './get-assistant-summary';
import { listAssistants, useAssistants } from './list-assistants';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, settle, snapshot, until } from '../testing/render';
import { createAssistant, useCreateAssistant } from './create-assistant';
import { getAssistant, useAssistant } from './get-assistant';
import { updateAssistant, useUpdateAssistant } from './update-assistant';
import { uploadLogo, useUploadLogo } from './upload-logo';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** A signed-in owner of a fresh institution of that kind, and its first assistant's id. */
async function owner(kind: 'school' | 'business') {
  const { client } = await api.signedIn();
  const institution = await createInstitution(client, { name: `Casa ${kind}`, kind });
  const [first] = await listAssistants(client, institution.id);
  return { client, institution, assistantId: first!.id };
}

describe('reading an assistant', () => {
  it('answers the full detail with its settings, with the session institution header', async () => {
    const { client, institution, assistantId } = await owner('school');
    const { result } = renderHook(() => snapshot(useAssistant(assistantId)), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.data !== undefined);
    expect(result.current.data).toMatchObject({
      id: assistantId,
      institution_id: institution.id,
      product: { type: 'admission', logo: null },
      suggested_questions: [],
      public_link_active: true,
      snippet: { allowed_origins: [], position: 'right' },
      public_url: expect.stringMatching(new RegExp(`/admissions/${institution.id}$`)),
      embed_snippet: expect.stringContaining('<script'),
    });
    expect(
      api.received(`institution-product/${assistantId}`, 'GET').at(-1)!.headers.get('x-institution-id'),
    ).toBe(String(institution.id));
  });

  it("refuses another tenant's assistant with a 404", async () => {
    const theirs = await owner('business');
    const { client } = await api.signedIn();
    await expect(getAssistant(client, theirs.assistantId)).rejects.toMatchObject({ status: 404 });
    const { result } = renderHook(() => snapshot(useAssistant(theirs.assistantId)), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.error !== undefined);
    expect(result.current.error).toMatchObject({ status: 404 });
  });
});

describe('creating an assistant', () => {
  it('creates a type the kind allows; the detail is cached and the assistant list refetches', async () => {
    const { client, institution } = await owner('business');
    const { result } = renderHook(() => ({ list: snapshot(useAssistants()), create: useCreateAssistant() }), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.list.data !== undefined);
    expect(result.current.list.data).toHaveLength(1);
    await act(() => result.current.create.trigger({ type: 'sales_support', name: 'Ventas' }));
    const created = result.current.create.data!;
    expect(created).toMatchObject({
      institution_id: institution.id,
      product: { type: 'sales_support', name: 'Ventas' },
    });
    expect(JSON.parse(api.received('institution-product', 'POST').at(-1)!.body)).toEqual({
      type: 'sales_support',
      name: 'Ventas',
    });
    await until(() => result.current.list.data?.length === 2);
    expect(result.current.list.data?.[1]).toMatchObject({
      id: created.id,
      type: 'sales_support',
      name: 'Ventas',
    });

    const gets = api.received(`institution-product/${created.id}`, 'GET').length;
    const shown = renderHook(() => snapshot(useAssistant(created.id)), { wrapper: dataWrapper(client) });
    expect(shown.result.current.data).toEqual(created);
    await settle();
    expect(api.received(`institution-product/${created.id}`, 'GET')).toHaveLength(gets);
  });

  it('refuses a type the kind does not allow, with the issue on type', async () => {
    const { client } = await owner('school');
    await expect(createAssistant(client, { type: 'retail', name: 'Tienda' })).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'type', code: 'invalid_value' }],
    });
  });
});

describe('updating an assistant', () => {
  it('sends only the changed fields, snake_cased; detail, lifted assistant and list follow', async () => {
    const { client, assistantId } = await owner('business');
    const { result } = renderHook(
      () => ({
        detail: snapshot(useAssistant(assistantId)),
        lifted: snapshot(useAssistantSummary(assistantId)),
        list: snapshot(useAssistants()),
        update: useUpdateAssistant(assistantId),
      }),
      { wrapper: dataWrapper(client) },
    );
    await until(
      () =>
        result.current.detail.data !== undefined &&
        result.current.lifted.data !== undefined &&
        result.current.list.data !== undefined,
    );
    await act(() =>
      result.current.update.trigger({
        name: 'Asistente Norte',
        suggestedQuestions: ['¿Horario?', '¿Envíos?'],
        snippet: { allowedOrigins: ['https://shop.example.com/'], color: '#112233' },
      }),
    );
    expect(JSON.parse(api.received(`institution-product/${assistantId}`, 'PUT').at(-1)!.body)).toEqual({
      name: 'Asistente Norte',
      suggested_questions: ['¿Horario?', '¿Envíos?'],
      snippet: { allowed_origins: ['https://shop.example.com/'], color: '#112233' },
    });
    expect(result.current.detail.data).toMatchObject({
      product: { name: 'Asistente Norte' },
      suggested_questions: ['¿Horario?', '¿Envíos?'],
      snippet: { allowed_origins: ['https://shop.example.com'], color: '#112233', position: 'right' },
    });
    expect(result.current.lifted.data?.name).toBe('Asistente Norte');
    await until(() => result.current.list.data?.[0]?.name === 'Asistente Norte');

    await act(() => result.current.update.trigger({ publicLinkActive: false }));
    expect(result.current.detail.data).toMatchObject({
      public_link_active: false,
      product: { name: 'Asistente Norte' },
    });
  });

  it('rejects more than three suggested questions with the server issue', async () => {
    const { client, assistantId } = await owner('school');
    await expect(
      updateAssistant(client, assistantId, { suggested_questions: ['a', 'b', 'c', 'd'] }),
    ).rejects.toMatchObject({
      status: 400,
      issues: [expect.objectContaining({ path: 'suggested_questions' })],
    });
  });
});

describe('uploading a logo', () => {
  it('posts the PNG as the multipart field logo; the detail and the list show its URL', async () => {
    const { client, assistantId } = await owner('school');
    const { result } = renderHook(
      () => ({
        detail: snapshot(useAssistant(assistantId)),
        list: snapshot(useAssistants()),
        upload: useUploadLogo(assistantId),
      }),
      { wrapper: dataWrapper(client) },
    );
    await until(() => result.current.detail.data !== undefined && result.current.list.data !== undefined);
    await act(() => result.current.upload.trigger(new File([PNG], 'logo.png', { type: 'image/png' })));
    const seen = api.received(`institution-product/${assistantId}/logo`, 'POST').at(-1)!;
    expect(seen.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('name="logo"; filename="logo.png"');
    const logo = result.current.detail.data?.product.logo;
    expect(logo).toMatch(/^https?:\/\/[^/]+\/api\/public\/logo\/[0-9a-f]{32}\.png$/);
    await until(() => result.current.list.data?.[0]?.logo === logo);
    // The public URL's host is the test server's name: ask the port it listens on.
    const served = await fetch(`${api.baseUrl}${new URL(logo!).pathname.replace(/^\/api/, '')}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('refuses an SVG named .png with the logo_type issue, and nothing changes', async () => {
    const { client, assistantId } = await owner('business');
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: 'image/png',
    });
    await expect(uploadLogo(client, assistantId, svg, 'logo.png')).rejects.toMatchObject({
      status: 415,
      issues: [expect.objectContaining({ path: 'logo', code: 'logo_type' })],
    });
    expect((await getAssistant(client, assistantId)).product.logo).toBeNull();
  });
});
