/**
 * Storybook fixtures of the Website section: sites in every state, pages in every state and with
 * every reason, and MSW handlers for the websites' endpoints.
 */
import { PAGINATION_HEADERS } from '@conversa/contract/http';
import {
  WEBSITE_FAILURE_REASONS,
  WEBSITE_EVENT,
  WEBSITE_PAGE_EVENT,
  type Website,
  type WebsitePage,
} from '@conversa/contract/website';
import { http } from 'msw';
import { API, fail, ok } from '../../testing/stories';

const day = '2025-03-04T09:30:00.000Z';
const nextWeek = '2025-03-11T09:30:00.000Z';

const site = (id: number, url: string, rest: Partial<Website> = {}): Website => ({
  id,
  url,
  state: 'ready',
  reason: null,
  pages_ready: 0,
  pages_failed: 0,
  schedule: 'weekly',
  include: [],
  exclude: [],
  max_pages: 100,
  last_synced_at: day,
  next_sync_at: nextWeek,
  owner_token: `4f1c9a${id}e27b8d4c05a93f6e1d2b7c8a`,
  owner_verified_at: null,
  owner_check: null,
  owner_checked_at: null,
  ...rest,
});

/** One site per state: read and ready, being read, and one that could not be read at all. */
export const websites: Website[] = [
  site(3, 'https://www.colegiosol.es/', {
    pages_ready: 42,
    pages_failed: 9,
    owner_verified_at: day,
    owner_check: 'verified',
    owner_checked_at: day,
  }),
  site(2, 'https://blog.colegiosol.es/', {
    state: 'crawling',
    pages_ready: 6,
    schedule: 'daily',
    include: ['/noticias/'],
    last_synced_at: null,
    next_sync_at: null,
  }),
  site(1, 'https://intranet.colegiosol.es/', {
    state: 'failed',
    reason: 'no_pages',
    pages_failed: 1,
    schedule: 'never',
    next_sync_at: null,
  }),
];

const page = (
  id: number,
  path: string,
  title: string | null,
  rest: Partial<WebsitePage> = {},
): WebsitePage => ({
  id,
  url: `https://www.colegiosol.es${path}`,
  title,
  state: 'ready',
  reason: null,
  fetched_at: day,
  changed_at: day,
  passages: 12,
  ...rest,
});

const SITE_REASONS = new Set(['no_pages', 'page_budget', 'host_budget']);

// Left out on purpose rather than failed (as the crawler records them).
const skippedFor = new Set(['blocked_by_robots', 'redirected_off_site', 'not_html', 'duplicate']);

/** A site whose crawl waits for the next day: its institution's page reads of today are spent. */
export const pausedWebsite: Website = site(4, 'https://www.colegiosol.es/', {
  state: 'paused',
  reason: 'page_budget',
  pages_ready: 40,
  schedule: 'daily',
  next_sync_at: '2025-03-05T00:00:00.000Z',
});

/** The pages of a site: read, being read, skipped by robots.txt, and one failed page per reason. */
export const websitePages: WebsitePage[] = [
  page(100, '/', 'Colegio Sol · Inicio'),
  page(101, '/admisiones/', 'Admisiones 2025-2026', { passages: 31 }),
  page(102, '/cuotas/', 'Cuotas y becas', {
    state: 'processing',
    fetched_at: null,
    changed_at: null,
    passages: 0,
  }),
  // `no_pages`, `page_budget` and `host_budget` are a site's reasons, never a page's.
  ...WEBSITE_FAILURE_REASONS.filter((reason) => !SITE_REASONS.has(reason)).map((reason, index) =>
    page(110 + index, `/${reason.replaceAll('_', '-')}/`, null, {
      state: skippedFor.has(reason) ? 'skipped' : 'failed',
      reason,
      // A page failing for a while keeps what was learnt from it before.
      passages: reason === 'timed_out' || reason === 'too_complex' ? 4 : 0,
      changed_at: reason === 'timed_out' || reason === 'too_complex' ? day : null,
    }),
  ),
];

/** A page of `rows` with the pagination headers. */
export function pagesPage(rows: WebsitePage[], request: Request) {
  const url = new URL(request.url);
  const perPage = Number(url.searchParams.get('per-page') ?? 20);
  const current = Number(url.searchParams.get('page') ?? 1);
  return ok(rows.slice((current - 1) * perPage, current * perPage), {
    headers: {
      [PAGINATION_HEADERS.pageCount]: String(Math.max(1, Math.ceil(rows.length / perPage))),
      [PAGINATION_HEADERS.totalCount]: String(rows.length),
      [PAGINATION_HEADERS.perPage]: String(perPage),
      [PAGINATION_HEADERS.currentPage]: String(current),
    },
  });
}

/** The websites' endpoints answered from `sites` (every site has `websitePages`). */
export function websiteHandlers(sites: Website[], pages: typeof pagesPage = pagesPage) {
  return [
    http.get(`${API}/institution-product/:id/website`, () => ok(sites)),
    http.post(`${API}/institution-product/:id/website`, async ({ request }) => {
      const body = (await request.json()) as { url: string };
      if (/localhost|127\.0\.0\.1|192\.168\./.test(body.url))
        return fail(400, 'url_not_allowed', 'This address cannot be crawled.', [
          { path: 'url', code: 'url_not_allowed', message: 'This address cannot be crawled.' },
        ]);
      return ok(site(50, body.url, { state: 'crawling', last_synced_at: null, next_sync_at: null }), {
        status: 201,
      });
    }),
    http.put(`${API}/institution-product/:id/website/:siteId`, async ({ params, request }) => {
      const found = sites.find((one) => one.id === Number(params.siteId)) ?? sites[0]!;
      return ok({ ...found, ...((await request.json()) as object) });
    }),
    http.post(`${API}/institution-product/:id/website/:siteId/sync`, ({ params }) => {
      const found = sites.find((one) => one.id === Number(params.siteId)) ?? sites[0]!;
      return ok({ ...found, state: 'crawling', reason: null });
    }),
    http.post(`${API}/institution-product/:id/website/:siteId/owner-check`, ({ params }) => {
      const found = sites.find((one) => one.id === Number(params.siteId)) ?? sites[0]!;
      return ok({ ...found, owner_check: 'checking', owner_checked_at: day });
    }),
    http.post(`${API}/institution-product/:id/website/delete`, () =>
      ok({ message: 'Delete successfully.', code: 'deleted' }),
    ),
    http.get(`${API}/institution-product/:id/website/:siteId/page`, ({ request }) =>
      pages(websitePages, request),
    ),
  ];
}

/** The crawling site's next page read, then the site ready: as the stream sends them. */
export const crawlFinishes = [
  {
    event: WEBSITE_PAGE_EVENT,
    data: {
      ...websitePages[2]!,
      state: 'ready',
      fetched_at: day,
      changed_at: day,
      passages: 8,
      website_id: 2,
    },
  },
  {
    event: WEBSITE_EVENT,
    data: { ...websites[1]!, state: 'ready', pages_ready: 7, last_synced_at: day, next_sync_at: nextWeek },
  },
];
