/**
 * A site's verified owner (owner-check.ts): institutions listing a site they do not own can spend
 * its host's requests of the day, but not keep its owner out. The owner's tag on the host's home
 * page is checked when asked (in the background, one request from the institution's budget only),
 * makes the owner's crawls of its host exempt from the host's budget (a paused crawl goes on at
 * once), is checked again at each crawl's start, and a tag taken away ends it. Another
 * institution's token does not verify, nor does anything but the home page.
 */
import { WEBSITE_OWNER_META } from '@conversa/contract/constants';
import type { Website } from '@conversa/contract/website';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { type LocalSite, startLocalSite } from '../testing/local-site';
import { readHtml } from './html-content';
import { asOwner, base, websiteCalls } from './websites.fixtures';

/** robots.txt, /sitemap.xml (none), the home page and one more: a first institution's whole crawl. */
const HOST_BUDGET = 4;

let server: TestServer;
let site: LocalSite;
const calls = websiteCalls(() => server);

beforeAll(async () => {
  server = await createTestServer({
    env: { CRAWL_ALLOW_PRIVATE: 'true' },
    crawl: { timeoutMs: 3_000, dailyPages: 100, hostDailyPages: HOST_BUDGET },
    captureLogs: true,
  });
  site = await startLocalSite();
});
afterAll(async () => {
  await site.close();
  await server.close();
});

/** The home page, with owner tags of these tokens in its head. */
function home(...tokens: string[]) {
  const page = site.html('Home', 'The Academy of Music welcomes you.', ['/lessons']);
  const tags = tokens.map((token) => `<meta name="${WEBSITE_OWNER_META}" content="${token}">`).join('');
  return { ...page, body: String(page.body).replace('<head>', `<head>${tags}`) };
}

/** Asks for a check of the site's owner tag; answers what the server said, then the site once checked. */
async function checkOwner(tenant: Tenant, siteId: number) {
  const asked = await server.call<{ data: Website }>(base(tenant, `/${siteId}/owner-check`), {
    ...asOwner(tenant),
    method: 'POST',
  });
  expect(asked.status).toBe(200);
  await server.jobs.idle();
  const done = (await calls.listSites(tenant)).find((one) => one.id === siteId)!;
  return { asked: asked.body.data, done };
}

const homeRequests = () => site.requests.filter((request) => request.path === '/').length;

describe("a site's verified owner", () => {
  it('is never held back by the host budget others spent, and stops being one when the tag goes', async () => {
    site.set('/', home());
    site.set('/lessons', site.html('Lessons', 'Piano lessons are on Tuesdays.'));
    // Another institution lists the site first and has the host's whole day.
    const other = await createTenant(server, { name: 'Academia Otra', kind: 'school' });
    const theirs = await calls.addSite(other, { url: site.origin, schedule: 'never' });
    expect(await calls.crawled(other, theirs.id)).toMatchObject({ state: 'ready', pages_ready: 2 });
    expect(site.requests).toHaveLength(HOST_BUDGET);

    // The owner's crawl is held back: not one request to the host.
    const owner = await createTenant(server, { name: 'Academia de Música', kind: 'school' });
    const ours = await calls.addSite(owner, { url: site.origin, schedule: 'never' });
    expect(ours).toMatchObject({ owner_verified_at: null, owner_check: null });
    expect(ours.owner_token).toMatch(/^[0-9a-f]{32}$/);
    expect(ours.owner_token).not.toBe(theirs.owner_token);
    expect(await calls.crawled(owner, ours.id)).toMatchObject({ state: 'paused', reason: 'host_budget' });
    expect(site.requests).toHaveLength(HOST_BUDGET);

    // No tag yet: one request (the host's spent day does not refuse it), and nothing changes.
    const missing = await checkOwner(owner, ours.id);
    expect(missing.asked).toMatchObject({ owner_check: 'checking' });
    expect(missing.done).toMatchObject({
      owner_check: 'tag_missing',
      owner_verified_at: null,
      state: 'paused',
      reason: 'host_budget',
    });
    expect(missing.done.owner_checked_at).not.toBeNull();
    expect(site.requests).toHaveLength(HOST_BUDGET + 1);

    // The other institution's tag on the page verifies only the other institution.
    site.set('/', home(theirs.owner_token));
    expect((await checkOwner(owner, ours.id)).done).toMatchObject({ owner_check: 'tag_missing' });

    // The owner's tag among others': verified, and the paused crawl goes on now, past the host's budget.
    site.set('/', home(theirs.owner_token, ours.owner_token));
    const verified = await checkOwner(owner, ours.id);
    expect(verified.done).toMatchObject({ owner_check: 'verified' });
    expect(verified.done.owner_verified_at).not.toBeNull();
    expect(await calls.crawled(owner, ours.id)).toMatchObject({
      state: 'ready',
      reason: null,
      pages_ready: 2,
    });

    // Each crawl's start checks the tag again: kept, the crawl reads the site past the budget again.
    const before = homeRequests();
    const sync = await server.call(base(owner, `/${ours.id}/sync`), { ...asOwner(owner), method: 'POST' });
    expect(sync.status).toBe(200);
    const again = await calls.crawled(owner, ours.id);
    expect(again).toMatchObject({ state: 'ready', owner_check: 'verified' });
    expect(again.owner_verified_at).toBe(verified.done.owner_verified_at);
    // The check and the page itself.
    expect(homeRequests()).toBe(before + 2);

    // The tag taken away: the next crawl's start ends the verification, and the host's budget holds it back.
    site.set('/', home(theirs.owner_token));
    await server.call(base(owner, `/${ours.id}/sync`), { ...asOwner(owner), method: 'POST' });
    expect(await calls.crawled(owner, ours.id)).toMatchObject({
      state: 'paused',
      reason: 'host_budget',
      owner_check: 'tag_missing',
      owner_verified_at: null,
    });
  });

  it("checks only a site of the caller's assistant, for a member who may change it", async () => {
    const owner = await createTenant(server, { name: 'Colegio Norte', kind: 'school' });
    const ours = await calls.addSite(owner, { url: `${site.origin}/north/`, schedule: 'never' });
    await calls.crawled(owner, ours.id);
    const stranger = await createTenant(server, { name: 'Colegio Sur', kind: 'school' });
    const requests = site.requests.length;
    // Another institution, through its own assistant's path: no such site.
    const theirs = await server.call(base(stranger, `/${ours.id}/owner-check`), {
      ...asOwner(stranger),
      method: 'POST',
    });
    expect(theirs.status).toBe(404);
    await server.jobs.idle();
    expect(site.requests).toHaveLength(requests);
    expect((await calls.listSites(owner)).find((one) => one.id === ours.id)).toMatchObject({
      owner_check: null,
    });
  });

  it('reads the owner tags of a page, a few at most, whatever the case of their name', () => {
    const tags = Array.from(
      { length: 30 },
      (_, index) =>
        `<meta name="${index === 0 ? 'Conversa-Site-Verification' : WEBSITE_OWNER_META}" content=" t${index} ">`,
    ).join('');
    const content = readHtml(
      `<html><head>${tags}</head><body><p>Hello</p></body></html>`,
      'https://a.example/',
    );
    expect(content.ownerTokens[0]).toBe('t0');
    expect(content.ownerTokens).toHaveLength(20);
    expect(readHtml('<p>No tags</p>', 'https://a.example/').ownerTokens).toEqual([]);
  });
});
