/** The websites an assistant learns from: sites, their settings, syncs and pages (docs/architecture.md#websites). */
import * as v from 'valibot';
import { MessageResultSchema, PaginationQuerySchema } from '../common';
import { IdSchema } from '../fields';
import {
  CreateWebsiteBodySchema,
  DeleteWebsitesBodySchema,
  UpdateWebsiteBodySchema,
  WebsitePageSchema,
  WebsiteSchema,
} from '../website';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/websites';
import { IdParamsSchema } from './params';

/** `{id}/website/{siteId}`: the assistant and one of its sites. */
const SiteParamsSchema = v.object({ id: IdSchema, siteId: IdSchema });

const reads = {
  tag: 'knowledge',
  access: 'staff',
  scope: 'assistant',
  permission: 'assistant.read',
} as const;
const changes = {
  tag: 'knowledge',
  access: 'staff',
  scope: 'assistant',
  permission: 'trainer.manage',
} as const;

export const websitesEndpoints = {
  listWebsites: {
    ...routes.listWebsites,
    ...reads,
    summary: 'The websites the assistant learns from, with their crawl state and page counts, newest first',
    params: IdParamsSchema,
    response: v.array(WebsiteSchema),
  },
  addWebsite: {
    ...routes.addWebsite,
    ...changes,
    summary:
      "Add a website (or a sitemap's address) and start crawling it; a private address, a non-http(s) scheme or credentials are 400 `url_not_allowed`",
    params: IdParamsSchema,
    body: CreateWebsiteBodySchema,
    response: WebsiteSchema,
  },
  updateWebsite: {
    ...routes.updateWebsite,
    ...changes,
    summary: "Change a website's settings (pages, include and exclude patterns, schedule)",
    params: SiteParamsSchema,
    body: UpdateWebsiteBodySchema,
    response: WebsiteSchema,
  },
  syncWebsite: {
    ...routes.syncWebsite,
    ...changes,
    summary: 'Crawl a website again now (409 `crawl_running` while a crawl of it runs)',
    params: SiteParamsSchema,
    response: WebsiteSchema,
  },
  verifyWebsiteOwner: {
    ...routes.verifyWebsiteOwner,
    ...changes,
    summary:
      "Check the site's host's home page for its owner tag (`owner_token`), in the background: `owner_check` is `checking`, then says what was found",
    params: SiteParamsSchema,
    response: WebsiteSchema,
  },
  deleteWebsites: {
    ...routes.deleteWebsites,
    ...changes,
    summary: 'Remove websites with their pages and what was learnt from them',
    params: IdParamsSchema,
    body: DeleteWebsitesBodySchema,
    response: MessageResultSchema,
  },
  listWebsitePages: {
    ...routes.listWebsitePages,
    ...reads,
    summary: "A website's pages with their state, the reason one was not read, and their passages",
    params: SiteParamsSchema,
    query: PaginationQuerySchema,
    response: v.array(WebsitePageSchema),
    paginated: true,
  },
} as const satisfies Record<string, Endpoint>;
