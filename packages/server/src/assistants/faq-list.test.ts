/**
 * Saving the FAQ list (`PUT institution-product/{id}/faq`) keeps the rows of FAQs that stay: their
 * ids (which corrections point to) and their vectors; a removed correction's FAQ leaves `faq_id: null`.
 */
import type { Faq } from '@conversa/contract/assistant';
import type { ConversationDetail } from '@conversa/contract/conversation';
import type { CorrectionResult } from '@conversa/contract/review';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqVectors } from '../db/embeddings-schema';
import { assistantFaqs } from '../db/schema';
import { ask, setKnowledgeBase, startSession } from '../testing/chat.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { planFaqs } from './faq-list.repo';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

/** Saves the list; answers it as saved, each FAQ with its id. */
async function save(tenant: Tenant, faqs: Faq[]) {
  const { status, body } = await server.call<{ data: { faqs: Faq[] } }>(
    `/api/institution-product/${tenant.assistant.id}/faq`,
    { ...asOwner(tenant), method: 'PUT', json: { faqs } },
  );
  expect(status).toBe(200);
  expect(body.data.faqs.map(({ question, answer }) => ({ question, answer }))).toEqual(
    faqs.map(({ question, answer }) => ({ question, answer })),
  );
  return body.data.faqs;
}

/** The stored rows, in order. */
const rows = (tenant: Tenant) =>
  server.database.db
    .select({ id: assistantFaqs.id, question: assistantFaqs.question, answer: assistantFaqs.answer })
    .from(assistantFaqs)
    .where(eq(assistantFaqs.assistantId, tenant.assistant.id))
    .orderBy(asc(assistantFaqs.position));

describe('planFaqs', () => {
  const stored = [
    { id: 1, question: 'When?', answer: 'May' },
    { id: 2, question: 'Where?', answer: 'Madrid' },
    { id: 3, question: 'Cost?', answer: 'Free' },
  ];

  it('keeps a row by its question, then by its answer; the rest are new or removed', () => {
    const plan = planFaqs(stored, [
      { question: 'Cost?', answer: 'Still free' },
      { question: 'Where exactly?', answer: 'Madrid' },
      { question: 'Who?', answer: 'Ana' },
    ]);
    expect(plan.kept.map((row) => row?.id)).toEqual([3, 2, undefined]);
    expect(plan.removed.map((row) => row.id)).toEqual([1]);
  });

  it('keeps the row whose id a FAQ brings first, however much of it changed', () => {
    const plan = planFaqs(stored, [
      { question: 'Where?', answer: 'Madrid' },
      { id: 2, question: 'Where is it held?', answer: 'In Toledo' },
      { id: 1, question: 'When?', answer: 'May' },
      // Another assistant's row, or one gone: no claim, so a new FAQ.
      { id: 99, question: 'Who?', answer: 'Ana' },
    ]);
    expect(plan.kept.map((row) => row?.id)).toEqual([undefined, 2, 1, undefined]);
    expect(plan.removed.map((row) => row.id)).toEqual([3]);
  });

  it('gives each row to one FAQ only', () => {
    const plan = planFaqs(stored, [
      { question: 'When?', answer: 'May' },
      { question: 'When?', answer: 'June' },
    ]);
    expect(plan.kept.map((row) => row?.id)).toEqual([1, undefined]);
    expect(plan.removed.map((row) => row.id)).toEqual([2, 3]);
  });
});

describe('PUT institution-product/{id}/faq', () => {
  it('keeps the rows of FAQs that stay, updates the changed, adds the new and deletes the removed', async () => {
    const school = await createTenant(server, { name: 'Colegio Faro', kind: 'school', country: 'ES' });
    await save(school, [
      { question: 'When?', answer: 'May' },
      { question: 'Where?', answer: 'Madrid' },
      { question: 'Cost?', answer: 'Free' },
    ]);
    const [when, where, cost] = await rows(school);
    // Vectors of every FAQ, as the embeddings job leaves them.
    await server.database.db.insert(faqVectors).values(
      [when!, where!, cost!].map((faq) => ({
        faqId: faq.id,
        institutionId: school.institution.id,
        assistantId: school.assistant.id,
        model: 'test-model',
        vector: Buffer.from([1, 2, 3, 4]),
      })),
    );

    const next = [
      { question: 'Cost?', answer: 'Free' },
      { question: 'Where exactly?', answer: 'Madrid' },
      { question: 'Who?', answer: 'Ana' },
    ];
    await save(school, next);
    const after = await rows(school);
    expect(after.map(({ question, answer }) => ({ question, answer }))).toEqual(next);
    expect(after[0]!.id).toBe(cost!.id);
    expect(after[1]!.id).toBe(where!.id);
    expect([when!.id, where!.id, cost!.id]).not.toContain(after[2]!.id);
    // The unchanged FAQ (only moved) keeps its vector; the edited one is embedded again.
    const vectors = await server.database.db
      .select({ faqId: faqVectors.faqId })
      .from(faqVectors)
      .where(eq(faqVectors.assistantId, school.assistant.id));
    expect(vectors.map((row) => row.faqId)).toEqual([cost!.id]);
  });

  it('leaves a correction pointing to its FAQ while it stays, and `faq_id: null` once it is removed', async () => {
    const school = await createTenant(server, { name: 'Colegio Brisa', kind: 'school', country: 'ES' });
    await setKnowledgeBase(server, school, 'Colegio Brisa is a primary school in Valencia.');
    await save(school, [{ question: 'Is there a canteen?', answer: 'Yes, every day.' }]);
    const session = await startSession(server, school);
    const asked = await ask(server, session, 'Is there a summer camp in July?');
    const messageId = Number(asked.events.find((event) => event.event === 'done')!.data.message_id);
    const answer = 'Yes: the summer camp runs every weekday of July.';
    const corrected = await server.call<{ data: CorrectionResult }>(
      `/api/conversation/${session.conversation_id}/correction`,
      { method: 'POST', ...asOwner(school), json: { message_id: messageId, answer } },
    );
    expect(corrected.status).toBe(201);
    const faqId = corrected.body.data.corrected.faq_id;
    const correctionOf = async () =>
      (
        await server.call<{ data: ConversationDetail }>(
          `/api/conversation/${session.conversation_id}`,
          asOwner(school),
        )
      ).body.data.messages.find((message) => message.id === messageId)?.corrected;

    // The console saves the list with the canteen's answer edited: the correction's FAQ stays.
    await save(school, [
      { question: 'Is there a canteen?', answer: 'Yes, every school day.' },
      { question: 'Is there a summer camp in July?', answer },
    ]);
    expect((await rows(school)).map((row) => row.id)).toContain(faqId);
    expect(await correctionOf()).toEqual(corrected.body.data.corrected);

    // Both its question and its answer rewritten, sent back with its id as the console does: still
    // the correction's FAQ.
    const [canteen, camp] = await save(school, [
      { question: 'Is there a canteen?', answer: 'Yes, every school day.' },
      { question: 'Is there a summer camp in July?', answer },
    ]);
    expect(camp!.id).toBe(faqId);
    await save(school, [
      canteen!,
      { id: faqId!, question: 'Do you run a summer camp?', answer: 'Yes, every weekday of July.' },
    ]);
    expect((await rows(school)).map((row) => row.id)).toEqual([canteen!.id, faqId]);
    expect(await correctionOf()).toEqual(corrected.body.data.corrected);

    await save(school, [canteen!]);
    expect(await correctionOf()).toEqual({ ...corrected.body.data.corrected, faq_id: null });
  });
});
