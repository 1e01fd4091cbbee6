import { randomUUID } from 'node:crypto';
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, settle, snapshot, until } from '../testing/render';
import { useUserInstitutions } from '../users/list-user-institutions';
import { createInstitution, useCreateInstitution } from './create-institution';
import { getInstitution, useInstitution } from './get-institution';
import { listInstitutions, useInstitutions } from './list-institutions';
import { selectInstitution } from './select-institution';
import { useInstitutionLogo } from './institution-logo';
import { useUpdateInstitution } from './update-institution';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const unique = () => randomUUID().slice(0, 8);

describe('creating and reading', () => {
  it('creates an institution, acts in it as main, and shows it from the cache without a GET', async () => {
    const { client } = await api.signedIn();
    const { result } = renderHook(() => useCreateInstitution(), { wrapper: dataWrapper(client) });
    const name = `Colegio ${unique()}`;
    await act(() =>
      result.current.trigger({
        name,
        kind: 'school',
        websiteUrl: 'colegio.example.org',
        students: '250_500',
        country: 'es',
      }),
    );
    const created = result.current.data!;
    expect(JSON.parse(api.received('institution', 'POST').at(-1)!.body)).toEqual({
      name,
      kind: 'school',
      website_url: 'colegio.example.org',
      students: '250_500',
      country: 'es',
    });
    expect(created).toMatchObject({
      name,
      kind: 'school',
      website_url: 'https://colegio.example.org',
      country: 'ES',
    });
    expect(client.session.getSnapshot()).toMatchObject({ institutionId: created.id, roles: ['main'] });

    const gets = api.received(`institution/${created.id}`, 'GET').length;
    const shown = renderHook(() => snapshot(useInstitution()), { wrapper: dataWrapper(client) });
    expect(shown.result.current.data).toEqual(created);
    await settle();
    expect(api.received(`institution/${created.id}`, 'GET')).toHaveLength(gets);
  });

  it('reads an institution with the X-Institution-Id of the session, and switches institution', async () => {
    const { client } = await api.signedIn();
    const first = await createInstitution(client, { name: `A ${unique()}`, kind: 'school' });
    const second = await createInstitution(client, { name: `B ${unique()}`, kind: 'business' });
    expect(client.session.getSnapshot().institutionId).toBe(second.id);
    selectInstitution(client, first.id, 'main');
    expect(await getInstitution(client, first.id)).toMatchObject({ id: first.id, kind: 'school' });
    expect(api.received(`institution/${first.id}`, 'GET').at(-1)!.headers.get('x-institution-id')).toBe(
      String(first.id),
    );

    const { result } = renderHook(() => snapshot(useUserInstitutions()), { wrapper: dataWrapper(client) });
    await until(() => result.current.data !== undefined);
    expect(result.current.data?.map(({ id, role }) => ({ id, role }))).toEqual(
      expect.arrayContaining([
        { id: first.id, role: 'main' },
        { id: second.id, role: 'main' },
      ]),
    );
  });

  it("does not read another tenant's institution", async () => {
    const owner = await api.signedIn();
    const theirs = await createInstitution(owner.client, { name: `Theirs ${unique()}`, kind: 'school' });
    const { client } = await api.signedIn();
    await expect(getInstitution(client, theirs.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('updating', () => {
  it('replaces the details; the shown institution and the admin list follow', async () => {
    const { client } = await api.signedIn({ isAdmin: true });
    const tag = unique();
    const created = await createInstitution(client, { name: `Before ${tag}`, kind: 'school' });
    const wrapper = dataWrapper(client);
    const { result } = renderHook(
      () => ({
        shown: snapshot(useInstitution(created.id)),
        list: snapshot(useInstitutions({ name: tag })),
        update: useUpdateInstitution(created.id),
      }),
      { wrapper },
    );
    await until(() => result.current.list.data !== undefined && result.current.shown.data !== undefined);
    expect(result.current.list.data?.items.map((row) => row.name)).toEqual([`Before ${tag}`]);

    await act(() => result.current.update.trigger({ name: `After ${tag}`, location: 'Calle Mayor 1' }));
    expect(result.current.shown.data).toMatchObject({ name: `After ${tag}`, location: 'Calle Mayor 1' });
    await until(() => result.current.list.data?.items[0]?.name === `After ${tag}`);
    expect(JSON.parse(api.received(`institution/${created.id}`, 'PUT').at(-1)!.body)).toEqual({
      name: `After ${tag}`,
      location: 'Calle Mayor 1',
    });
  });
});

describe('the logo', () => {
  it('uploads, replaces and removes it; the shown institution and the switcher follow', async () => {
    const { client, user } = await api.signedIn();
    const created = await createInstitution(client, { name: `Logo ${unique()}`, kind: 'school' });
    const { result } = renderHook(
      () => ({
        shown: snapshot(useInstitution(created.id)),
        mine: snapshot(useUserInstitutions(user.id)),
        logo: useInstitutionLogo(created.id),
      }),
      { wrapper: dataWrapper(client) },
    );
    await until(() => result.current.shown.data !== undefined && result.current.mine.data !== undefined);
    expect(result.current.shown.data?.logo).toBeNull();
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      ),
      (char) => char.charCodeAt(0),
    );
    await act(() => result.current.logo.upload.trigger(new File([png], 'crest.png', { type: 'image/png' })));
    const url = result.current.shown.data?.logo;
    expect(url).toMatch(/\/api\/public\/logo\/[0-9a-f]{32}\.png$/);
    await until(() => result.current.mine.data?.find((row) => row.id === created.id)?.logo === url);

    // Not an image: refused with the server's issue, and the logo stays.
    await expect(
      result.current.logo.upload.trigger(new File(['<svg/>'], 'crest.png', { type: 'image/png' })),
    ).rejects.toMatchObject({
      status: 415,
      issues: [expect.objectContaining({ path: 'logo', code: 'logo_type' })],
    });
    expect(result.current.shown.data?.logo).toBe(url);

    await act(() => result.current.logo.remove.trigger());
    expect(result.current.shown.data?.logo).toBeNull();
    await until(() => result.current.mine.data?.find((row) => row.id === created.id)?.logo === null);
  });
});

describe('the admin list', () => {
  it('sends name, page and per-page and reads the pagination headers', async () => {
    const { client } = await api.signedIn({ isAdmin: true });
    const tag = unique();
    for (const n of [1, 2, 3])
      await createInstitution(client, { name: `Search ${tag} ${n}`, kind: 'school' });
    const page = await listInstitutions(client, { name: ` ${tag} `, page: 2, perPage: 2 });
    const seen = api.received('institution', 'GET').at(-1)!;
    expect(Object.fromEntries(seen.search)).toEqual({ name: tag, page: '2', 'per-page': '2' });
    expect(page).toMatchObject({ pageCount: 2, totalCount: 3, perPage: 2, currentPage: 2 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), name: expect.stringContaining(tag) }),
    );
    expect(page.items[0]).toHaveProperty('country_data');
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    const { client } = await api.signedIn({ isAdmin: true });
    const tag = unique();
    for (const n of [1, 2, 3])
      await createInstitution(client, { name: `Paged ${tag} ${n}`, kind: 'business' });
    const { result, rerender } = renderHook(
      ({ page }) => snapshot(useInstitutions({ name: tag, page, perPage: 2 })),
      {
        wrapper: dataWrapper(client),
        initialProps: { page: 1 },
      },
    );
    await until(() => result.current.data !== undefined);
    expect(result.current.data).toMatchObject({ currentPage: 1, totalCount: 3 });
    rerender({ page: 2 });
    expect(result.current.data?.currentPage).toBe(1);
    await until(() => result.current.data?.currentPage === 2);
    expect(result.current.data?.items).toHaveLength(1);
  });

  it('is refused to non-admins, reported once', async () => {
    const onError = vi.fn();
    const { client } = await api.signedIn({ onError });
    const { result } = renderHook(() => snapshot(useInstitutions()), { wrapper: dataWrapper(client) });
    await until(() => result.current.error !== undefined);
    expect(result.current.error).toMatchObject({ status: 403, code: 'forbidden' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(client.session.getSnapshot().isAuthed).toBe(true);
  });
});
