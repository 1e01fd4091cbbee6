/**
 * The widget's server side through HTTP: the assistant and session by external id, the chat frame
 * and public pages (title and share meta, escaping, config, language, CSP framing, the checked
 * parent origin), the widget's files with their caching, and the console's SPA fallback left alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatSession, Conversation, WidgetAssistant } from '@conversa/contract/chat';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { eq } from 'drizzle-orm';
import { signGuestToken } from '../auth/tokens';
import { visitorConversationsRepo } from '../chat/visitor-conversations.repo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../db/schema';
import { conversations, messages } from '../db/conversations-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { scriptJson } from './page';

const EMBED = '(function(){console.log("embed")})();';
const CHAT = 'import "./chat-Ab_9xY-1.js";';
const CHUNK = 'export const x = 1;';
const CONSOLE_INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const XSS_NAME = '</title><script>alert(1)</script>';
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

let parent: string;
let server: TestServer;
let school: Tenant;
let shop: Tenant;
let salesSupport: AssistantListItem;

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

/** `PUT institution-product/{id}` as the tenant's owner; fails the test unless it is saved. */
async function update(tenant: Tenant, json: Record<string, unknown>) {
  const { status, body } = await server.call(`/api/institution-product/${tenant.assistant.id}`, {
    method: 'PUT',
    ...asOwner(tenant),
    json,
  });
  if (status !== 200) throw new Error(`update answered ${status}: ${JSON.stringify(body)}`);
}

/** The page's HTML and its parsed `#conversa-config`. */
async function page(pathname: string, locale?: string) {
  const response = await server.request(pathname, locale ? { locale } : {});
  const text = await response.text();
  const json = /<script id="conversa-config" type="application\/json">(.*?)<\/script>/s.exec(text)?.[1];
  return { response, text, config: json ? (JSON.parse(json) as Record<string, unknown>) : null };
}

const meta = (text: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(text)?.[1];

beforeAll(async () => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'conversa-widget-'));
  const widget = path.join(parent, 'widget');
  const admin = path.join(parent, 'admin');
  mkdirSync(widget);
  mkdirSync(admin);
  writeFileSync(path.join(parent, 'outside.txt'), 'not part of the widget');
  writeFileSync(path.join(widget, 'embed.js'), EMBED);
  writeFileSync(path.join(widget, 'chat.js'), CHAT);
  writeFileSync(path.join(widget, 'chat-Ab_9xY-1.js'), CHUNK);
  writeFileSync(path.join(admin, 'index.html'), CONSOLE_INDEX);
  server = await createTestServer({ env: { WIDGET_DIR: widget, ADMIN_DIR: admin } });
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school', country: 'MX' });
  shop = await createTenant(server, { name: 'Acme Shop', kind: 'business', country: 'US' });
  const created = await server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...asOwner(shop),
    json: { type: 'sales_support', name: 'Acme Sales' },
  });
  salesSupport = created.body.data;
});
afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('GET /api/public/assistant/{external_id}', () => {
  it("answers the widget's view of the assistant, cacheable", async () => {
    await update(school, {
      suggested_questions: ['When does the bus leave?'],
      snippet: {
        color: '#112233',
        position: 'left',
        greeting: 'Hola',
        allowed_origins: ['https://norte.example'],
      },
    });
    const { status, headers, body } = await server.call<{ data: WidgetAssistant }>(
      `/api/public/assistant/${school.assistant.external_id}`,
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({
      name: school.assistant.product.name,
      institution_name: school.institution.name,
      logo: null,
      suggested_questions: ['When does the bus leave?'],
      active: true,
      locale: 'es',
      live_chat: false,
      kind: 'admissions',
      institution_id: school.institution.id,
      // The allowed origins are the server's business, not the widget's.
      snippet: { color: '#112233', position: 'left', greeting: 'Hola' },
    });
    expect(headers.get('cache-control')).toMatch(/public, max-age=\d+/);
  });

  it('may be read by embed.js from any site (CORS, no credentials)', async () => {
    const response = await server.request(`/api/public/assistant/${school.assistant.external_id}`, {
      headers: { Origin: 'https://somewhere.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('names the public page kind of a retail assistant', async () => {
    const retail = await server.call<{ data: WidgetAssistant }>(
      `/api/public/assistant/${shop.assistant.external_id}`,
    );
    expect(retail.body.data).toMatchObject({
      kind: 'retail',
      institution_id: shop.institution.id,
      locale: 'en',
    });
  });

  it('answers 404 for a sales-support assistant: it has no public chat (its assistant, session, frame, messages)', async () => {
    const id = salesSupport.external_id;
    const view = await server.call(`/api/public/assistant/${id}`);
    expect(view.status).toBe(404);
    const session = await server.call(`/api/public/assistant/${id}/session`, {
      method: 'POST',
      ip: '198.51.100.30',
    });
    expect(session.status).toBe(404);
    expect(session.body).toMatchObject({ code: 'not_found' });
    expect((await page(`/chat/${id}`)).response.status).toBe(404);
    // A conversation started before (a guest token of its own) cannot go on either.
    const now = server.clock.now();
    const conversationId = await visitorConversationsRepo(server.database.db).create({
      institutionId: shop.institution.id,
      assistantId: salesSupport.id,
      locale: 'en',
      now,
    });
    const token = await signGuestToken(server.config.keys.tokenKey, {
      assistantId: salesSupport.id,
      conversationId,
      now,
    });
    const read = await server.call(`/api/public/conversation/${conversationId}`, { token });
    expect(read.status).toBe(404);
    const asked = await server.call(`/api/public/conversation/${conversationId}/message`, {
      token,
      json: { text: 'Hello?' },
    });
    expect(asked.status).toBe(404);
    const contact = await server.call(`/api/public/conversation/${conversationId}/contact`, {
      token,
      json: { name: 'Ana', email: 'ana@example.com', phone: null, message: null, consent: true },
    });
    expect(contact.status).toBe(404);
    const kept = await server.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(kept).toEqual([]);
  });

  it('answers 404 for an unknown or malformed external id', async () => {
    for (const id of [UNKNOWN_UUID, 'not-a-uuid', '1', "x' or 1=1 --"]) {
      const { status, body } = await server.call(`/api/public/assistant/${encodeURIComponent(id)}`);
      expect(status, id).toBe(404);
      expect(body, id).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('POST /api/public/assistant/{external_id}/session', () => {
  it('starts a conversation whose guest token reads it', async () => {
    const { status, body } = await server.call<{ data: ChatSession }>(
      `/api/public/assistant/${shop.assistant.external_id}/session`,
      { method: 'POST', ip: '198.51.100.10' },
    );
    expect(status).toBe(201);
    const conversation = await server.call<{ data: Conversation }>(
      `/api/public/conversation/${body.data.conversation_id}`,
      { token: body.data.token },
    );
    expect(conversation.status).toBe(200);
    expect(conversation.body.data).toEqual({
      id: body.data.conversation_id,
      messages: [],
      status: 'assistant',
    });
  });

  it("is refused from a site that is not among the snippet's allowed origins, as the frame's CSP is", async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    await update(tenant, {
      snippet: {
        color: '#112233',
        position: 'right',
        greeting: 'Hi',
        allowed_origins: ['https://norte.example'],
      },
    });
    const start = (origin: string | null, ip: string) =>
      server.call(`/api/public/assistant/${tenant.assistant.external_id}/session`, {
        method: 'POST',
        ip,
        headers: origin === null ? {} : { Origin: origin },
      });
    for (const [index, origin] of [
      'https://evil.example',
      'null',
      'https://norte.example.evil.test',
    ].entries()) {
      const refused = await start(origin, `198.51.100.4${index}`);
      expect(refused.status, origin).toBe(403);
      expect(refused.body, origin).toMatchObject({
        code: 'origin_not_allowed',
        message: 'This website may not show this chat.',
      });
    }
    const inSpanish = await server.call(`/api/public/assistant/${tenant.assistant.external_id}/session`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      locale: 'es',
    });
    expect(inSpanish.body).toMatchObject({ message: 'Este sitio web no puede mostrar este chat.' });
    // The chat frame and the public pages are the server's own; the listed site may start one too.
    expect((await start('http://conversa.test', '198.51.100.50')).status).toBe(201);
    expect((await start('https://norte.example', '198.51.100.51')).status).toBe(201);
    const publicPage = await server.call(`/api/public/admissions/${tenant.institution.id}/session`, {
      method: 'POST',
      ip: '198.51.100.52',
      headers: { Origin: 'http://conversa.test' },
    });
    expect(publicPage.status).toBe(201);
    // The public page's session is the same assistant's: no way round the list there either.
    const aside = await server.call(`/api/public/admissions/${tenant.institution.id}/session`, {
      method: 'POST',
      ip: '198.51.100.53',
      headers: { Origin: 'https://evil.example' },
    });
    expect(aside.status).toBe(403);
    const started = await server.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.assistantId, tenant.assistant.id));
    expect(started).toHaveLength(3);
  });

  it('may be started from any site when the snippet lists none', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    const { status } = await server.call(`/api/public/assistant/${tenant.assistant.external_id}/session`, {
      method: 'POST',
      ip: '198.51.100.60',
      headers: { Origin: 'https://anywhere.example' },
    });
    expect(status).toBe(201);
  });

  it('refuses an inactive link and an unknown id', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    await update(tenant, { public_link_active: false });
    const inactive = await server.call(`/api/public/assistant/${tenant.assistant.external_id}/session`, {
      method: 'POST',
      ip: '198.51.100.11',
    });
    expect(inactive.status).toBe(403);
    expect(inactive.body).toMatchObject({ code: 'link_inactive' });
    const unknown = await server.call(`/api/public/assistant/${UNKNOWN_UUID}/session`, { method: 'POST' });
    expect(unknown.status).toBe(404);
  });
});

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
    // The school's allowed origins were set above: https://norte.example.
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
