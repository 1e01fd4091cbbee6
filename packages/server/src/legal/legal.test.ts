/**
 * The legal pages through HTTP: the default texts in English and Spanish by Accept-Language, the
 * operator's own texts from DATA_DIR/legal (read on each request), and TERMS_URL / PRIVACY_URL,
 * which redirect the pages and reach the console's index as `<meta>`s.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestServer, type TestServer } from '../testing';

const INDEX =
  '<!doctype html><html><head><title>Conversa</title></head><body><div id="root"></div></body></html>';

let server: TestServer;
let elsewhere: TestServer;
let admin: string;
beforeAll(async () => {
  admin = mkdtempSync(path.join(os.tmpdir(), 'conversa-legal-admin-'));
  writeFileSync(path.join(admin, 'index.html'), INDEX);
  server = await createTestServer({ env: { ADMIN_DIR: admin } });
  elsewhere = await createTestServer({
    env: {
      ADMIN_DIR: admin,
      TERMS_URL: 'https://school.example/terms?lang=en&v=2',
      PRIVACY_URL: 'https://school.example/privacy',
    },
  });
});
afterAll(async () => {
  await server.close();
  await elsewhere.close();
  rmSync(admin, { recursive: true, force: true });
});

const h1 = (text: string) => /<h1>([^<]*)<\/h1>/.exec(text)?.[1];

describe('/terms and /privacy', () => {
  it('serve the default texts in the visitor’s language, never the console', async () => {
    for (const [pathname, locale, lang, title] of [
      ['/terms', 'en-US,en;q=0.9', 'en', 'Terms of service'],
      ['/terms', 'es-MX,es;q=0.9', 'es', 'Términos del servicio'],
      ['/privacy', 'en', 'en', 'Privacy policy'],
      ['/privacy', 'es', 'es', 'Política de privacidad'],
      ['/privacy', 'fr', 'en', 'Privacy policy'],
    ] as const) {
      const response = await server.request(pathname, { locale });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(response.headers.get('vary'), pathname).toMatch(/accept-language/i);
      expect(response.headers.get('content-language'), pathname).toBe(lang);
      expect(response.headers.get('content-security-policy'), pathname).toContain("default-src 'none'");
      const text = await response.text();
      expect(text, pathname).toContain(`<html lang="${lang}">`);
      expect(text, pathname).toContain(`<title>${title} | Conversa</title>`);
      expect(h1(text), pathname).toBe(title);
      expect(text, pathname).not.toContain('id="root"');
      expect(text, pathname).not.toContain('<script');
      // A shared link previews with the page's title, its address and the default image, all absolute.
      const meta = (property: string) =>
        new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(text)?.[1];
      expect(meta('og:title'), pathname).toBe(title);
      expect(meta('og:type'), pathname).toBe('website');
      expect(meta('og:url'), pathname).toBe(`${server.config.publicUrl}${pathname}`);
      expect(meta('og:image'), pathname).toBe(`${server.config.publicUrl}/og-image.png`);
      expect(meta('og:description'), pathname).toMatch(/\S/);
      expect(text, pathname).toContain(
        `<link rel="canonical" href="${server.config.publicUrl}${pathname}" />`,
      );
    }
  });

  it("serve the operator's texts from DATA_DIR/legal, read on each request", async () => {
    const dir = path.join(server.config.dataDir, 'legal');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'terms.en.html'), '<h1>Colegio Norte terms</h1><p>Be kind.</p>');
    const english = await (await server.request('/terms', { locale: 'en' })).text();
    expect(h1(english)).toBe('Colegio Norte terms');
    expect(english).toContain('<p>Be kind.</p>');
    // Without a Spanish text of their own, a Spanish visitor reads the operator's English one
    // (their words win over the default), in a page that says so.
    const spanish = await server.request('/terms', { locale: 'es' });
    expect(spanish.headers.get('content-language')).toBe('en');
    expect(h1(await spanish.text())).toBe('Colegio Norte terms');

    writeFileSync(path.join(dir, 'terms.es.html'), '<h1>Términos del Colegio Norte</h1>');
    const own = await server.request('/terms', { locale: 'es' });
    expect(own.headers.get('content-language')).toBe('es');
    expect(h1(await own.text())).toBe('Términos del Colegio Norte');
    // The privacy policy still has the default text.
    expect(h1(await (await server.request('/privacy', { locale: 'es' })).text())).toBe(
      'Política de privacidad',
    );
  });

  it('redirect to TERMS_URL and PRIVACY_URL when they are set', async () => {
    const terms = await elsewhere.request('/terms');
    expect(terms.status).toBe(302);
    expect(terms.headers.get('location')).toBe('https://school.example/terms?lang=en&v=2');
    const privacy = await elsewhere.request('/privacy');
    expect(privacy.status).toBe(302);
    expect(privacy.headers.get('location')).toBe('https://school.example/privacy');
  });

  it("name TERMS_URL and PRIVACY_URL in the console's index, for its links", async () => {
    // What GET auth/providers answers, as JSON in an attribute (no provider configured here).
    const PROVIDERS =
      '<meta name="conversa-providers" content="{&quot;google_client_id&quot;:null,&quot;microsoft_client_id&quot;:null}" />';
    // The share tags the server adds after them (admin-static.test.ts checks them).
    const share = (app: TestServer, pathname: string) =>
      `<meta property="og:url" content="${app.config.publicUrl}${pathname}" />` +
      `<meta property="og:image" content="${app.config.publicUrl}/og-image.png" />` +
      '<meta property="og:image:width" content="1200" /><meta property="og:image:height" content="630" />';
    for (const pathname of ['/', '/index.html', '/login']) {
      const response = await elsewhere.request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control'), pathname).toBe('no-cache');
      const text = await response.text();
      expect(text, pathname).toBe(
        INDEX.replace(
          '</head>',
          PROVIDERS +
            '<meta name="conversa-terms-url" content="https://school.example/terms?lang=en&amp;v=2" />' +
            '<meta name="conversa-privacy-url" content="https://school.example/privacy" />' +
            `${share(elsewhere, pathname === '/index.html' ? '/' : pathname)}</head>`,
        ),
      );
    }
    // Without them, the index names only the sign-in providers.
    expect(await (await server.request('/login')).text()).toBe(
      INDEX.replace('</head>', `${PROVIDERS}${share(server, '/login')}</head>`),
    );
  });

  it('refuse a TERMS_URL or PRIVACY_URL that is not an http(s) URL', () => {
    for (const env of [
      { TERMS_URL: 'javascript:alert(1)' },
      { PRIVACY_URL: '/privacy.html' },
      { TERMS_URL: 'https://x.example/"><script>' },
    ]) {
      // Checked before anything is written.
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        /(TERMS|PRIVACY)_URL must be an http\(s\) URL/,
      );
    }
    expect(loadConfig({ TERMS_URL: '', JWT_SECRET: 'x'.repeat(32) }).legal).toEqual({
      termsUrl: null,
      privacyUrl: null,
    });
  });
});
