/**
 * The public chat's doors through HTTP: the public assistant of an institution's page, starting a
 * session (a guest token for one conversation), the inactive link, and what a guest token may reach.
 * The answers themselves are in chat.test.ts.
 */
import type { Conversation, PublicAssistant } from '@conversa/contract/chat';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGuestToken } from '../auth/tokens';
import { conversations } from '../db/conversations-schema';
import { createTenant, postInstitution, type Tenant } from '../testing/institutions.fixtures';
import { CHAT_SESSIONS_PER_IP_PER_HOUR } from '../rate-limit/limits';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';
import { kindOf, setFaqs, startSession, updateAssistant } from '../testing/chat.fixtures';

let server: TestServer;
let school: Tenant;
let shop: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school', country: 'MX' });
  shop = await createTenant(server, { name: 'Acme Shop', kind: 'business', country: 'US' });
});
afterAll(() => server.close());

const conversationOf = (session: { conversation_id: string; token: string }) =>
  server.call<{ data: Conversation }>(`/api/public/conversation/${session.conversation_id}`, {
    token: session.token,
  });

describe('GET /api/public/{kind}/{id}', () => {
  it('offers the first FAQs as questions to ask while the assistant has no suggested questions of its own', async () => {
    const tenant = await createTenant(server, { name: 'Colegio Ejemplo', kind: 'school' });
    const long = `¿${'Muy '.repeat(60)}larga?`;
    await setFaqs(server, tenant, [
      { question: '¿Cuándo es la jornada de puertas abiertas?', answer: 'El 14 de marzo.' },
      { question: long, answer: 'Sí.' },
      { question: '¿Hay autobús?', answer: 'Sí, desde el centro.' },
      { question: '¿Y comedor?', answer: 'También.' },
    ]);
    const read = async () =>
      (await server.call<{ data: PublicAssistant }>(`/api/public/admissions/${tenant.institution.id}`)).body
        .data;
    const offered = await read();
    expect(offered.institution_name).toBe('Colegio Ejemplo');
    expect(offered.suggested_questions).toHaveLength(3);
    expect(offered.suggested_questions[0]).toBe('¿Cuándo es la jornada de puertas abiertas?');
    expect(offered.suggested_questions[1]).toHaveLength(200);
    expect(offered.suggested_questions[1]!.endsWith('…')).toBe(true);
    expect(offered.suggested_questions[2]).toBe('¿Hay autobús?');

    // Its own suggested questions, once set, are what it offers.
    const { status } = await server.call(`/api/institution-product/${tenant.assistant.id}`, {
      method: 'PUT',
      token: tenant.owner.token,
      institution: tenant.institution.id,
      json: { suggested_questions: ['¿Qué cuesta?'] },
    });
    expect(status).toBe(200);
    expect((await read()).suggested_questions).toEqual(['¿Qué cuesta?']);
  });

  it("answers an institution's assistant with its language, cacheable", async () => {
    const response = await server.call<{ data: PublicAssistant }>(
      `/api/public/admissions/${school.institution.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      name: school.assistant.product.name,
      institution_name: school.institution.name,
      logo: null,
      suggested_questions: [],
      active: true,
      locale: 'es',
      live_chat: false,
    });
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d+/);

    const retail = await server.call<{ data: PublicAssistant }>(`/api/public/retail/${shop.institution.id}`);
    expect(retail.status).toBe(200);
    expect(retail.body.data.locale).toBe('en');
  });

  it("takes the owner's locale when the institution has no country", async () => {
    const owner = await createSignedInUser(server, { locale: 'es' });
    const institution = await postInstitution(server, owner.token, { kind: 'school', country: null });
    const { body } = await server.call<{ data: PublicAssistant }>(`/api/public/admissions/${institution.id}`);
    expect(body.data.locale).toBe('es');
  });

  it('is 404 for an unknown institution, the wrong kind or a bad id', async () => {
    for (const path of [
      `/api/public/admissions/999999`,
      `/api/public/retail/${school.institution.id}`,
      `/api/public/admissions/${shop.institution.id}`,
      `/api/public/admissions/abc`,
      `/api/public/sales/${school.institution.id}`,
    ]) {
      const { status, body } = await server.call(path);
      expect(status, path).toBe(404);
      expect(body).toMatchObject({ code: 'not_found' });
    }
  });

  it('serves the oldest assistant of the kind whose link is on, so switching one off publishes the next', async () => {
    const tenant = await createTenant(server, { name: 'Colegio Doble', kind: 'school', country: 'ES' });
    const second = await server.call<{ data: { id: number } }>('/api/institution-product', {
      token: tenant.owner.token,
      institution: tenant.institution.id,
      json: { type: 'admission', name: 'Admisiones 2027' },
    });
    expect(second.status).toBe(201);
    const publicName = async () =>
      (await server.call<{ data: PublicAssistant }>(`/api/public/admissions/${tenant.institution.id}`)).body
        .data;

    expect(await publicName()).toMatchObject({ name: tenant.assistant.product.name, active: true });
    await updateAssistant(server, tenant, { public_link_active: false });
    expect(await publicName()).toMatchObject({ name: 'Admisiones 2027', active: true });
    await server.call(`/api/institution-product/${second.body.data.id}`, {
      method: 'PUT',
      token: tenant.owner.token,
      institution: tenant.institution.id,
      json: { public_link_active: false },
    });
    // Every link off: the answer says only that it is inactive.
    expect(await publicName()).toMatchObject({ name: null, active: false });
  });
});

describe('POST /api/public/{kind}/{id}/session', () => {
  it('starts a conversation in the browser language and hands out a guest token', async () => {
    const session = await startSession(server, school, { locale: 'es-MX,es;q=0.9' });
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const [row] = await server.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, session.conversation_id));
    expect(row).toMatchObject({
      institutionId: school.institution.id,
      assistantId: school.assistant.id,
      locale: 'es',
      channel: 'web',
    });
    const { status, body } = await conversationOf(session);
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: session.conversation_id, messages: [], status: 'assistant' });
  });

  it('is refused with the inactive-link text when the link is off', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    await updateAssistant(server, tenant, { public_link_active: false });
    const before = await server.database.db.select({ n: count() }).from(conversations);
    const { status, body } = await server.call(
      `/api/public/${kindOf(tenant)}/${tenant.institution.id}/session`,
      {
        method: 'POST',
      },
    );
    expect(status).toBe(403);
    expect(body).toEqual({
      code: 'link_inactive',
      message: 'Nothing here yet. The chat link is inactive - please contact your institution',
    });
    const after = await server.database.db.select({ n: count() }).from(conversations);
    expect(after).toEqual(before);
    const page = await server.call<{ data: PublicAssistant }>(
      `/api/public/admissions/${tenant.institution.id}`,
    );
    expect(page.body.data.active).toBe(false);
  });

  it('limits the sessions one IP may start', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < CHAT_SESSIONS_PER_IP_PER_HOUR; i += 1) await startSession(server, shop, { ip });
    const { status, headers, body } = await server.call(`/api/public/retail/${shop.institution.id}/session`, {
      method: 'POST',
      ip,
    });
    expect(status).toBe(429);
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body).toMatchObject({ code: 'rate_limited' });
    await startSession(server, shop, { ip: '198.51.100.21' });
  });

  it('holds when the requests come all at once (checked and counted atomically)', async () => {
    const ip = '198.51.100.22';
    const statuses = await Promise.all(
      Array.from({ length: CHAT_SESSIONS_PER_IP_PER_HOUR + 10 }, () =>
        server
          .call(`/api/public/retail/${shop.institution.id}/session`, { method: 'POST', ip })
          .then(({ status }) => status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(CHAT_SESSIONS_PER_IP_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('guest tokens', () => {
  it("reach only their own conversation: another conversation's, another assistant's and staff tokens are refused", async () => {
    const mine = await startSession(server, school);
    const theirs = await startSession(server, shop);
    const paths = (id: string) => [
      { method: 'GET', path: `/api/public/conversation/${id}` },
      { method: 'POST', path: `/api/public/conversation/${id}/message` },
    ];
    for (const { method, path } of paths(mine.conversation_id)) {
      const json = method === 'POST' ? { text: 'bus' } : undefined;
      const other = await server.call(path, { method, json, token: theirs.token });
      expect(other.status, path).toBe(403);
      const staff = await server.call(path, { method, json, token: school.owner.token });
      expect(staff.status, path).toBe(403);
      const none = await server.call(path, { method, json });
      expect(none.status, path).toBe(401);
      const garbage = await server.call(path, { method, json, token: 'a.b.c' });
      expect(garbage.status, path).toBe(401);
    }

    // A token for this conversation id but signed for another assistant finds nothing.
    const crossed = await signGuestToken(server.config.keys.tokenKey, {
      assistantId: shop.assistant.id,
      conversationId: mine.conversation_id,
      now: server.clock.now(),
    });
    for (const { method, path } of paths(mine.conversation_id)) {
      const json = method === 'POST' ? { text: 'bus' } : undefined;
      const { status, body } = await server.call<Record<string, unknown>>(path, {
        method,
        json,
        token: crossed,
      });
      expect(status, path).toBe(404);
      expect(body.data).toBeUndefined();
    }
  });

  it('are refused on staff routes', async () => {
    const session = await startSession(server, school);
    const { status, body } = await server.call(`/api/institution/${school.institution.id}/product`, {
      token: session.token,
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'guest_forbidden' });
  });
});
