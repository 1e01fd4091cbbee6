/**
 * The widget's server side through HTTP, its API: the assistant and the session by external id
 * (CORS, allowed origins, inactive links, sales-support assistants without a public chat). The
 * pages, the frame and the widget's files are public-pages.test.ts.
 */
import type { ChatSession, Conversation, WidgetAssistant } from '@conversa/contract/chat';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { eq } from 'drizzle-orm';
import { signGuestToken } from '../auth/tokens';
import { visitorConversationsRepo } from '../chat/visitor-conversations.repo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../db/conversations-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { type TestServer } from '../testing';
import {
  openPublicWorld,
  type PublicWorld,
  SCHOOL_SETTINGS,
  UNKNOWN_UUID,
} from '../testing/public-pages.fixtures';

let world: PublicWorld;
let server: TestServer;
let school: Tenant;
let shop: Tenant;
let salesSupport: AssistantListItem;

beforeAll(async () => {
  world = await openPublicWorld();
  ({ server, school, shop, salesSupport } = world);
});
afterAll(() => world.close());

const update = (tenant: Tenant, json: Record<string, unknown>) => world.update(tenant, json);
const page = (pathname: string, locale?: string) => world.page(pathname, locale);

describe('GET /api/public/assistant/{external_id}', () => {
  it("answers the widget's view of the assistant, cacheable", async () => {
    await update(school, SCHOOL_SETTINGS);
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
