/**
 * The public side's test world (public-assistant.test.ts, public-pages.test.ts): a server with a
 * built widget and console in a scratch folder, a school, a shop and the shop's sales-support
 * assistant; and the calls the tests share.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { createTenant, type Tenant } from './institutions.fixtures';
import { createTestServer, type TestServer } from './index';

export const EMBED = '(function(){console.log("embed")})();';
export const CHAT = 'import "./chat-Ab_9xY-1.js";';
export const CHUNK = 'export const x = 1;';
export const CONSOLE_INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
export const XSS_NAME = '</title><script>alert(1)</script>';
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

/** A `<meta>` of the page by property or name. */
export const meta = (text: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(text)?.[1];

/** The school's widget settings: its allowed origin frames its chat. */
export const SCHOOL_SETTINGS = {
  suggested_questions: ['When does the bus leave?'],
  snippet: {
    color: '#112233',
    position: 'left',
    greeting: 'Hola',
    allowed_origins: ['https://norte.example'],
  },
};

export type PublicWorld = Awaited<ReturnType<typeof openPublicWorld>>;

/** Starts the world; `close()` stops the server and removes the folder. */
export async function openPublicWorld() {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'conversa-widget-'));
  const widget = path.join(parent, 'widget');
  const admin = path.join(parent, 'admin');
  mkdirSync(widget);
  mkdirSync(admin);
  writeFileSync(path.join(parent, 'outside.txt'), 'not part of the widget');
  writeFileSync(path.join(widget, 'embed.js'), EMBED);
  writeFileSync(path.join(widget, 'chat.js'), CHAT);
  writeFileSync(path.join(widget, 'chat-Ab_9xY-1.js'), CHUNK);
  writeFileSync(path.join(admin, 'index.html'), CONSOLE_INDEX);
  const server: TestServer = await createTestServer({ env: { WIDGET_DIR: widget, ADMIN_DIR: admin } });
  const school = await createTenant(server, { name: 'Colegio Norte', kind: 'school', country: 'MX' });
  const shop = await createTenant(server, { name: 'Acme Shop', kind: 'business', country: 'US' });
  const created = await server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...asOwner(shop),
    json: { type: 'sales_support', name: 'Acme Sales' },
  });
  return {
    parent,
    server,
    school,
    shop,
    salesSupport: created.body.data,
    /** `PUT institution-product/{id}` as the tenant's owner; fails the test unless it is saved. */
    async update(tenant: Tenant, json: Record<string, unknown>) {
      const { status, body } = await server.call(`/api/institution-product/${tenant.assistant.id}`, {
        method: 'PUT',
        ...asOwner(tenant),
        json,
      });
      if (status !== 200) throw new Error(`update answered ${status}: ${JSON.stringify(body)}`);
    },
    /** The page's HTML and its parsed `#conversa-config`. */
    async page(pathname: string, locale?: string) {
      const response = await server.request(pathname, locale ? { locale } : {});
      const text = await response.text();
      const json = /<script id="conversa-config" type="application\/json">(.*?)<\/script>/s.exec(text)?.[1];
      return { response, text, config: json ? (JSON.parse(json) as Record<string, unknown>) : null };
    },
    async close() {
      await server.close();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
