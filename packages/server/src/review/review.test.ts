/**
 * Staff review (issue 35): the queue of answers that need a look and its filters, dismissing, and
 * correcting an answer into an FAQ that the next visitor (asking the question or a paraphrase)
 * gets; the FAQ limit; the dashboard's ratings. Access rules are in guards/guards.test.ts.
 */
import { MAX_FAQS } from '@conversa/contract/assistant';
import type { ChatSession } from '@conversa/contract/chat';
import type { ConversationDetail, Dashboard } from '@conversa/contract/conversation';
import type { CorrectionResult, ReviewItem } from '@conversa/contract/review';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqVectors } from '../db/embeddings-schema';
import { assistantFaqs } from '../db/schema';
import { messages } from '../db/conversations-schema';
import { ask, setFaqs, setKnowledgeBase, startSession, updateAssistant } from '../testing/chat.fixtures';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
let school: Tenant;
let other: Tenant;

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const KNOWLEDGE =
  'Colegio Luna is a primary and secondary school in Madrid. Lessons start at 9:00 and end at 16:30. ' +
  'The school canteen serves a Mediterranean menu every day. Families pay the tuition fee monthly.';

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Luna', kind: 'school', country: 'ES' });
  other = await createTenant(server, { name: 'Colegio Sol', kind: 'school', country: 'ES' });
  await setKnowledgeBase(server, school, KNOWLEDGE);
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'The tuition fee is 400 euros a month.' },
  ]);
  await updateAssistant(server, school, {
    handoff: { name: 'Ana', email: 'admisiones@example.com', phone: null, hours: null, message: null },
  });
});
afterAll(() => server.close());

/** A visitor asks; the answer's id and text. */
async function asked(session: ChatSession, question: string) {
  const answer = await ask(server, session, question);
  const done = answer.events.find((event) => event.event === 'done')!.data;
  return { id: Number(done.message_id), text: answer.text };
}

const rate = (session: ChatSession, json: unknown) =>
  server.call(`/api/public/conversation/${session.conversation_id}/feedback`, {
    method: 'POST',
    token: session.token,
    json,
  });

const queue = (tenant: Tenant, query = '', caller = asOwner(tenant)) =>
  server.call<{ data: ReviewItem[]; code?: string }>(
    `/api/institution-product/${tenant.assistant.id}/review${query}`,
    caller,
  );

const correct = (conversationId: string, json: unknown, caller = asOwner(school)) =>
  server.call<{ data: CorrectionResult; code?: string; message?: string }>(
    `/api/conversation/${conversationId}/correction`,
    {
      method: 'POST',
      ...caller,
      json,
      locale: 'en',
    },
  );

describe('the review queue', () => {
  let session: ChatSession;
  let down: number;
  let unknown: number;
  let good: number;

  beforeAll(async () => {
    session = await startSession(server, school);
    good = (await asked(session, 'How much is the tuition fee?')).id;
    down = (await asked(session, 'When do lessons start?')).id;
    unknown = (await asked(session, 'Is there a robotics club after school?')).id;
    await rate(session, { message_id: good, rating: 'up' });
    await rate(session, { message_id: down, rating: 'down', reason: 'I asked about the summer term' });
    // The trainer's "try it" never reaches the queue.
    await server.call(`/api/institution-product/${school.assistant.id}/preview`, {
      method: 'POST',
      ...asOwner(school),
      json: { text: 'Is there a chess club?' },
    });
  });

  it('lists what needs a look, newest first, with the question each answer replied to', async () => {
    const { status, body, headers } = await queue(school);
    expect(status).toBe(200);
    expect(body.data.map((item) => item.message_id)).toEqual([unknown, down]);
    expect(headers.get('x-pagination-total-count')).toBe('2');
    expect(body.data[1]).toMatchObject({
      conversation_id: session.conversation_id,
      question: 'When do lessons start?',
      reason: 'down',
      rating: 'down',
      comment: 'I asked about the summer term',
      corrected: null,
    });
    expect(body.data[0]).toMatchObject({
      question: 'Is there a robotics club after school?',
      reason: 'unanswered',
      rating: null,
    });
  });

  it('filters by reason and by days', async () => {
    expect((await queue(school, '?reason=down')).body.data.map((item) => item.message_id)).toEqual([down]);
    expect((await queue(school, '?reason=unanswered')).body.data.map((item) => item.message_id)).toEqual([
      unknown,
    ]);
    expect((await queue(school, '?reason=handoff')).body.data.map((item) => item.message_id)).toEqual([
      unknown,
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await queue(school, `?from=${today}&to=${today}`)).body.data).toHaveLength(2);
    expect((await queue(school, '?from=2020-01-01&to=2020-01-31')).body.data).toEqual([]);
    expect((await queue(school, '?reason=sideways')).status).toBe(400);
    expect((await queue(school, '?from=2026-02-10&to=2026-02-01')).status).toBe(400);
  });

  it("is the tenant's own: another institution's owner gets a 404, a role without trainer.manage a 403", async () => {
    expect((await queue(school, '', asOwner(other))).status).toBe(404);
    const agent = await createMember(server, school.institution.id, 'admissions_agent');
    expect((await queue(school, '', { token: agent.token, institution: school.institution.id })).status).toBe(
      403,
    );
  });

  it('counts ratings and what waits on the dashboard', async () => {
    const { body } = await server.call<{ data: Dashboard }>(
      `/api/institution-product/${school.assistant.id}/dashboard`,
      asOwner(school),
    );
    expect(body.data).toMatchObject({ rated: 2, rated_up: 1, satisfaction: 0.5, to_review: 2 });
    const today = body.data.per_day.at(-1)!;
    expect(today).toMatchObject({ rated: 2, rated_up: 1, to_review: 2 });
  });

  it("dismisses answers; an id of another assistant's refuses the whole request", async () => {
    const theirs = await startSession(server, other);
    const their = (await asked(theirs, 'Hello?')).id;
    const refused = await server.call(`/api/institution-product/${school.assistant.id}/review/dismiss`, {
      method: 'POST',
      ...asOwner(school),
      json: { message_ids: [unknown, their] },
    });
    expect(refused.status).toBe(404);
    const open = await server.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, unknown), isNull(messages.dismissedAt)));
    expect(open).toHaveLength(1);

    const { status, body } = await server.call(
      `/api/institution-product/${school.assistant.id}/review/dismiss`,
      {
        method: 'POST',
        ...asOwner(school),
        json: { message_ids: [unknown] },
      },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ data: { dismissed: 1 } });
    expect((await queue(school)).body.data.map((item) => item.message_id)).toEqual([down]);
  });
});

describe('POST conversation/{id}/correction', () => {
  it('makes an FAQ of the question, marks the answer, and the next visitor (and a paraphrase) gets the correction', async () => {
    const session = await startSession(server, school);
    const wrong = await asked(session, 'Is there a summer camp in July?');
    const answer = 'Yes: the summer camp runs every weekday of July, from 9:00 to 14:00.';
    const { status, body } = await correct(session.conversation_id, { message_id: wrong.id, answer });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      message_id: wrong.id,
      question: 'Is there a summer camp in July?',
      answer,
      updated: false,
    });
    expect(body.data.corrected.by.id).toBe(school.owner.id);

    const faqs = await server.call<{ data: { faqs: { question: string; answer: string }[] } }>(
      `/api/institution-product/${school.assistant.id}/faq`,
      asOwner(school),
    );
    expect(faqs.body.data.faqs).toContainEqual(
      expect.objectContaining({ question: 'Is there a summer camp in July?', answer }),
    );

    const detail = await server.call<{ data: ConversationDetail }>(
      `/api/conversation/${session.conversation_id}`,
      asOwner(school),
    );
    expect(detail.body.data.messages.find((message) => message.id === wrong.id)?.corrected).toEqual(
      body.data.corrected,
    );

    const next = await startSession(server, school);
    expect((await asked(next, 'Is there a summer camp in July?')).text).toBe(answer);
    const another = await startSession(server, school);
    expect((await asked(another, 'Do you have a summer camp during July?')).text).toBe(answer);
  });

  it('updates the FAQ that already answered the question rather than adding one', async () => {
    const session = await startSession(server, school);
    const wrong = await asked(session, 'How much is the tuition fee?');
    expect(wrong.text).toBe('The tuition fee is 400 euros a month.');
    const before = await server.database.db.$count(
      assistantFaqs,
      eq(assistantFaqs.assistantId, school.assistant.id),
    );
    // The FAQ's vector, as the embeddings job left it: of the old answer, so it must go.
    const [fee] = await server.database.db
      .select({ id: assistantFaqs.id })
      .from(assistantFaqs)
      .where(eq(assistantFaqs.question, 'How much is the tuition fee?'));
    await server.database.db.insert(faqVectors).values({
      faqId: fee!.id,
      institutionId: school.institution.id,
      assistantId: school.assistant.id,
      model: 'test-model',
      vector: Buffer.from([1, 2, 3, 4]),
    });
    const answer = 'The tuition fee is 450 euros a month from September.';
    const { status, body } = await correct(session.conversation_id, { message_id: wrong.id, answer });
    expect(status).toBe(201);
    expect(body.data.updated).toBe(true);
    expect(body.data.corrected.faq_id).toBe(fee!.id);
    expect(await server.database.db.$count(faqVectors, eq(faqVectors.faqId, fee!.id))).toBe(0);
    expect(
      await server.database.db.$count(assistantFaqs, eq(assistantFaqs.assistantId, school.assistant.id)),
    ).toBe(before);
    const next = await startSession(server, school);
    expect((await asked(next, 'How much is the tuition fee?')).text).toBe(answer);
  });

  it('answers a clear 409 when the FAQs are full, and changes nothing', async () => {
    const full = await createTenant(server, { name: 'Colegio Lleno', kind: 'school', country: 'ES' });
    await setFaqs(
      server,
      full,
      Array.from({ length: MAX_FAQS }, (_, i) => ({
        question: `Question number ${i} about topic ${i}?`,
        answer: `Answer ${i}.`,
      })),
    );
    const session = await startSession(server, full);
    const wrong = await asked(session, 'Is there a swimming pool?');
    const { status, body } = await correct(
      session.conversation_id,
      { message_id: wrong.id, answer: 'Yes, a heated one.' },
      asOwner(full),
    );
    expect(status).toBe(409);
    expect(body.code).toBe('faq_limit');
    expect(body.message).toBe(
      `The assistant already has ${MAX_FAQS} FAQs, the most it can have. Remove one before adding a correction.`,
    );
    expect(
      await server.database.db.$count(assistantFaqs, eq(assistantFaqs.assistantId, full.assistant.id)),
    ).toBe(MAX_FAQS);
    const [row] = await server.database.db
      .select({ corrected: messages.corrected })
      .from(messages)
      .where(eq(messages.id, wrong.id));
    expect(row?.corrected).toBeNull();
  });

  it("corrects only the conversation's answers: a question or another conversation's answer is a 404; another tenant a 404", async () => {
    const session = await startSession(server, school);
    const { id } = await asked(session, 'Do you teach French?');
    const elsewhere = await startSession(server, school);
    const theirs = await asked(elsewhere, 'Do you teach German?');
    const before = await server.database.db.$count(
      assistantFaqs,
      eq(assistantFaqs.assistantId, school.assistant.id),
    );
    expect((await correct(session.conversation_id, { message_id: id - 1, answer: 'No.' })).status).toBe(404);
    expect((await correct(session.conversation_id, { message_id: theirs.id, answer: 'No.' })).status).toBe(
      404,
    );
    expect(
      (await correct(session.conversation_id, { message_id: id, answer: 'No.' }, asOwner(other))).status,
    ).toBe(404);
    expect((await correct(session.conversation_id, { message_id: id, answer: '' })).status).toBe(400);
    expect(
      await server.database.db.$count(assistantFaqs, eq(assistantFaqs.assistantId, school.assistant.id)),
    ).toBe(before);
  });
});
