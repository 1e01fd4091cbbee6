/**
 * A visitor waiting for a person (issue 33): after `notify_after_minutes` the confirmed handoff
 * e-mail is told once, with the question and a link; after `wait_minutes` the conversation goes back
 * to the assistant and the visitor is told. Driven by the test clock; a takeover stops both.
 */
import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import type { ConversationDetail } from '@conversa/contract/conversation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, setKnowledgeBase, startSession, updateAssistant } from '../testing/chat.fixtures';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { openSse } from '../testing/sse';
import { confirmHandoffEmail, createTestServer, type TestServer } from '../testing';

const HANDOFF_EMAIL = 'personas@colegio-estrella.example';
const MINUTE = 60_000;

let server: TestServer;
let baseUrl: string;
let school: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  school = await createTenant(server, { name: 'Colegio Estrella', kind: 'school', country: 'ES' });
  await setKnowledgeBase(server, school, 'Las clases empiezan el 8 de septiembre.');
  await updateAssistant(server, school, {
    handoff: { name: 'Secretaría', email: HANDOFF_EMAIL, phone: null, hours: null, message: null },
    live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true, wait_minutes: 6, notify_after_minutes: 2 },
  });
  await confirmHandoffEmail(server, HANDOFF_EMAIL);
});
afterAll(() => server.close());

async function waitingVisitor(question: string) {
  const session = await startSession(server, school);
  await ask(server, session, question);
  const asked = await server.call(`/api/public/conversation/${session.conversation_id}/handoff`, {
    method: 'POST',
    token: session.token,
  });
  expect(asked.status).toBe(200);
  return session;
}

const statusOf = async (conversationId: string) =>
  (
    await server.call<{ data: ConversationDetail }>(`/api/conversation/${conversationId}`, {
      token: school.owner.token,
      institution: school.institution.id,
    })
  ).body.data;

const waitingMails = async () =>
  (await server.mails()).filter((mail) => mail.subject === 'Un visitante espera a una persona');

describe('waiting for a person', () => {
  it('mails the handoff contact once after the set minutes, then hands back to the assistant', async () => {
    const session = await waitingVisitor('¿Cuándo empiezan las clases?');
    const stream = await openSse(`${baseUrl}/api/public/conversation/${session.conversation_id}/events`, {
      authorization: `Bearer ${session.token}`,
    });
    await stream.waitFor((event) => event.event === 'status');

    // Before the minute comes: nothing.
    server.clock.advance(1 * MINUTE);
    await server.jobs.idle();
    expect(await waitingMails()).toHaveLength(0);

    server.clock.advance(1 * MINUTE + 1_000);
    await server.jobs.idle();
    const mails = await waitingMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to?.[0]?.address).toBe(HANDOFF_EMAIL);
    expect(mails[0]!.text).toContain('¿Cuándo empiezan las clases?');
    expect(mails[0]!.text).toContain(
      `/pre-sales/dashboard/${school.assistant.id}/conversation/${session.conversation_id}`,
    );
    expect((await statusOf(session.conversation_id)).status).toBe('waiting');

    server.clock.advance(4 * MINUTE);
    await server.jobs.idle();
    const detail = await statusOf(session.conversation_id);
    expect(detail.status).toBe('assistant');
    // Nothing the visitor wrote is lost.
    expect(detail.messages.map((message) => message.text)).toContain('¿Cuándo empiezan las clases?');
    const told = await stream.waitFor(
      (event) => event.event === 'status' && event.data.status === 'assistant',
    );
    expect(told.data).toEqual({ status: 'assistant', agent_name: null, reason: 'no_one_answered' });
    expect(await waitingMails()).toHaveLength(1);
    await stream.close();

    // The assistant answers again.
    const answered = await ask(server, session, '¿Cuándo empiezan las clases?');
    expect(answered.text).toContain('8 de septiembre');
  });

  it('stops both when someone takes the conversation in time', async () => {
    const before = (await waitingMails()).length;
    const session = await waitingVisitor('¿Hay ruta de autobús?');
    const agent = await createMember(server, school.institution.id, 'admissions');
    const taken = await server.call(`/api/conversation/${session.conversation_id}/takeover`, {
      method: 'POST',
      token: agent.token,
      institution: school.institution.id,
      json: {},
    });
    expect(taken.status).toBe(200);
    server.clock.advance(10 * MINUTE);
    await server.jobs.idle();
    expect(await waitingMails()).toHaveLength(before);
    expect((await statusOf(session.conversation_id)).status).toBe('human');
  });
});
