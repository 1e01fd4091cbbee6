/**
 * What the website tests share (websites.test.ts and the files beside it): calls of the websites
 * API as a tenant's owner, a wait for a crawl's end, a site's pages by path, a sitemap's XML. The
 * test files start their own server (createTestServer) and local sites (testing/local-site.ts).
 */
import type { PreviewAnswer } from '@conversa/contract/conversation';
import type { Website, WebsitePage } from '@conversa/contract/website';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { knowledgeChunks } from '../db/knowledge-schema';
import type { TestServer } from '../testing';
import type { Tenant } from '../testing/institutions.fixtures';

/** The websites API of a tenant's assistant, `rest` after it. */
export const base = (tenant: Tenant, rest = '') =>
  `/api/institution-product/${tenant.assistant.id}/website${rest}`;
/** Calls as the tenant's owner. */
export const asOwner = (tenant: Tenant) => ({
  token: tenant.owner.token,
  institution: tenant.institution.id,
});

/** A sitemap's answer: a `urlset` of pages or a `sitemapindex` of sitemaps. */
export const sitemap = (tag: 'urlset' | 'sitemapindex', locs: string[]) => ({
  type: 'application/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?><${tag} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((loc) =>
      tag === 'urlset' ? `<url><loc>${loc}</loc></url>` : `<sitemap><loc>${loc}</loc></sitemap>`,
    )
    .join('')}</${tag}>`,
});

/** The website calls of one test server (or of the one a file's `beforeAll` starts: a getter). */
export function websiteCalls(of: TestServer | (() => TestServer)) {
  const current = () => (typeof of === 'function' ? of() : of);
  async function listSites(tenant: Tenant): Promise<Website[]> {
    const { status, body } = await current().call<{ data: Website[] }>(base(tenant), asOwner(tenant));
    expect(status).toBe(200);
    return body.data;
  }

  /** A site's pages by path (and query); never a page twice. */
  async function pagesOf(tenant: Tenant, siteId: number): Promise<Map<string, WebsitePage>> {
    const { status, body } = await current().call<{ data: WebsitePage[] }>(
      base(tenant, `/${siteId}/page?per-page=100`),
      asOwner(tenant),
    );
    expect(status).toBe(200);
    const urls = body.data.map((page) => page.url);
    expect(new Set(urls).size).toBe(urls.length);
    return new Map(
      body.data.map((page) => {
        const url = new URL(page.url);
        return [url.pathname + url.search, page];
      }),
    );
  }

  /** Waits until the site's crawl is no longer running (done, failed or paused). */
  async function crawled(tenant: Tenant, siteId: number): Promise<Website> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      await current().jobs.idle();
      const found = (await listSites(tenant)).find((one) => one.id === siteId)!;
      if (found.state !== 'crawling') return found;
      if (Date.now() > deadline) throw new Error('the crawl did not end');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Adds a site as the tenant's owner; answers it as created. */
  async function addSite(tenant: Tenant, json: Record<string, unknown>): Promise<Website> {
    const { status, body } = await current().call<{ data: Website }>(base(tenant), {
      ...asOwner(tenant),
      json,
    });
    expect(status).toBe(201);
    return body.data;
  }

  /** The assistant's answer in the console's preview. */
  async function ask(tenant: Tenant, text: string): Promise<PreviewAnswer> {
    const { status, body } = await current().call<{ data: PreviewAnswer }>(
      `/api/institution-product/${tenant.assistant.id}/preview`,
      { ...asOwner(tenant), json: { text } },
    );
    expect(status).toBe(200);
    return body.data;
  }

  /** The ids of a page's passages. */
  const chunkIdsOf = async (pageId: number) =>
    (
      await current()
        .database.db.select({ id: knowledgeChunks.id })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.pageId, pageId))
    ).map((row) => row.id);

  return { listSites, pagesOf, crawled, addSite, ask, chunkIdsOf };
}
