/** `GET institution-product/{id}/website/{siteId}/page`: a page of a website's pages, with their states. */
import * as routes from '@conversa/contract/routes/websites';
import type { WebsitePage } from '@conversa/contract/website';
import type { CallOptions, DataClient } from '../client';
import { getPage, type Page, type PageQuery, pageParams } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { normalizePageQuery, websitePagesKey } from './keys';
import { useCached } from '../cached';

export { websitePagesKey } from './keys';

/** One page of the site's pages. */
export function listWebsitePages(
  client: DataClient,
  id: number,
  siteId: number,
  query: PageQuery = {},
  options?: CallOptions,
): Promise<Page<WebsitePage>> {
  return getPage(client, routes.listWebsitePages, {
    ...options,
    params: { id, siteId },
    searchParams: pageParams(normalizePageQuery(query)),
  });
}

/**
 * A page of the site's pages (nothing while `siteId` is null); the previous page stays on screen
 * while the next one loads. `useWebsiteEvents` keeps it live.
 */
export function useWebsitePages(
  id: number,
  siteId: number | null | undefined,
  query: PageQuery = {},
): ReadResponse<Page<WebsitePage>> {
  return useCached(siteId ? [id, siteId, query] : null, websitePagesKey, listWebsitePages, {
    keepPreviousData: true,
  });
}
