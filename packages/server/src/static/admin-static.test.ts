import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';

const INDEX =
  '<!doctype html><html><head><title>Conversa</title></head><body><div id="root"></div></body></html>';
/**
 * What the server writes into the index: the sign-in providers (none configured here), then the
 * share tags whose values are absolute addresses (the page's, the default image's).
 */
const served = (pathname: string) =>
  INDEX.replace(
    '</head>',
    '<meta name="conversa-providers" content="{&quot;google_client_id&quot;:null,&quot;microsoft_client_id&quot;:null}" />' +
      `<meta property="og:url" content="${server.config.publicUrl}${pathname}" />` +
      `<meta property="og:image" content="${server.config.publicUrl}/og-image.png" />` +
      '<meta property="og:image:width" content="1200" /><meta property="og:image:height" content="630" /></head>',
  );
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

const SECRET = 'not-part-of-the-app';

let parent: string;
let dir: string;
let server: TestServer;
beforeAll(async () => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'conversa-admin-'));
  dir = path.join(parent, 'dist');
  mkdirSync(dir);
  writeFileSync(path.join(parent, 'outside.txt'), SECRET);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await createTestServer({ env: { ADMIN_DIR: dir } });
});
afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('the built admin console on the API port', () => {
  it('serves index.html at the root, revalidated on every load', async () => {
    const response = await server.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(served('/'));
  });

  it('answers console routes with index.html (SPA fallback)', async () => {
    for (const route of ['/login', '/pre-sales/trainer/12', '/profile/about-you', '/no/such/page']) {
      const response = await server.request(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(await response.text(), route).toBe(served(route));
    }
  });

  it('caches hashed assets for a year and sends the pre-compressed copy when accepted', async () => {
    const plain = await server.request('/assets/index-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/javascript/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);

    const gzipped = await server.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('revalidates unhashed files and answers a missing file with 404, not the page', async () => {
    const image = await server.request('/favicon.svg');
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('no-cache');
    const missing = await server.request('/assets/gone-000.js');
    expect(missing.status).toBe(404);
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    for (const route of ['/api/no-such-thing', '/api', '/api/pre-sales/trainer/1']) {
      const { status, body } = await server.call(route);
      expect(status, route).toBe(404);
      expect(body, route).toEqual({ message: 'Not found', code: 'not_found' });
    }
    const health = await server.call('/api/health');
    expect(health.body).toEqual({ data: { status: 'ok' } });
  });

  it('never serves a file from outside the folder', async () => {
    for (const route of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/assets/%2e%2e/%2e%2e/outside.txt',
      '/..%5coutside.txt',
    ]) {
      const response = await server.request(route);
      expect(await response.text(), route).not.toContain(SECRET);
    }
  });

  it('serves no console without a built index.html', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'conversa-admin-empty-'));
    const bare = await createTestServer({ env: { ADMIN_DIR: empty } });
    try {
      const { status, body } = await bare.call('/login');
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Not found', code: 'not_found' });
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
