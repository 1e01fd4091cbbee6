/**
 * Live conversations' streams (issue 33): the visitor hears a person's replies, status and typing,
 * and a reconnection with Last-Event-ID misses nothing; staff following an assistant hear its
 * conversations' events (only those who may read conversations); PostgreSQL relays them across
 * processes; streams are bounded.
 */
import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_CONVERSATION } from '../chat/live-stream';
import { createEventBus } from '../events/event-bus';
import { conversationTopic } from '../events/topics';
import { ask, setKnowledgeBase, startSession, updateAssistant } from '../testing/chat.fixtures';
import { eventually } from '../testing/files.fixtures';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { openSse, type SseMessage } from '../testing/sse';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
let baseUrl: string;
let school: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  school = await createTenant(server, { name: 'Colegio Luna', kind: 'school' });
  await setKnowledgeBase(server, school, 'El comedor abre a las 13:00.');
  await updateAssistant(server, school, { live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true } });
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof startSession>>;

const visitorStream = (session: Session, lastEventId?: string) =>
  openSse(`${baseUrl}/api/public/conversation/${session.conversation_id}/events`, {
    authorization: `Bearer ${session.token}`,
    ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
  });

const staffStream = (token: string) =>
  openSse(`${baseUrl}/api/institution-product/${school.assistant.id}/events`, {
    authorization: `Bearer ${token}`,
    'x-institution-id': String(school.institution.id),
  });

const post = (token: string, path: string, json?: unknown) =>
  server.call<{ data: Record<string, unknown> }>(`/api/conversation/${path}`, {
    method: 'POST',
    token,
    institution: school.institution.id,
    ...(json === undefined ? {} : { json }),
  });

async function waitingVisitor(): Promise<Session> {
  const session = await startSession(server, school);
  await ask(server, session, '¿A qué hora abre el comedor?');
  const asked = await server.call(`/api/public/conversation/${session.conversation_id}/handoff`, {
    method: 'POST',
    token: session.token,
  });
  expect(asked.status).toBe(200);
  return session;
}

const isReply = (text: string) => (event: SseMessage) =>
  event.event === 'message' && event.data.text === text;

describe("the visitor's stream", () => {
  it('hears the status first, the takeover, typing and replies; a reconnection gets only what it missed', async () => {
    const session = await waitingVisitor();
    const agent = await createMember(server, school.institution.id, 'admissions');
    const stream = await visitorStream(session);
    expect(stream.response.status).toBe(200);
    const first = await stream.waitFor(() => true);
    expect(first).toMatchObject({ event: 'status', data: { status: 'waiting', agent_name: null } });

    await post(agent.token, `${session.conversation_id}/takeover`, {});
    const joined = await stream.waitFor((event) => event.event === 'status' && event.data.status === 'human');
    expect(typeof joined.data.agent_name).toBe('string');
    await post(agent.token, `${session.conversation_id}/typing`);
    await stream.waitFor((event) => event.event === 'typing');
    await post(agent.token, `${session.conversation_id}/reply`, { text: 'Hola, soy Marta.' });
    const hello = await stream.waitFor(isReply('Hola, soy Marta.'));
    expect(hello.data).toMatchObject({ role: 'agent', agent_name: joined.data.agent_name });
    expect(hello.id).toBe(String(hello.data.id));
    await stream.close();

    // Two replies while the visitor was away: the reconnection gets those, not the first again.
    await post(agent.token, `${session.conversation_id}/reply`, { text: 'El comedor abre a la una.' });
    await post(agent.token, `${session.conversation_id}/reply`, { text: '¿Algo más?' });
    const again = await visitorStream(session, hello.id);
    await again.waitFor((event) => event.event === 'status');
    const replies = again.events.filter((event) => event.event === 'message').map((event) => event.data.text);
    expect(replies).toEqual(['El comedor abre a la una.', '¿Algo más?']);

    await post(agent.token, `${session.conversation_id}/release`);
    await again.waitFor((event) => event.event === 'status' && event.data.status === 'assistant');
    await again.close();
  });

  it('is bounded per conversation, and refuses another conversation’s visitor', async () => {
    const session = await waitingVisitor();
    const streams = await Promise.all(
      Array.from({ length: LIVE_STREAMS_PER_CONVERSATION }, () => visitorStream(session)),
    );
    for (const stream of streams) expect(stream.response.status).toBe(200);
    const oneTooMany = await visitorStream(session);
    expect(oneTooMany.response.status).toBe(429);
    await oneTooMany.close();
    for (const stream of streams) await stream.close();
    await eventually(() => server.events.listenerCount(conversationTopic(session.conversation_id)) === 0);

    const stranger = await startSession(server, school);
    const response = await fetch(`${baseUrl}/api/public/conversation/${session.conversation_id}/events`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(response.status).toBe(403);
    await response.body?.cancel();
  });

  it('hears what another server process publishes (PostgreSQL relays it)', async () => {
    const session = await waitingVisitor();
    const stream = await visitorStream(session);
    await stream.waitFor((event) => event.event === 'status');
    const location = server.location;
    const elsewhere = await createEventBus({
      logger: pino({ level: 'silent' }),
      postgresUrl: location.kind === 'postgres' ? location.url : null,
    });
    elsewhere.publish(conversationTopic(session.conversation_id), {
      event: 'typing',
      data: { agent_name: 'Remote' },
    });
    if (location.kind === 'postgres') {
      expect((await stream.waitFor((event) => event.event === 'typing')).data).toEqual({
        agent_name: 'Remote',
      });
    } else {
      // PGlite: one process owns the database, so there is no other process to hear from.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events.some((event) => event.event === 'typing')).toBe(false);
    }
    await elsewhere.close();
    await stream.close();
  });
});

describe("the staff's stream", () => {
  it("carries the assistant's conversation events to those who may read conversations", async () => {
    const reader = await staffStream(school.owner.token);
    const entry = await createMember(server, school.institution.id, 'lead_entry_agent');
    const blind = await staffStream(entry.token);
    expect(blind.response.status).toBe(200);
    await eventually(() => server.events.listenerCount(`live:${school.assistant.id}`) >= 2);

    const session = await waitingVisitor();
    const waiting = await reader.waitFor(
      (event) => event.event === 'conversation' && event.data.conversation_id === session.conversation_id,
    );
    expect(waiting.data).toEqual({
      institution_product_id: school.assistant.id,
      conversation_id: session.conversation_id,
      status: 'waiting',
      message_id: null,
    });

    const agent = await createMember(server, school.institution.id, 'communication');
    await post(agent.token, `${session.conversation_id}/takeover`, {});
    const asked = await ask(server, session, '¿Y el autobús?');
    const userMessageId = asked.events.at(-1)?.data.user_message_id;
    expect(typeof userMessageId).toBe('number');
    await reader.waitFor(
      (event) => event.event === 'conversation' && event.data.message_id === userMessageId,
    );
    expect(blind.events.some((event) => event.event === 'conversation')).toBe(false);
    await reader.close();
    await blind.close();
  });

  it("carries every assistant's conversation events on the institution's stream, and counts them", async () => {
    const institutionStream = await openSse(`${baseUrl}/api/institution/${school.institution.id}/events`, {
      authorization: `Bearer ${school.owner.token}`,
      'x-institution-id': String(school.institution.id),
    });
    expect(institutionStream.response.status).toBe(200);
    await eventually(() => server.events.listenerCount(`live-institution:${school.institution.id}`) >= 1);
    const counts = async () =>
      (
        await server.call<{ data: { institution_product_id: number; waiting: number; human: number }[] }>(
          `/api/institution/${school.institution.id}/live`,
          { token: school.owner.token, institution: school.institution.id },
        )
      ).body.data.find((row) => row.institution_product_id === school.assistant.id)?.waiting ?? 0;
    const waitingBefore = await counts();

    const session = await waitingVisitor();
    const event = await institutionStream.waitFor(
      (one) => one.event === 'conversation' && one.data.conversation_id === session.conversation_id,
    );
    expect(event.data).toMatchObject({ institution_product_id: school.assistant.id, status: 'waiting' });
    expect(await counts()).toBe(waitingBefore + 1);
    // A role that may not read conversations is refused both.
    const entry = await createMember(server, school.institution.id, 'lead_entry_agent');
    const refused = await server.call(`/api/institution/${school.institution.id}/live`, {
      token: entry.token,
      institution: school.institution.id,
    });
    expect(refused.status).toBe(403);
    await institutionStream.close();
  });
});
