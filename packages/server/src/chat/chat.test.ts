/**
 * The public chat's answers through HTTP: extractive answers streamed as events (FAQ first,
 * sources named, the question's language, "don't know" with the handoff), stored conversations,
 * message limits and the link switched off mid-conversation. Sessions and guest-token scope are in
 * chat-sessions.test.ts.
 */
import type { Conversation } from '@conversa/contract/chat';
import type { ConversationDetail } from '@conversa/contract/conversation';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateEvents } from '../db/schema';
import { conversations, messages } from '../db/conversations-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { CHAT_MESSAGES_PER_CONVERSATION, CHAT_MESSAGES_PER_IP } from '../rate-limit/limits';
import { createTestServer, type TestServer } from '../testing';
import {
  addFile,
  ask,
  setFaqs,
  setKnowledgeBase,
  startSession,
  updateAssistant,
} from '../testing/chat.fixtures';

let server: TestServer;
let school: Tenant;
let shop: Tenant;

const HANDOFF = {
  name: 'Ana Pérez',
  email: 'admisiones@example.com',
  phone: null,
  hours: 'Mon-Fri 9-17',
  message: null,
};

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school', country: 'MX' });
  shop = await createTenant(server, { name: 'Acme Shop', kind: 'business', country: 'US' });
  await setKnowledgeBase(
    server,
    school,
    'The school bus collects students every morning at 7:30 from the town square. It brings them back at 17:00.\n\n' +
      'El comedor escolar ofrece menús especiales para alumnos con alergias. Las familias eligen el menú cada mes.',
  );
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'The tuition fee is 450 euros a month.' },
  ]);
  await addFile(server, school, 'fees-2025.pdf', [
    'Tuition fee for 2025: families pay the tuition fee in ten monthly instalments.',
    'Uniforms are sold at the school shop on Wednesdays.',
  ]);
  await updateAssistant(server, school, { handoff: HANDOFF });
});
afterAll(() => server.close());

const conversationOf = (session: { conversation_id: string; token: string }) =>
  server.call<{ data: Conversation }>(`/api/public/conversation/${session.conversation_id}`, {
    token: session.token,
  });

describe('POST /api/public/conversation/{id}/message', () => {
  it('streams an extractive answer from the knowledge base: tokens, sources, done', async () => {
    const session = await startSession(server, school);
    const answer = await ask(server, session, 'Is there a school bus in the morning?');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const names = answer.events.map((event) => event.event);
    expect(names.at(-1)).toBe('done');
    expect(names.at(-2)).toBe('sources');
    expect(names.slice(0, -2).every((name) => name === 'token')).toBe(true);
    expect(names.length).toBeGreaterThan(3);
    expect(answer.text).toMatch(
      /^Here is what I found:\n\nThe school bus collects students every morning at 7:30/,
    );
    expect(answer.events.at(-2)!.data).toEqual({
      sources: [{ kind: 'knowledge_base', title: null, file_id: null }],
    });

    const done = answer.events.at(-1)!.data as { message_id: number; user_message_id: number };
    const { body } = await conversationOf(session);
    expect(body.data.messages).toEqual([
      {
        id: done.user_message_id,
        role: 'user',
        text: 'Is there a school bus in the morning?',
        sources: [],
        handoff: null,
        created_at: expect.any(String),
      },
      {
        id: done.message_id,
        role: 'assistant',
        text: answer.text,
        sources: [{ kind: 'knowledge_base', title: null, file_id: null }],
        handoff: null,
        created_at: expect.any(String),
        // Not rated yet (review/ratings.test.ts).
        rating: null,
        rating_reason: null,
      },
    ]);
    // Each message marks the conversation's last activity.
    server.clock.advance(60_000);
    await ask(server, session, 'And in the afternoon?');
    const [row] = await server.database.db
      .select({ at: conversations.lastMessageAt, created: conversations.createdAt })
      .from(conversations)
      .where(eq(conversations.id, session.conversation_id));
    expect(row!.at.getTime() - row!.created.getTime()).toBeGreaterThanOrEqual(60_000);
  });

  it('reads a one-word follow-up with the question before it; alone it finds nothing', async () => {
    const alone = await ask(server, await startSession(server, school), 'And the afternoon?');
    expect(alone.events.map((event) => event.event)).toContain('handoff');

    const session = await startSession(server, school);
    await ask(server, session, 'Is there a school bus in the morning?');
    const followUp = await ask(server, session, 'And the afternoon?');
    expect(followUp.events.map((event) => event.event)).not.toContain('handoff');
    // The extractive answer quotes the bus passage the pair of questions found.
    expect(followUp.text).toContain('The school bus collects students');
    expect(followUp.events.find((event) => event.event === 'sources')!.data).toEqual({
      sources: [{ kind: 'knowledge_base', title: null, file_id: null }],
    });
  });

  it("answers a strong FAQ match with the FAQ's answer, over the document", async () => {
    const session = await startSession(server, school);
    const answer = await ask(server, session, 'What is the tuition fee?');
    expect(answer.text).toBe('The tuition fee is 450 euros a month.');
    expect(answer.events.find((event) => event.event === 'sources')!.data).toEqual({
      sources: [{ kind: 'faq', title: 'How much is the tuition fee?', file_id: null }],
    });
  });

  it('cites a file by its name', async () => {
    const session = await startSession(server, school);
    const answer = await ask(server, session, 'Where are uniforms sold?');
    expect(answer.text).toContain('Uniforms are sold at the school shop on Wednesdays.');
    expect(answer.events.find((event) => event.event === 'sources')!.data).toEqual({
      sources: [{ kind: 'file', title: 'fees-2025.pdf', file_id: expect.any(Number) }],
    });
  });

  it("answers in the question's language", async () => {
    const session = await startSession(server, school, { locale: 'en' });
    const spanish = await ask(server, session, '¿El comedor tiene menús para alergias?');
    expect(spanish.text).toMatch(/^Esto es lo que encontré:\n\nEl comedor escolar ofrece menús especiales/);
    const english = await ask(server, session, 'When does the bus bring students back?');
    expect(english.text).toMatch(/^Here is what I found:/);
    expect(english.text).toContain('17:00');
  });

  it("gives the conversation the language the visitor wrote in, not the browser's", async () => {
    const session = await startSession(server, school, { locale: 'en' });
    const detail = () =>
      server.call<{ data: ConversationDetail }>(`/api/conversation/${session.conversation_id}`, {
        token: school.owner.token,
        institution: school.institution.id,
      });
    await ask(server, session, '¿El comedor tiene menús para alergias?');
    expect((await detail()).body.data.locale).toBe('es');
    // A question whose language cannot be told keeps it (and is answered in it).
    const code = await ask(server, session, 'XK-200?');
    expect(code.text).toMatch(/^No encontré eso en mi información\./);
    expect((await detail()).body.data.locale).toBe('es');
    await ask(server, session, 'When does the bus bring students back?');
    expect((await detail()).body.data.locale).toBe('en');
  });

  it("answers a question whose language cannot be told in the visitor's, not the assistant's", async () => {
    // The shop's assistant speaks English; this visitor's browser, Spanish.
    const session = await startSession(server, shop, { locale: 'es' });
    const answer = await ask(server, session, 'XK-200?');
    expect(answer.text).toMatch(/^No encontré eso en mi información\./);
  });

  it("says it does not know, in the question's language, and offers the handoff", async () => {
    const session = await startSession(server, school);
    const english = await ask(server, session, 'Do you have a helicopter landing pad?');
    expect(english.events.map((event) => event.event).slice(-3)).toEqual(['sources', 'handoff', 'done']);
    expect(english.text).toBe(
      'I could not find that in my information. A person from the team can help you with it:',
    );
    expect(english.events.find((event) => event.event === 'sources')!.data).toEqual({ sources: [] });
    expect(english.events.find((event) => event.event === 'handoff')!.data).toEqual(HANDOFF);

    const spanish = await ask(server, session, '¿Tienen un helipuerto para helicópteros?');
    expect(spanish.text).toBe(
      'No encontré eso en mi información. Una persona del equipo puede ayudarte con ello:',
    );

    const { body } = await conversationOf(session);
    const assistantMessages = body.data.messages.filter((message) => message.role === 'assistant');
    expect(assistantMessages.map((message) => message.handoff)).toEqual([HANDOFF, HANDOFF]);
  });

  it('offers no handoff when the assistant has no contact', async () => {
    const session = await startSession(server, shop);
    const answer = await ask(server, session, 'Do you sell helicopters?');
    expect(answer.events.map((event) => event.event)).not.toContain('handoff');
    expect(answer.text).toBe(
      'I could not find that in my information. Try asking in other words, or about another topic.',
    );
    const { body } = await conversationOf(session);
    expect(body.data.messages.map((message) => message.handoff)).toEqual([null, null]);
  });

  it('refuses an empty or too long question before streaming, storing nothing', async () => {
    const session = await startSession(server, school);
    const long = await ask(server, session, 'a'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'text', code: 'too_long' }],
    });
    for (const text of ['', '   ', undefined, 42]) {
      const empty = await ask(server, session, text);
      expect(empty.status, String(text)).toBe(400);
      expect(empty.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'text' }] });
    }
    const blank = await ask(server, session, '  ');
    expect(blank.body).toMatchObject({ issues: [{ path: 'text', code: 'required' }] });
    const { body } = await conversationOf(session);
    expect(body.data.messages).toEqual([]);
    // 2,000 characters are fine.
    expect((await ask(server, session, `bus ${'x'.repeat(1996)}`)).status).toBe(200);
  });

  it('answers any bad body with a 4xx before streaming, storing nothing (property)', async () => {
    const session = await startSession(server, shop);
    const bad = fc.oneof(
      fc.record({ text: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string())) }),
      fc.record({
        text: fc.string({ minLength: 2001, maxLength: 2100 }).filter((t) => t.trim().length > 2000),
      }),
      fc.record({ text: fc.stringMatching(/^\s{0,5}$/) }),
      fc
        .dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
        .filter((body) => typeof body.text !== 'string'),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        const response = await server.request(`/api/public/conversation/${session.conversation_id}/message`, {
          token: session.token,
          json: body,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      }),
      { numRuns: 40 },
    );
    const stored = await server.database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.conversationId, session.conversation_id));
    expect(stored).toEqual([{ n: 0 }]);
  });

  it('is refused once the link is switched off, storing nothing', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    const session = await startSession(server, tenant);
    await updateAssistant(server, tenant, { public_link_active: false });
    const answer = await ask(server, session, 'Is there a bus?');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'link_inactive' });
    const stored = await server.database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.conversationId, session.conversation_id));
    expect(stored).toEqual([{ n: 0 }]);
  });

  it('limits questions per conversation and per IP, with Retry-After', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    const session = await startSession(server, tenant);
    const ip = '198.51.100.40';
    for (let i = 0; i < CHAT_MESSAGES_PER_CONVERSATION; i += 1) {
      expect((await ask(server, session, `question ${i}`, { ip })).status).toBe(200);
    }
    const limited = await ask(server, session, 'one more', { ip: '198.51.100.41' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });

    // The IP's budget, spent across many conversations (recorded as the route records them).
    const busy = '198.51.100.42';
    const at = server.clock.now();
    await server.database.db
      .insert(rateEvents)
      .values(Array.from({ length: CHAT_MESSAGES_PER_IP }, () => ({ key: `chat:message:ip:${busy}`, at })));
    const fresh = await startSession(server, tenant);
    expect((await ask(server, fresh, 'hello there', { ip: busy })).status).toBe(429);
    expect((await ask(server, fresh, 'hello there', { ip: '198.51.100.43' })).status).toBe(200);
  });
});
