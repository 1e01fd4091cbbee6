import type { Website, WebsiteEvent, WebsitePageEvent } from '@conversa/contract/website';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAssistants } from '../assistants/list-assistants';
import { createInstitution } from '../institutions/create-institution';
import { useAssistantEvents } from '../knowledge/assistant-events';
import { startApi, type TestApi } from '../testing/api';
import { htmlPage, type LocalSite, startLocalSite } from '../testing/local-site';
import { dataWrapper, snapshot, until } from '../testing/render';
import { addWebsite, useAddWebsite } from './add-website';
import { checkWebsiteOwner } from './check-website-owner';
import { deleteWebsites, useDeleteWebsites } from './delete-websites';
import { applyWebsiteEvent, editCachedPages, mergeWebsites } from './keys';
import { listWebsitePages, useWebsitePages } from './list-website-pages';
import { listWebsites, useWebsites } from './list-websites';
import { syncWebsite } from './sync-website';
import { updateWebsite } from './update-website';
import { useWebsiteEvents } from './website-events';

let api: TestApi;
let site: LocalSite;
beforeAll(async () => {
  // The crawler may visit the loopback site the test serves (it refuses private addresses otherwise).
  api = await startApi({ env: { CRAWL_ALLOW_PRIVATE: 'true' } });
  site = await startLocalSite({
    '/': htmlPage(
      'Colegio Jacarandá',
      ['Bienvenidos al colegio.'],
      ['/admisiones/', '/cuotas/', '/antigua/'],
    ),
    '/admisiones/': htmlPage('Admisiones', [
      'Las solicitudes de admisión se presentan del 1 al 31 de marzo.',
    ]),
    '/cuotas/': htmlPage('Cuotas', ['La cuota mensual es de 320 euros con comedor incluido.']),
  });
});
afterAll(async () => {
  await site.close();
  await api.close();
});
// Mounted hooks keep their event streams open: unmount them before the server closes.
afterEach(cleanup);

/** A signed-in owner of a fresh school, and its assistant's id. */
async function owner() {
  const { client } = await api.signedIn();
  const institution = await createInstitution(client, { name: 'Colegio Jacarandá', kind: 'school' });
  const [first] = await listAssistants(client, institution.id);
  return { client, institution, assistantId: first!.id };
}

const website = (id: number, rest: Partial<Website> = {}): Website => ({
  id,
  url: `https://s${id}.example/`,
  state: 'crawling',
  reason: null,
  pages_ready: 0,
  pages_failed: 0,
  schedule: 'weekly',
  include: [],
  exclude: [],
  max_pages: 100,
  last_synced_at: null,
  next_sync_at: null,
  owner_token: `token${id}`,
  owner_verified_at: null,
  owner_check: null,
  owner_checked_at: null,
  ...rest,
});

describe('websites list edits', () => {
  it('merge changed sites by id, newest first, and drop deleted ones', () => {
    const list = [website(2), website(1)];
    expect(mergeWebsites(list, [website(3)]).map((s) => s.id)).toEqual([3, 2, 1]);
    expect(applyWebsiteEvent(list, { ...website(1, { state: 'ready', pages_ready: 4 }) })[1]).toMatchObject({
      id: 1,
      state: 'ready',
      pages_ready: 4,
    });
    expect(applyWebsiteEvent(list, { ...website(2), deleted: true })).toEqual([list[1]]);
  });
});

describe('adding and following a website', () => {
  it('adds a local site, follows its crawl to ready through the events, and lists its pages', async () => {
    const { client, assistantId } = await owner();
    const sites: WebsiteEvent[] = [];
    const pages: WebsitePageEvent[] = [];
    const { result, rerender } = renderHook(
      ({ siteId }: { siteId: number | null }) => {
        useWebsiteEvents(assistantId, {
          onWebsite: (event) => sites.push(event),
          onWebsitePage: (event) => pages.push(event),
        });
        return {
          sites: snapshot(useWebsites(assistantId)),
          pages: snapshot(useWebsitePages(assistantId, siteId)),
          add: useAddWebsite(assistantId),
        };
      },
      { wrapper: dataWrapper(client), initialProps: { siteId: null as number | null } },
    );
    await until(() => result.current.sites.data !== undefined);
    expect(result.current.sites.data).toEqual([]);
    await until(() => api.received(`institution-product/${assistantId}/events`, 'GET').length === 1);
    await until(() => !result.current.sites.isValidating);
    const reads = api.received(`institution-product/${assistantId}/website`, 'GET').length;

    let added: Website | undefined;
    await act(async () => {
      added = await result.current.add.trigger({ url: `${site.url}/`, max_pages: 10 });
    });
    expect(added).toMatchObject({
      url: `${site.url}/`,
      state: 'crawling',
      max_pages: 10,
      schedule: 'weekly',
    });
    // The answer joined the cached list at once.
    expect(result.current.sites.data?.map((s) => s.id)).toEqual([added!.id]);
    rerender({ siteId: added!.id });

    await until(() => result.current.sites.data?.[0]?.state === 'ready', 30_000);
    expect(result.current.sites.data?.[0]).toMatchObject({ pages_ready: 3, pages_failed: 1 });
    expect(sites.at(-1)).toMatchObject({ id: added!.id, state: 'ready' });
    expect(pages.some((event) => event.website_id === added!.id && event.state === 'ready')).toBe(true);
    // Live: the list of sites was not fetched again; the events carried its changes.
    expect(api.received(`institution-product/${assistantId}/website`, 'GET')).toHaveLength(reads);

    await until(
      () => result.current.pages.data?.items.filter((page) => page.state !== 'processing').length === 4,
      10_000,
    );
    const byUrl = new Map(result.current.pages.data!.items.map((page) => [page.url, page]));
    expect(byUrl.get(`${site.url}/admisiones/`)).toMatchObject({ title: 'Admisiones', state: 'ready' });
    expect(byUrl.get(`${site.url}/antigua/`)).toMatchObject({ state: 'failed', reason: 'not_found' });
    const page = await listWebsitePages(client, assistantId, added!.id, { page: 1, perPage: 2 });
    expect(page).toMatchObject({ totalCount: 4, perPage: 2, currentPage: 1, pageCount: 2 });
    expect(page.items).toHaveLength(2);

    // A page that leaves the site (out of its patterns now) leaves the cached lists.
    const gone = byUrl.get(`${site.url}/antigua/`)!;
    await act(() => editCachedPages(client, assistantId, { ...gone, website_id: added!.id, deleted: true }));
    expect(result.current.pages.data?.items.map((item) => item.id)).not.toContain(gone.id);
    expect(result.current.pages.data?.totalCount).toBe(3);
  }, 60_000);

  it('files and websites share one stream of the assistant', async () => {
    const { client, assistantId } = await owner();
    const { unmount } = renderHook(
      () => {
        useAssistantEvents(assistantId);
        useWebsiteEvents(assistantId);
      },
      { wrapper: dataWrapper(client) },
    );
    await until(() => api.received(`institution-product/${assistantId}/events`, 'GET').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.received(`institution-product/${assistantId}/events`, 'GET')).toHaveLength(1);
    unmount();
  });

  it('changes settings, syncs again (409 while a crawl runs), checks the owner tag and removes a site with its pages', async () => {
    const { client, assistantId } = await owner();
    const { result } = renderHook(
      () => {
        useWebsiteEvents(assistantId);
        return { sites: snapshot(useWebsites(assistantId)), remove: useDeleteWebsites(assistantId) };
      },
      { wrapper: dataWrapper(client) },
    );
    await until(() => result.current.sites.data !== undefined);
    const added = await addWebsite(client, assistantId, { url: site.url, schedule: 'never' });
    await expect(syncWebsite(client, assistantId, added.id)).rejects.toMatchObject({
      status: 409,
      code: 'crawl_running',
    });
    await until(() => result.current.sites.data?.[0]?.state === 'ready', 30_000);

    // The owner tag checked: under way in the cached list at once, what was found through the event.
    const checking = await checkWebsiteOwner(client, assistantId, added.id);
    expect(checking).toMatchObject({ id: added.id, owner_check: 'checking' });
    expect(result.current.sites.data?.[0]).toMatchObject({ owner_check: 'checking' });
    await until(() => result.current.sites.data?.[0]?.owner_check === 'tag_missing', 30_000);
    expect(result.current.sites.data?.[0]).toMatchObject({ owner_verified_at: null });

    const changed = await updateWebsite(client, assistantId, added.id, {
      schedule: 'daily',
      exclude: ['/cuotas/'],
    });
    expect(changed).toMatchObject({ schedule: 'daily', exclude: ['/cuotas/'], include: [] });
    expect(result.current.sites.data?.[0]).toMatchObject({ schedule: 'daily', exclude: ['/cuotas/'] });
    const syncing = await syncWebsite(client, assistantId, added.id);
    expect(syncing).toMatchObject({ id: added.id, state: 'crawling' });
    await until(() => result.current.sites.data?.[0]?.state === 'ready', 30_000);

    const answer = await act(() => result.current.remove.trigger([added.id]));
    expect(answer).toMatchObject({ code: 'deleted' });
    expect(result.current.sites.data).toEqual([]);
    expect(await listWebsites(client, assistantId)).toEqual([]);
    await expect(listWebsitePages(client, assistantId, added.id)).rejects.toMatchObject({ status: 404 });
  }, 90_000);

  it('refuses a file: address with url_not_allowed and a bad schedule with its issue; stores nothing', async () => {
    const { client, assistantId } = await owner();
    await expect(addWebsite(client, assistantId, { url: 'file:///etc/passwd' })).rejects.toMatchObject({
      status: 400,
      code: 'url_not_allowed',
    });
    await expect(
      addWebsite(client, assistantId, { url: site.url, schedule: 'hourly' as never }),
    ).rejects.toMatchObject({ status: 400, issues: [expect.objectContaining({ path: 'schedule' })] });
    expect(await listWebsites(client, assistantId)).toEqual([]);
  });

  it("refuses another tenant's sites: list, add, sync, owner check, pages and delete are 404, and nothing changes", async () => {
    const theirs = await owner();
    const added = await addWebsite(theirs.client, theirs.assistantId, { url: site.url, schedule: 'never' });
    const { client } = await api.signedIn();
    await expect(listWebsites(client, theirs.assistantId)).rejects.toMatchObject({ status: 404 });
    await expect(addWebsite(client, theirs.assistantId, { url: site.url })).rejects.toMatchObject({
      status: 404,
    });
    await expect(syncWebsite(client, theirs.assistantId, added.id)).rejects.toMatchObject({ status: 404 });
    await expect(checkWebsiteOwner(client, theirs.assistantId, added.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(listWebsitePages(client, theirs.assistantId, added.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(deleteWebsites(client, theirs.assistantId, [added.id])).rejects.toMatchObject({
      status: 404,
    });
    expect(await listWebsites(theirs.client, theirs.assistantId)).toEqual([
      expect.objectContaining({ id: added.id }),
    ]);
  });
});
