import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { endpoints } from '@conversa/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { READY_CACHE_MS } from './meta.routes';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('conventions', () => {
  it('answers health in the envelope', async () => {
    const { status, body } = await server.call('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { status: 'ok' } });
  });

  it('tells readiness: 200 while the database and the file store work, 503 when the store fails', async () => {
    const { status, body } = await server.call('/api/ready');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { status: 'ok', database: 'ok', storage: 'ok' } });
    // A file where the store's folder should be: every write fails (even as root).
    const files = path.join(server.location.dataDir, 'files');
    const aside = `${files}-aside`;
    renameSync(files, aside);
    writeFileSync(files, 'not a folder');
    try {
      server.clock.advance(READY_CACHE_MS);
      const down = await server.call('/api/ready', { locale: 'es' });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'not_ready' });
      // Liveness does not depend on it.
      expect((await server.call('/api/health')).status).toBe(200);
    } finally {
      rmSync(files);
      renameSync(aside, files);
    }
    server.clock.advance(READY_CACHE_MS);
    expect((await server.call('/api/ready')).status).toBe(200);
  });

  it('probes readiness once every few seconds, whatever the number of requests', async () => {
    server.clock.advance(READY_CACHE_MS);
    expect((await server.call('/api/ready')).status).toBe(200);
    const files = path.join(server.location.dataDir, 'files');
    const aside = `${files}-aside`;
    renameSync(files, aside);
    writeFileSync(files, 'not a folder');
    try {
      // Within the window the last probe answers: the store is not touched again.
      const answers = await Promise.all(Array.from({ length: 20 }, () => server.call('/api/ready')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      server.clock.advance(READY_CACHE_MS / 2);
      expect((await server.call('/api/ready')).status).toBe(200);
      server.clock.advance(READY_CACHE_MS / 2);
      expect((await server.call('/api/ready')).status).toBe(503);
    } finally {
      rmSync(files);
      renameSync(aside, files);
    }
    // A failed probe is kept for the window too, then probed again.
    expect((await server.call('/api/ready')).status).toBe(503);
    server.clock.advance(READY_CACHE_MS);
    expect((await server.call('/api/ready')).status).toBe(200);
  });

  it('serves an OpenAPI document listing every endpoint of the contract', async () => {
    const { status, body } = await server.call<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const endpoint of Object.values(endpoints)) {
      expect(body.paths[endpoint.path]?.[endpoint.method.toLowerCase()], endpoint.path).toBeDefined();
    }
  });

  it('answers unknown paths with a localized 404 error body', async () => {
    const en = await server.call('/api/no-such-thing');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ message: 'Not found', code: 'not_found' });
    const es = await server.call('/api/no-such-thing', { locale: 'es-ES,es;q=0.9,en;q=0.8' });
    expect(es.body).toEqual({ message: 'No encontrado', code: 'not_found' });
  });

  it('tags every answer with a request id', async () => {
    const response = await server.request('/api/health');
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('lets the console origin read pagination headers through CORS', async () => {
    const response = await server.request('/api/health', {
      method: 'OPTIONS',
      headers: { origin: 'http://conversa.test', 'access-control-request-method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://conversa.test');
    const simple = await server.request('/api/health', { headers: { origin: 'http://conversa.test' } });
    expect(simple.headers.get('access-control-expose-headers')).toContain('X-Pagination-Total-Count');
    const foreign = await server.request('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // Without an Origin (same-origin reads, servers): no CORS headers, but caches still key on it.
    const plain = await server.request('/api/health');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/origin/i);
    expect(simple.headers.get('vary')).toMatch(/origin/i);
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await server.request('/api/user/check-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('GET /api/country', () => {
  it('lists every ISO 3166 country in the request language', async () => {
    const en = await server.call<{ data: { id: number; code: string; name: string }[] }>('/api/country');
    expect(en.status).toBe(200);
    expect(en.body.data.length).toBeGreaterThanOrEqual(249);
    expect(en.body.data).toContainEqual({ id: 724, code: 'ES', name: 'Spain' });
    const es = await server.call<{ data: { code: string; name: string }[] }>('/api/country', {
      locale: 'es',
    });
    expect(es.body.data.find((c) => c.code === 'DE')?.name).toBe('Alemania');
  });
});
