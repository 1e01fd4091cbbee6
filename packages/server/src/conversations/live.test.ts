/**
 * A person steps into a conversation (issue 33; docs/product.md#live-conversations): the visitor
 * asks for one, a staff member takes it over (one of many at once wins), replies, and hands it back;
 * while a person holds it the assistant answers nothing.
 */
import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import type { ChatMessage, Conversation } from '@conversa/contract/chat';
import type {
  ConversationDetail,
  ConversationListItem,
  ConversationState,
  PersonRequest,
} from '@conversa/contract/conversation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, setKnowledgeBase, startSession, updateAssistant } from '../testing/chat.fixtures';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { LIVE_ACTIONS_PER_MEMBER } from '../rate-limit/limits';

let server: TestServer;
let school: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Sol', kind: 'school', country: 'ES' });
  await setKnowledgeBase(server, school, 'La jornada de puertas abiertas es el 14 de marzo a las 10:00.');
  await updateAssistant(server, school, { live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true } });
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof startSession>>;
type Staff = { token: string };

const inSchool = (staff: Staff) => ({ token: staff.token, institution: school.institution.id });

const askForPerson = (session: Session) =>
  server.call<{ data: PersonRequest }>(`/api/public/conversation/${session.conversation_id}/handoff`, {
    method: 'POST',
    token: session.token,
  });

const takeOver = (staff: Staff, session: Session, json: unknown = {}) =>
  server.call<{ data?: ConversationState; code?: string; message?: string }>(
    `/api/conversation/${session.conversation_id}/takeover`,
    { method: 'POST', ...inSchool(staff), json },
  );

const reply = (staff: Staff, session: Session, text: string) =>
  server.call<{ data?: ChatMessage; code?: string }>(`/api/conversation/${session.conversation_id}/reply`, {
    method: 'POST',
    ...inSchool(staff),
    json: { text },
  });

const release = (staff: Staff, session: Session) =>
  server.call<{ data?: ConversationState; code?: string }>(
    `/api/conversation/${session.conversation_id}/release`,
    { method: 'POST', ...inSchool(staff) },
  );

const detail = async (session: Session) =>
  (
    await server.call<{ data: ConversationDetail }>(`/api/conversation/${session.conversation_id}`, {
      token: school.owner.token,
      institution: school.institution.id,
    })
  ).body.data;

const waitingList = async () =>
  (
    await server.call<{ data: ConversationListItem[] }>(
      `/api/institution-product/${school.assistant.id}/conversation?status=waiting`,
      inSchool(school.owner),
    )
  ).body.data;

async function visitorWaiting(): Promise<Session> {
  const session = await startSession(server, school);
  await ask(server, session, '¿Cuándo es la jornada de puertas abiertas?');
  const { status, body } = await askForPerson(session);
  expect(status).toBe(200);
  expect(body.data).toEqual({ status: 'waiting', live: true });
  return session;
}

describe('asking for a person', () => {
  it('waits for staff while live chat is on, and shows in the "needs a person" filter', async () => {
    const session = await visitorWaiting();
    // Asking again changes nothing.
    expect((await askForPerson(session)).body.data).toEqual({ status: 'waiting', live: true });
    const waiting = await waitingList();
    expect(waiting.map((row) => row.id)).toContain(session.conversation_id);
    expect(waiting.find((row) => row.id === session.conversation_id)).toMatchObject({
      status: 'waiting',
      agent: null,
    });
  });

  it('answers not live (the contact form) when live chat is off or out of hours, and nothing changes', async () => {
    const other = await createTenant(server, { kind: 'school' });
    const session = await startSession(server, other);
    expect((await askForPerson(session)).body.data).toEqual({ status: 'assistant', live: false });
    // Open only on a day that is not today, in the school's zone.
    const today = new Date(server.clock.now()).getUTCDay();
    await updateAssistant(server, other, {
      live_chat: {
        ...DEFAULT_LIVE_CHAT,
        enabled: true,
        time_zone: 'UTC',
        hours: [{ day: (today + 3) % 7, from: '00:00', to: '23:59' }],
      },
    });
    expect((await askForPerson(session)).body.data).toEqual({ status: 'assistant', live: false });
    const detailOf = await server.call<{ data: ConversationDetail }>(
      `/api/conversation/${session.conversation_id}`,
      { token: other.owner.token, institution: other.institution.id },
    );
    expect(detailOf.body.data.status).toBe('assistant');
  });

  it('refuses office hours that are not hours (400), keeping the settings', async () => {
    const { status, body } = await server.call<{ issues?: { path: string; code: string }[] }>(
      `/api/institution-product/${school.assistant.id}`,
      {
        method: 'PUT',
        ...inSchool(school.owner),
        json: {
          live_chat: {
            ...DEFAULT_LIVE_CHAT,
            enabled: false,
            time_zone: 'Mars/Olympus',
            hours: [{ day: 1, from: '18:00', to: '09:00' }],
          },
        },
      },
    );
    expect(status).toBe(400);
    expect(body.issues?.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['live_chat.time_zone', 'live_chat.hours.0']),
    );
    const assistant = await server.call<{ data: { live_chat: { enabled: boolean } } }>(
      `/api/institution-product/${school.assistant.id}`,
      inSchool(school.owner),
    );
    expect(assistant.body.data.live_chat.enabled).toBe(true);
  });
});

describe('taking a conversation over', () => {
  it('lets exactly one of many staff at once win; the others get 409 naming the holder', async () => {
    const session = await visitorWaiting();
    const staff = await Promise.all(
      Array.from({ length: 5 }, () => createMember(server, school.institution.id, 'admissions_agent')),
    );
    const answers = await Promise.all(staff.map((member) => takeOver(member, session)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    const winner = staff[answers.indexOf(won[0]!)]!;
    expect(won[0]!.body.data).toEqual({
      status: 'human',
      agent: { id: winner.id, full_name: expect.any(String) as string },
    });
    const holderName = won[0]!.body.data!.agent!.full_name;
    for (const lost of answers.filter((answer) => answer.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(lost.body.code).toBe('conversation_taken');
      expect(lost.body.message).toContain(holderName);
    }
    expect(await detail(session)).toMatchObject({ status: 'human', agent: { id: winner.id } });
    // Taking it again is the holder's no-op.
    expect((await takeOver(winner, session)).status).toBe(200);
  });

  it('lets a manager force it from a colleague, and no one else', async () => {
    const session = await visitorWaiting();
    const first = await createMember(server, school.institution.id, 'admissions');
    const second = await createMember(server, school.institution.id, 'admissions');
    const manager = await createMember(server, school.institution.id, 'admin-staff');
    expect((await takeOver(first, session)).status).toBe(200);
    expect((await takeOver(second, session, { force: true })).status).toBe(403);
    const forced = await takeOver(manager, session, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.data?.agent?.id).toBe(manager.id);
  });

  it('refuses roles without conversation.reply', async () => {
    const session = await visitorWaiting();
    const entry = await createMember(server, school.institution.id, 'lead_entry_agent');
    expect((await takeOver(entry, session)).status).toBe(403);
    expect((await detail(session)).status).toBe('waiting');
  });
});

describe('a person answering', () => {
  it('replies as themself; the assistant is silent while they hold it and answers again after', async () => {
    const session = await visitorWaiting();
    const agent = await createMember(server, school.institution.id, 'communication');
    const colleague = await createMember(server, school.institution.id, 'admissions');
    expect((await reply(agent, session, 'Hola')).body.code).toBe('conversation_not_held');
    expect((await takeOver(agent, session)).status).toBe(200);

    const sent = await reply(agent, session, 'Hola, soy Ana. ¿En qué curso estáis pensando?');
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      role: 'agent',
      text: 'Hola, soy Ana. ¿En qué curso estáis pensando?',
    });
    expect(typeof sent.body.data?.agent_name).toBe('string');
    // Only the holder replies.
    const refused = await reply(colleague, session, 'Yo también');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conversation_not_held');

    // The visitor's message is stored for the person; the assistant says nothing.
    const held = await ask(server, session, 'Para 3º de la ESO');
    expect(held.status).toBe(200);
    expect(held.events.map((event) => event.event)).toEqual(['done']);
    expect(held.events[0]!.data).toMatchObject({ status: 'human' });
    expect(held.events[0]!.data.message_id).toBeUndefined();

    const visitorSees = await server.call<{ data: Conversation }>(
      `/api/public/conversation/${session.conversation_id}`,
      { token: session.token },
    );
    expect(visitorSees.body.data.messages.slice(-2).map((message) => [message.role, message.text])).toEqual([
      ['agent', 'Hola, soy Ana. ¿En qué curso estáis pensando?'],
      ['user', 'Para 3º de la ESO'],
    ]);

    // Typing reaches the visitor at most once in a few seconds.
    const typing = () =>
      server.call<{ data: { sent: boolean } }>(`/api/conversation/${session.conversation_id}/typing`, {
        method: 'POST',
        ...inSchool(agent),
      });
    expect((await typing()).body.data.sent).toBe(true);
    expect((await typing()).body.data.sent).toBe(false);

    // A colleague cannot hand it back; the holder can.
    expect((await release(colleague, session)).status).toBe(409);
    const back = await release(agent, session);
    expect(back.body.data).toEqual({ status: 'assistant', agent: null });
    const answered = await ask(server, session, '¿Cuándo es la jornada de puertas abiertas?');
    expect(answered.text).toContain('14 de marzo');
    expect(typeof answered.events.at(-1)?.data.message_id).toBe('number');
    expect((await detail(session)).messages.at(-1)?.role).toBe('assistant');
  });

  it('limits a member’s takeovers, replies and hand-backs (429, translated, nothing sent); colleagues go on', async () => {
    const session = await visitorWaiting();
    const busy = await createMember(server, school.institution.id, 'communication');
    expect((await takeOver(busy, session)).status).toBe(200);
    for (let sent = 2; sent <= LIVE_ACTIONS_PER_MEMBER; sent++)
      expect((await reply(busy, session, `Mensaje ${sent}`)).status, `reply ${sent}`).toBe(201);
    const before = (await detail(session)).messages.length;

    const refused = await server.call<{ code?: string; message?: string }>(
      `/api/conversation/${session.conversation_id}/reply`,
      { method: 'POST', ...inSchool(busy), json: { text: 'Uno más' }, locale: 'es' },
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Demasiados intentos/),
    });
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await release(busy, session)).status).toBe(429);
    expect((await detail(session)).messages.length).toBe(before);
    expect((await detail(session)).status).toBe('human');

    // A colleague's actions count on their own.
    const colleague = await createMember(server, school.institution.id, 'admissions');
    expect((await takeOver(colleague, await visitorWaiting())).status).toBe(200);
  });

  it('is another tenant’s 404', async () => {
    const session = await visitorWaiting();
    const other = await createTenant(server, { kind: 'school' });
    const { status } = await server.call(`/api/conversation/${session.conversation_id}/takeover`, {
      method: 'POST',
      token: other.owner.token,
      institution: other.institution.id,
      json: {},
    });
    expect(status).toBe(404);
  });
});
