/**
 * The websites API around the crawler (docs/architecture.md#websites): sites' and pages' states
 * pushed live, another assistant's site answered 404 whatever the call, adding and syncing limited
 * per institution, a generated answer linking only the page it was grounded on, `GET /bot`, and
 * the SSRF refusals with CRAWL_ALLOW_PRIVATE unset.
 */
import { type Website, WEBSITE_EVENT, WEBSITE_PAGE_EVENT } from '@conversa/contract/website';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask as askChat, startSession } from '../testing/chat.fixtures';
import { websites } from '../db/websites-schema';
import { websiteTopic } from '../events/topics';
import { WEBSITE_CHANGES_PER_HOUR } from '../rate-limit/limits';
import { eventually, openEvents } from '../testing/files.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { type LocalSite, startLocalSite } from '../testing/local-site';
import { asOwner, base, websiteCalls } from './websites.fixtures';

let server: TestServer;
let school: Tenant;
let site: LocalSite;

beforeAll(async () => {
  server = await createTestServer({ env: { CRAWL_ALLOW_PRIVATE: 'true' }, crawl: { timeoutMs: 3_000 } });
  school = await createTenant(server, { name: 'Colegio Sol', kind: 'school' });
  site = await startLocalSite();
});
afterAll(async () => {
  await site.close();
  await server.close();
});

const { listSites, crawled } = websiteCalls(() => server);

describe('live, scoped and limited', () => {
  it("pushes the site's and its pages' states on the assistant's event stream", async () => {
    const live = await startLocalSite();
    try {
      live.set('/', live.html('Home', 'Visits are on Tuesdays.', ['/a']));
      live.set('/a', live.html('Page A', 'The canteen serves breakfast from eight.'));
      const tenant = await createTenant(server, { name: 'Live School', kind: 'school' });
      const stream = await openEvents(await server.listen(), tenant);
      await eventually(() => server.events.listenerCount(websiteTopic(tenant.assistant.id)) === 1);
      const { body } = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: live.origin, schedule: 'never' },
      });
      await crawled(tenant, body.data.id);
      const data = (name: string) =>
        stream.events.filter((event) => event.event === name).map((event) => event.data as unknown);
      await eventually(() => data(WEBSITE_EVENT).some((event) => (event as Website).state === 'ready'));
      expect((data(WEBSITE_EVENT)[0] as Website).state).toBe('crawling');
      expect(data(WEBSITE_PAGE_EVENT)).toContainEqual(
        expect.objectContaining({
          url: live.url('/a'),
          state: 'ready',
          title: 'Page A',
          website_id: body.data.id,
        }),
      );
      await stream.close();
    } finally {
      await live.close();
    }
  });

  it("answers 404 for another assistant's site, whatever the call", async () => {
    const other = await createTenant(server, { name: 'Other School', kind: 'school' });
    const [own] = await server.database.db
      .insert(websites)
      .values({
        institutionId: school.institution.id,
        assistantId: school.assistant.id,
        url: 'https://colegiosol.example/',
        maxPages: 10,
        schedule: 'never',
        state: 'ready',
      })
      .returning({ id: websites.id });
    const calls = [
      { path: `/${own!.id}`, method: 'PUT', json: { schedule: 'daily' } },
      { path: `/${own!.id}/sync`, method: 'POST' },
      { path: `/${own!.id}/page`, method: 'GET' },
      { path: '/delete', method: 'POST', json: { ids: [own!.id] } },
    ];
    for (const call of calls) {
      const { status } = await server.call(base(other, call.path), {
        ...asOwner(other),
        method: call.method,
        ...(call.json ? { json: call.json } : {}),
      });
      expect(status, call.path).toBe(404);
    }
    expect((await listSites(school)).map((one) => one.id)).toContain(own!.id);
  });

  it('limits adding sites and syncing to 30 an hour per institution', async () => {
    const tenant = await createTenant(server, { name: 'Busy School', kind: 'school' });
    const add = () =>
      server.call<{ code: string }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: 'http://127.0.0.1:9/' },
      });
    for (let i = 0; i < WEBSITE_CHANGES_PER_HOUR; i += 1) expect((await add()).status).toBeLessThan(300);
    const refused = await add();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(await listSites(tenant)).toHaveLength(1);
  });
});

describe('a generated answer', () => {
  it('may link the web page it was grounded on, and nothing the page does not point to', async () => {
    const fees = await startLocalSite();
    const pieces = (url: string) => [
      'Lunch costs 5 euros a day ([Fees](',
      `${url})). Pay at `,
      'https://evil.example/pay.',
    ];
    let answer: string[] = [];
    const peer = createHttpServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const content of answer)
          response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
        response.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const withModel = await createTestServer({
      env: {
        CRAWL_ALLOW_PRIVATE: 'true',
        LLM_BASE_URL: `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`,
        LLM_MODEL: 'test-model',
      },
    });
    try {
      fees.set('/', fees.html('Fees', 'Lunch costs 5 euros a day in the school canteen.'));
      const tenant = await createTenant(withModel, { name: 'Linked School', kind: 'school' });
      const added = await withModel.call<{ data: Website }>(
        `/api/institution-product/${tenant.assistant.id}/website`,
        { ...asOwner(tenant), json: { url: fees.origin, schedule: 'never' } },
      );
      expect(added.status).toBe(201);
      await withModel.jobs.idle();
      answer = pieces(fees.url('/'));
      const session = await startSession(withModel, tenant);
      const asked = await askChat(withModel, session, 'How much does lunch cost in the canteen?');
      expect(asked.text).toContain(`[Fees](${fees.url('/')})`);
      expect(asked.text).not.toContain('evil.example');
    } finally {
      await withModel.close();
      await new Promise<void>((resolve) => peer.close(() => resolve()));
      await fees.close();
    }
  });
});

describe('GET /bot', () => {
  it("tells a site's owner what ConversaBot is and how to keep it out, in their language", async () => {
    const english = await server.request('/bot');
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('User-agent: ConversaBot');
    const spanish = await (await server.request('/bot', { locale: 'es' })).text();
    expect(spanish).toContain('respeta robots.txt');
  });
});

describe('no server-side request forgery', () => {
  let strict: TestServer;
  let tenant: Tenant;
  beforeAll(async () => {
    strict = await createTestServer();
    tenant = await createTenant(strict, { name: 'Strict School', kind: 'school' });
  });
  afterAll(() => strict.close());

  it('refuses private addresses, other schemes and credentials with a translated 400, writing nothing', async () => {
    for (const url of [
      site.url('/'),
      `http://localhost:${new URL(site.origin).port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'file:///etc/passwd',
      'http://user:secret@example.com/',
    ]) {
      const { status, body } = await strict.call<{
        code: string;
        message: string;
        issues: { path: string }[];
      }>(`/api/institution-product/${tenant.assistant.id}/website`, {
        ...asOwner(tenant),
        json: { url },
        locale: 'es',
      });
      expect(status, url).toBe(400);
      expect(body.code).toBe('url_not_allowed');
      expect(body.message).toMatch(/no se puede rastrear/);
      expect(body.issues[0]!.path).toBe('url');
    }
    const { body } = await strict.call<{ data: Website[] }>(
      `/api/institution-product/${tenant.assistant.id}/website`,
      asOwner(tenant),
    );
    expect(body.data).toEqual([]);
  });
});
