/**
 * The trainer's "try it" through HTTP: the answer a visitor would get, with the passages found and
 * why each was given to the answer or not; follow-ups in the same preview conversation; and preview
 * conversations kept out of the list and the dashboard. Access rules are in guards/guards.test.ts.
 */
import type { ConversationListItem, Dashboard, PreviewAnswer } from '@conversa/contract/conversation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFaqs, setKnowledgeBase, startSession, updateAssistant } from '../testing/chat.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { excerptOf } from './preview';

let server: TestServer;
let school: Tenant;
let other: Tenant;

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const preview = (tenant: Tenant, json: unknown) =>
  server.call<{ data: PreviewAnswer }>(`/api/institution-product/${tenant.assistant.id}/preview`, {
    method: 'POST',
    ...asOwner(tenant),
    json,
  });

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school', country: 'ES' });
  other = await createTenant(server, { name: 'Colegio Sur', kind: 'school', country: 'ES' });
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'The tuition fee is 450 euros a month.' },
    { question: 'Is there a school bus?', answer: 'Two bus routes cover the north of the city.' },
  ]);
  await updateAssistant(server, school, {
    handoff: { name: 'Ana', email: 'admisiones@example.com', phone: null, hours: null, message: null },
  });
});
afterAll(() => server.close());

describe('POST institution-product/{id}/preview', () => {
  it('answers as a visitor would, saying which passage it used and why', async () => {
    const { status, body } = await preview(school, { text: 'How much is the tuition fee?' });
    expect(status).toBe(200);
    const answer = body.data;
    expect(answer).toMatchObject({
      text: 'The tuition fee is 450 euros a month.',
      answered: true,
      method: 'faq',
      handoff: null,
      follow_up: false,
      // A strong FAQ is answered whatever the gate would say.
      confidence: 1,
    });
    expect(answer.words).toEqual(expect.arrayContaining(['tuition', 'fee']));
    const used = answer.passages.filter((passage) => passage.used);
    expect(used).toEqual([
      expect.objectContaining({
        source: expect.objectContaining({ kind: 'faq', title: 'How much is the tuition fee?' }),
        strong: true,
        excerpt: 'The tuition fee is 450 euros a month.',
      }),
    ]);
    expect(answer.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('quotes the knowledge base, marking the passage quoted and how sure it was', async () => {
    await setKnowledgeBase(
      server,
      school,
      'The library opens at eight on weekdays and lends books for two weeks.\n\n' +
        'Lunch is served in the dining hall at one o’clock, with a vegetarian menu every day.',
    );
    const { body } = await preview(school, { text: 'When is lunch served in the dining hall?' });
    const answer = body.data;
    expect(answer).toMatchObject({ answered: true, method: 'extractive' });
    expect(answer.text).toContain('one o’clock');
    expect(answer.confidence).toBeGreaterThanOrEqual(answer.needed_confidence);
    expect(answer.confidence).toBeLessThanOrEqual(1);
    const used = answer.passages.filter((passage) => passage.used);
    expect(used).toEqual([
      expect.objectContaining({ source: expect.objectContaining({ kind: 'knowledge_base' }) }),
    ]);
    expect(used[0]!.excerpt).toContain('Lunch is served');
    await setKnowledgeBase(server, school, '');
  });

  it('says why it abstained, offers the handoff, and reads a follow-up with the question before', async () => {
    const first = await preview(school, { text: 'Do you have a planetarium?' });
    expect(first.body.data).toMatchObject({ answered: false, method: 'not_found' });
    expect(first.body.data.handoff).toMatchObject({ name: 'Ana' });
    expect(first.body.data.passages.every((passage) => !passage.used)).toBe(true);
    // The gate's reckoning is shown, under the least it answers at.
    expect(first.body.data.confidence).toBeGreaterThanOrEqual(0);
    expect(first.body.data.confidence).toBeLessThan(first.body.data.needed_confidence);

    const start = await preview(school, { text: 'Is there a school bus?' });
    const followUp = await preview(school, {
      text: 'fee?',
      conversation_id: start.body.data.conversation_id,
    });
    expect(followUp.status).toBe(200);
    expect(followUp.body.data.conversation_id).toBe(start.body.data.conversation_id);
  });

  it('goes on only with a preview conversation of its own assistant', async () => {
    const visitor = await startSession(server, school);
    const theirs = await preview(other, { text: 'Hello there, any fees?' });
    for (const conversation_id of [visitor.conversation_id, theirs.body.data.conversation_id]) {
      const { status } = await preview(school, { text: 'How much is the tuition fee?', conversation_id });
      expect(status, conversation_id).toBe(404);
    }
  });

  it('refuses a blank, too long or malformed question, and stores nothing', async () => {
    const before = await server.call<{ data: ConversationListItem[] }>(
      `/api/institution-product/${school.assistant.id}/conversation`,
      asOwner(school),
    );
    for (const json of [
      {},
      { text: '   ' },
      { text: 'x'.repeat(2001) },
      { text: 'Hi', conversation_id: 'nope' },
    ]) {
      const { status } = await preview(school, json);
      expect(status, JSON.stringify(json)).toBe(400);
    }
    const after = await server.call<{ data: ConversationListItem[] }>(
      `/api/institution-product/${school.assistant.id}/conversation`,
      asOwner(school),
    );
    expect(after.body.data).toEqual(before.body.data);
  });

  it('keeps preview conversations out of the list and the dashboard', async () => {
    const list = await server.call<{ data: ConversationListItem[] }>(
      `/api/institution-product/${school.assistant.id}/conversation`,
      asOwner(school),
    );
    // One visitor's conversation (started above), no preview.
    expect(list.body.data).toHaveLength(1);
    const dashboard = await server.call<{ data: Dashboard }>(
      `/api/institution-product/${school.assistant.id}/dashboard`,
      asOwner(school),
    );
    expect(dashboard.body.data).toMatchObject({ conversations: 1, questions: 0 });
  });
});

describe('excerptOf', () => {
  it('keeps a short text whole and cuts a long one at a word', () => {
    expect(excerptOf('  Two  bus\nroutes. ')).toBe('Two bus routes.');
    const cut = excerptOf('word '.repeat(100), 42);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(43);
    expect(cut).not.toMatch(/\s…$/);
  });
});
