/**
 * The widget's server side through HTTP, its pages: the chat frame and public pages (title and
 * share meta, escaping, config, language, CSP framing, the checked parent origin), the widget's
 * files with their caching, and the console's SPA fallback left alone. The assistant and session
 * API is public-assistant.test.ts.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../db/schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { scriptJson } from './page';
import {
  CHAT,
  CHUNK,
  CONSOLE_INDEX,
  EMBED,
  meta,
  openPublicWorld,
  SCHOOL_SETTINGS,
  type PublicWorld,
  UNKNOWN_UUID,
  XSS_NAME,
} from '../testing/public-pages.fixtures';

let world: PublicWorld;
let parent: string;
let server: TestServer;
let school: Tenant;
let shop: Tenant;

beforeAll(async () => {
  world = await openPublicWorld();
  ({ parent, server, school, shop } = world);
  await world.update(school, SCHOOL_SETTINGS);
});
afterAll(() => world.close());

const update = (tenant: Tenant, json: Record<string, unknown>) => world.update(tenant, json);
const page = (pathname: string, locale?: string) => world.page(pathname, locale);

describe('the public pages /admissions/{id} and /retail/{id}', () => {
  it('render the title, share meta, config and app module on the server', async () => {
    await update(shop, { snippet: { greeting: 'Ask us about orders & delivery', color: '#0f766e' } });
    const { response, text, config } = await page(`/retail/${shop.institution.id}`, 'es-ES,es;q=0.9');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('*');
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).toContain('<html lang="es">');
    expect(text).toContain(`<title>${shop.assistant.product.name} | Conversa</title>`);
    const url = `http://conversa.test/retail/${shop.institution.id}`;
    expect(meta(text, 'og:title')).toBe(shop.assistant.product.name);
    expect(meta(text, 'og:description')).toBe('Ask us about orders &amp; delivery');
    expect(meta(text, 'og:type')).toBe('website');
    expect(meta(text, 'og:url')).toBe(url);
    // No logo: the default share image, large.
    expect(meta(text, 'og:image')).toBe('http://conversa.test/og-image.png');
    expect(meta(text, 'og:image:width')).toBe('1200');
    expect(meta(text, 'og:image:height')).toBe('630');
    expect(meta(text, 'twitter:card')).toBe('summary_large_image');
    // A phone's browser bar in the assistant's colour.
    expect(meta(text, 'theme-color')).toBe('#0f766e');
    expect(text).toContain('<div id="conversa-chat"></div>');
    expect(text).toContain('<script type="module" src="/widget/chat.js"></script>');
    expect(config).toEqual({
      mode: 'page',
      external_id: shop.assistant.external_id,
      api: '/api',
      parent_origin: null,
      // What `GET public/assistant/{external_id}` answers, so the chat shows without asking.
      assistant: (await server.call<{ data: unknown }>(`/api/public/assistant/${shop.assistant.external_id}`))
        .body.data,
    });
  });

  it("use the logo as the share image and the assistant's language without Accept-Language", async () => {
    const logo = 'https://cdn.example.com/logo.png';
    // An external logo URL (set by other means than an upload) is passed through as it is.
    await server.database.db.update(assistants).set({ logo }).where(eq(assistants.id, school.assistant.id));
    const { text } = await page(`/admissions/${school.institution.id}`);
    expect(meta(text, 'og:image')).toBe(logo);
    expect(meta(text, 'twitter:card')).toBe('summary');
    expect(text).toContain('<html lang="es">');
    const english = await page(`/admissions/${school.institution.id}`, 'en-US,en;q=0.9');
    expect(english.text).toContain('<html lang="en">');
  });

  it('escape a hostile assistant name everywhere', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    await update(tenant, { name: XSS_NAME, snippet: { greeting: '"><img src=x onerror=alert(1)>' } });
    const { text } = await page(`/admissions/${tenant.institution.id}`);
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('<img');
    expect(text).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Conversa</title>');
    expect(meta(text, 'og:title')).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text.match(/<script/g)).toHaveLength(2);
  });

  it('answer unknown institutions and bad ids with a 404 page, not the console', async () => {
    for (const pathname of [
      `/admissions/${shop.institution.id}`, // a business has no admissions assistant
      `/retail/${school.institution.id}`,
      '/admissions/999999999',
      '/admissions/99999999999999999999',
      '/retail/abc',
    ]) {
      const response = await server.request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(await response.text(), pathname).not.toContain('id="root"');
    }
  });

  it('preview with an image on every page: the default one is a real 1200×630 PNG, cached', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    const pages = [
      `/admissions/${tenant.institution.id}`,
      `/retail/${shop.institution.id}`,
      `/chat/${tenant.assistant.external_id}`,
    ];
    for (const pathname of pages) {
      const { text } = await page(pathname);
      expect(meta(text, 'og:image'), pathname).toBe('http://conversa.test/og-image.png');
      expect(meta(text, 'og:title'), pathname).toBeTruthy();
    }
    const image = await server.request('/og-image.png');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The IHDR chunk: width and height, big-endian, after its length and type.
    expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(bytes.byteLength).toBeLessThan(20_000);
    const head = await server.request('/og-image.png', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
  });

  it('leave other paths to the console SPA fallback', async () => {
    const response = await server.request('/login');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(CONSOLE_INDEX);
  });
});

describe('the chat frame /chat/{external_id}', () => {
  it('lets only the allowed origins (and the server) frame it and checks ?origin=', async () => {
    // The school's allowed origin (SCHOOL_SETTINGS): https://norte.example.
    const allowed = await page(`/chat/${school.assistant.external_id}?origin=https://norte.example`);
    expect(allowed.response.status).toBe(200);
    const csp = allowed.response.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self' https://norte.example");
    expect(csp).toContain("script-src 'self'");
    expect(allowed.text).toContain('<meta name="robots" content="noindex" />');
    expect(allowed.text).not.toContain('og:url');
    expect(allowed.text).not.toContain('theme-color');
    expect(allowed.config).toMatchObject({
      mode: 'frame',
      external_id: school.assistant.external_id,
      api: '/api',
      parent_origin: 'https://norte.example',
      assistant: { name: school.assistant.product.name, active: true },
    });

    for (const origin of [
      'https://evil.example',
      'https://norte.example/path',
      'https://user@norte.example',
      'http://norte.example',
      'javascript:alert(1)',
      '"><script>alert(1)</script>',
      '',
    ]) {
      const other = await page(`/chat/${school.assistant.external_id}?origin=${encodeURIComponent(origin)}`);
      expect(other.response.status, origin).toBe(200);
      expect(other.config?.parent_origin, origin).toBeNull();
      expect(other.text, origin).not.toContain('<script>alert');
    }
    const own = await page(`/chat/${school.assistant.external_id}?origin=http://conversa.test`);
    expect(own.config?.parent_origin).toBe('http://conversa.test');
  });

  it('may be framed by any site when no origins are listed, and then talks to the given one', async () => {
    const { response, config } = await page(`/chat/${shop.assistant.external_id}?origin=https://any.example`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self' *");
    expect(config?.parent_origin).toBe('https://any.example');
    const none = await page(`/chat/${shop.assistant.external_id}`);
    expect(none.config?.parent_origin).toBeNull();
  });

  it('answers 404 HTML for an unknown or malformed external id', async () => {
    for (const id of [UNKNOWN_UUID, 'nope']) {
      const response = await server.request(`/chat/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type'), id).toMatch(/^text\/html/);
    }
  });
});

describe('the widget files', () => {
  it('serve embed.js as JavaScript, cached for five minutes', async () => {
    const response = await server.request('/embed.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(EMBED);
  });

  it('serve the chat entry briefly and hashed chunks for a year', async () => {
    const entry = await server.request('/widget/chat.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await entry.text()).toBe(CHAT);
    const chunk = await server.request('/widget/chat-Ab_9xY-1.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await chunk.text()).toBe(CHUNK);
  });

  it('answer missing files and paths outside the folder with a plain-text 404', async () => {
    for (const pathname of [
      '/widget/nope.js',
      '/widget/..%2foutside.txt',
      '/widget/%2e%2e%2foutside.txt',
      '/widget/',
    ]) {
      const response = await server.request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/plain/);
      expect(await response.text(), pathname).not.toContain('not part of the widget');
    }
    // A plain or encoded `..` segment is resolved by the URL itself, so it never reaches these routes.
    for (const pathname of ['/widget/../outside.txt', '/widget/%2e%2e/outside.txt']) {
      const resolved = await server.request(pathname);
      expect(resolved.status, pathname).toBe(404);
      expect(await resolved.text(), pathname).not.toContain('not part of the widget');
    }
  });

  it('answer 404 without a widget build, or with WIDGET_DIR empty', async () => {
    for (const dir of [path.join(parent, 'no-such-dist'), '']) {
      const bare = await createTestServer({ env: { WIDGET_DIR: dir } });
      try {
        for (const pathname of ['/embed.js', '/widget/chat.js']) {
          const response = await bare.request(pathname);
          expect(response.status, `${dir} ${pathname}`).toBe(404);
          expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
          expect(await response.text()).toBe('Not found');
        }
      } finally {
        await bare.close();
      }
    }
  });
});

describe('scriptJson', () => {
  it('keeps a value that would close its script element inert and equal once parsed', () => {
    const value = { name: '</script><script>alert(1)</script><!--', amp: 'a&b', line: 'a\u2028b' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
