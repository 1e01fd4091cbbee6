import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openEvents, uploadFiles } from '../testing/files.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

const TOKEN = 'metrics-test-token-0123456789abcdef';

/** A sample's value in a text exposition: the line of `name` whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('does not exist (404), whatever the token', async () => {
    for (const token of [null, TOKEN, 'anything']) {
      const { status, body } = await server.call('/api/metrics', { token });
      expect(status, String(token)).toBe(404);
      expect(body).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('GET /api/metrics', () => {
  let server: TestServer;
  let baseUrl: string;
  let school: Tenant;
  /** The exposition, read with the token. */
  const scrape = async () => {
    const response = await server.request('/api/metrics', { token: TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    // Queued jobs stay queued: the test reads them by state.
    server = await createTestServer({ env: { METRICS_TOKEN: TOKEN }, runJobs: false });
    baseUrl = await server.listen();
    school = await createTenant(server, { name: 'Metrics School', kind: 'school' });
  });
  afterAll(() => server.close());

  it('refuses (401) no token, a wrong one, one a character off, and a staff token', async () => {
    for (const token of [
      null,
      'wrong',
      `${TOKEN}x`,
      TOKEN.slice(0, -1),
      `${TOKEN.slice(0, -1)}X`,
      school.owner.token,
    ]) {
      const { status, body } = await server.call('/api/metrics', { token });
      expect(status, String(token)).toBe(401);
      expect(body).toMatchObject({ code: 'unauthorized' });
      expect(JSON.stringify(body)).not.toContain('conversa_');
    }
  });

  it('counts requests by method, route template and status, and times them in a histogram', async () => {
    const faq = `/api/institution-product/${school.assistant.id}/faq`;
    const as = { token: school.owner.token, institution: school.institution.id };
    expect((await server.call(faq, as)).status).toBe(200);
    expect((await server.call(faq, as)).status).toBe(200);
    expect((await server.call('/api/institution-product/999999/faq', as)).status).toBe(404);
    expect((await server.call(faq, { token: null })).status).toBe(401);
    expect((await server.call('/api/no-such-thing')).status).toBe(404);

    const text = await scrape();
    const route = '/institution-product/{id}/faq';
    expect(sample(text, 'conversa_http_requests_total', { method: 'GET', route, status: '200' })).toBe(2);
    expect(sample(text, 'conversa_http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
    expect(sample(text, 'conversa_http_requests_total', { method: 'GET', route, status: '401' })).toBe(1);
    // Anything no entry answers shares one label; no URL becomes a label.
    expect(sample(text, 'conversa_http_requests_total', { route: 'other', status: '404' })).toBe(1);
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    for (const label of routes) expect(label === 'other' || !/\/\d/.test(label ?? ''), label).toBe(true);
    expect(text).not.toContain('no-such-thing');
    // The latency histogram: every request in the +Inf bucket, a sum of seconds.
    expect(sample(text, 'conversa_http_request_duration_seconds_count', { method: 'GET', route })).toBe(4);
    expect(
      sample(text, 'conversa_http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' }),
    ).toBe(4);
    expect(
      sample(text, 'conversa_http_request_duration_seconds_sum', { method: 'GET', route }),
    ).toBeGreaterThan(0);
    expect(text).toContain('# TYPE conversa_http_request_duration_seconds histogram');
    // The refused scrapes above are requests too.
    expect(sample(text, 'conversa_http_requests_total', { route: '/metrics', status: '401' })).toBe(6);
  });

  it('counts the jobs of the queue by state at each scrape', async () => {
    const before = await scrape();
    const queued = sample(before, 'conversa_jobs', { state: 'queued' }) ?? 0;
    for (const state of ['queued', 'running', 'done', 'failed']) {
      expect(sample(before, 'conversa_jobs', { state }), state).toBeGreaterThanOrEqual(0);
    }
    const { status } = await uploadFiles(server, school, [{ name: 'faq.txt', bytes: 'Uniforms are blue.' }]);
    expect(status).toBe(201);
    expect(sample(await scrape(), 'conversa_jobs', { state: 'queued' })).toBe(queued + 1);
  });

  it('counts the event streams open in this process', async () => {
    expect(sample(await scrape(), 'conversa_event_streams_open', { stream: 'files' })).toBe(0);
    const stream = await openEvents(baseUrl, school);
    expect(stream.response.status).toBe(200);
    await eventually(
      async () => sample(await scrape(), 'conversa_event_streams_open', { stream: 'files' }) === 1,
    );
    await stream.close();
    await eventually(
      async () => sample(await scrape(), 'conversa_event_streams_open', { stream: 'files' }) === 0,
    );
  });
});
