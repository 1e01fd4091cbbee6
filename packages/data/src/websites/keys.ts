/**
 * Cache keys of an assistant's websites and their pages, and the cache edits that keep them live
 * (the server's `website` and `website_page` events, the writes' answers).
 */
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import * as routes from '@conversa/contract/routes/websites';
import type { Website, WebsiteEvent, WebsitePage, WebsitePageEvent } from '@conversa/contract/website';
import { unstable_serialize } from 'swr';
import type { DataClient } from '../client';
import { isRouteKey, routeKey } from '../keys';
import type { Page, PageQuery } from '../pagination';

/** SWR key of an assistant's websites. */
export const websitesKey = (id: number) => routeKey(routes.listWebsites, { id });

/** True for the websites key of `id`. */
export const isWebsitesKey = (id: number) => isRouteKey(routes.listWebsites, { id });

/** The page query normalized, so equal queries share one cache entry. */
export const normalizePageQuery = ({ page = 1, perPage = DEFAULT_PAGE_SIZE }: PageQuery = {}) => ({
  page,
  perPage,
});

/** SWR key of a page of a website's pages. */
export const websitePagesKey = (id: number, siteId: number, query: PageQuery = {}) =>
  routeKey(routes.listWebsitePages, { id, siteId }, normalizePageQuery(query));

/** True for the page lists of the assistant `id` (of one site when `siteId` is given). */
export const isWebsitePagesKey = (id: number, siteId?: number) =>
  isRouteKey(routes.listWebsitePages, siteId === undefined ? { id } : { id, siteId });

/** The list with `changed` sites put in (replacing the same ids) and `removed` ids taken out; newest first. */
export function mergeWebsites(
  list: readonly Website[],
  changed: readonly Website[],
  removed: readonly number[] = [],
): Website[] {
  const gone = new Set([...removed, ...changed.map((site) => site.id)]);
  // Newest first as the server lists them: ids grow with time.
  return [...changed, ...list.filter((site) => !gone.has(site.id))].sort((a, b) => b.id - a.id);
}

/** The list after one server event: a deleted site leaves it, any other is added or replaced. */
export function applyWebsiteEvent(list: readonly Website[], event: WebsiteEvent): Website[] {
  const { deleted, ...site } = event;
  return deleted ? mergeWebsites(list, [], [site.id]) : mergeWebsites(list, [site]);
}

/**
 * Edits the cached websites of `id` in place. Without a cached list there is nothing to edit:
 * whoever shows it next fetches it whole.
 */
export async function editCachedWebsites(
  client: DataClient,
  id: number,
  edit: (list: readonly Website[]) => Website[],
): Promise<void> {
  const current = client.cache.peek(unstable_serialize(websitesKey(id)))?.data as Website[] | undefined;
  if (current) await client.setCached(websitesKey(id), edit(current));
}

/**
 * Puts a page's new state into every cached page list of its site that holds it (a page that left
 * the site, `deleted`, leaves them). Answers false when none held it: a page the lists have not seen
 * yet (the crawl found it), for the caller to refetch.
 */
export async function editCachedPages(
  client: DataClient,
  id: number,
  event: WebsitePageEvent,
): Promise<boolean> {
  const { website_id: siteId, deleted, ...page } = event;
  const matches = isWebsitePagesKey(id, siteId);
  const edits: Promise<void>[] = [];
  for (const serialized of [...client.cache.keys()]) {
    const state = client.cache.peek(serialized) as { _k?: unknown; data?: Page<WebsitePage> } | undefined;
    const key = state?._k;
    if (!key || !matches(key) || !state.data) continue;
    const index = state.data.items.findIndex((item) => item.id === page.id);
    if (index === -1) continue;
    const items = deleted ? state.data.items.toSpliced(index, 1) : state.data.items.with(index, page);
    const totalCount = state.data.totalCount - (deleted ? 1 : 0);
    edits.push(client.setCached(key, { ...state.data, items, totalCount }));
  }
  await Promise.all(edits);
  return edits.length > 0;
}
