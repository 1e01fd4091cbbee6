/**
 * Test questions (issue 35): kept per assistant (at most MAX_TEST_QUESTIONS), run through the
 * answering path visitors get without storing a conversation or moving a figure, judged by their
 * rules, and each run kept with its time. Access rules are in guards/guards.test.ts.
 */
import type { Dashboard } from '@conversa/contract/conversation';
import { MAX_TEST_QUESTIONS, type TestQuestion, type TestRun } from '@conversa/contract/review';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../db/conversations-schema';
import { setFaqs, setKnowledgeBase, updateAssistant } from '../testing/chat.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { TEST_RUNS_PER_HOUR } from '../rate-limit/limits';
import { judge } from './test-questions.service';

let server: TestServer;
let school: Tenant;
let other: Tenant;

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const path = (tenant: Tenant, rest = '') =>
  `/api/institution-product/${tenant.assistant.id}/test-question${rest}`;
const put = (tenant: Tenant, json: unknown, caller = asOwner(tenant)) =>
  server.call<{ data: { questions: TestQuestion[] }; issues?: { path: string; code: string }[] }>(
    path(tenant),
    {
      method: 'PUT',
      ...caller,
      json,
    },
  );
const run = (tenant: Tenant) =>
  server.call<{ data: TestRun }>(path(tenant, '/run'), { method: 'POST', ...asOwner(tenant) });

const QUESTIONS: TestQuestion[] = [
  { question: 'How much is the tuition fee?', expect: 'answer', must_include: ['450 EUROS'] },
  { question: 'How much is the tuition fee?', expect: 'answer', must_include: ['scholarship'] },
  { question: 'Is there a robotics club after school?', expect: 'handoff', must_include: [] },
  { question: 'Is there a robotics club after school?', expect: 'answer', must_include: [] },
  { question: 'How much is the tuition fee?', expect: 'handoff', must_include: [] },
];

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Luna', kind: 'school', country: 'ES' });
  other = await createTenant(server, { name: 'Colegio Sol', kind: 'school', country: 'ES' });
  await setKnowledgeBase(server, school, 'Colegio Luna is a school in Madrid. Lessons start at 9:00.');
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'The tuition fee is 450 euros a month.' },
  ]);
  await updateAssistant(server, school, {
    handoff: { name: 'Ana', email: 'admisiones@example.com', phone: null, hours: null, message: null },
  });
});
afterAll(() => server.close());

describe('GET/PUT institution-product/{id}/test-question', () => {
  it('keeps the list in order, replacing it on each save', async () => {
    const saved = await put(school, {
      questions: QUESTIONS.map(({ must_include, ...rest }, i) =>
        i === 2 ? rest : { ...rest, must_include },
      ),
    });
    expect(saved.status).toBe(200);
    const { body } = await server.call<{ data: { questions: TestQuestion[] } }>(
      path(school),
      asOwner(school),
    );
    // An absent must_include is none.
    expect(body.data.questions).toEqual(QUESTIONS);
    expect(
      (await server.call<{ data: { questions: TestQuestion[] } }>(path(other), asOwner(other))).body.data
        .questions,
    ).toEqual([]);
  });

  it(`refuses more than ${MAX_TEST_QUESTIONS}, a blank question or an unknown expectation, and keeps the list`, async () => {
    const many = Array.from({ length: MAX_TEST_QUESTIONS + 1 }, (_, i) => ({
      question: `Question ${i}?`,
      expect: 'answer',
    }));
    const cases: [unknown, string, string][] = [
      [{ questions: many }, 'questions', 'too_long'],
      [{ questions: [{ question: '  ', expect: 'answer' }] }, 'questions.0.question', 'required'],
      [{ questions: [{ question: 'Fees?', expect: 'maybe' }] }, 'questions.0.expect', 'invalid_value'],
    ];
    for (const [json, at, code] of cases) {
      const { status, body } = await put(school, json);
      expect(status).toBe(400);
      expect(body.issues?.[0]).toMatchObject({ path: at, code });
    }
    const { body } = await server.call<{ data: { questions: TestQuestion[] } }>(
      path(school),
      asOwner(school),
    );
    expect(body.data.questions).toHaveLength(QUESTIONS.length);
    // Exactly the limit is taken.
    expect((await put(other, { questions: many.slice(0, MAX_TEST_QUESTIONS) })).status).toBe(200);
  });

  it("is the tenant's own: another institution's owner gets a 404 and changes nothing", async () => {
    expect((await put(school, { questions: [] }, asOwner(other))).status).toBe(404);
    expect((await server.call(path(school), asOwner(other))).status).toBe(404);
    expect((await server.call(path(school, '/run'), { method: 'POST', ...asOwner(other) })).status).toBe(404);
  });
});

describe('POST institution-product/{id}/test-question/run', () => {
  it('asks each question as a visitor would, judges it, and stores no conversation nor moves a figure', async () => {
    const count = async () => ({
      conversations: await server.database.db.$count(
        conversations,
        eq(conversations.institutionId, school.institution.id),
      ),
      messages: await server.database.db.$count(messages, eq(messages.institutionId, school.institution.id)),
    });
    const dashboard = async () =>
      (
        await server.call<{ data: Dashboard }>(
          `/api/institution-product/${school.assistant.id}/dashboard`,
          asOwner(school),
        )
      ).body.data;
    const [before, figures] = [await count(), await dashboard()];

    const { status, body } = await run(school);
    expect(status).toBe(201);
    const result = body.data;
    expect(result).toMatchObject({ passed: 2, failed: 3 });
    expect(result.results.map(({ passed, reason, missing }) => ({ passed, reason, missing }))).toEqual([
      { passed: true, reason: null, missing: [] },
      { passed: false, reason: 'missing_text', missing: ['scholarship'] },
      { passed: true, reason: null, missing: [] },
      { passed: false, reason: 'not_answered', missing: [] },
      { passed: false, reason: 'not_handed_off', missing: [] },
    ]);
    expect(result.results[0]!.answer).toBe('The tuition fee is 450 euros a month.');

    expect(await count()).toEqual(before);
    expect(await dashboard()).toEqual(figures);
  });

  it('keeps each run with its time, newest first, so a change to the knowledge shows', async () => {
    const first = (await run(school)).body.data;
    await setFaqs(server, school, [
      {
        question: 'How much is the tuition fee?',
        answer: 'The tuition fee is 450 euros a month; a scholarship is offered.',
      },
      { question: 'Is there a robotics club after school?', answer: 'Yes, on Tuesdays.' },
    ]);
    const second = (await run(school)).body.data;
    expect(second.passed).toBeGreaterThan(first.passed);
    const { body, headers } = await server.call<{ data: TestRun[] }>(path(school, '/run'), asOwner(school));
    expect(body.data.slice(0, 2).map((kept) => kept.id)).toEqual([second.id, first.id]);
    expect(body.data[0]).toEqual(second);
    expect(Number(headers.get('x-pagination-total-count'))).toBeGreaterThanOrEqual(2);
    expect(Date.parse(second.created_at)).toBeGreaterThanOrEqual(Date.parse(first.created_at));
  });
});

describe('test runs, bounded', () => {
  it('limits the runs of an assistant, and of its institution’s assistants together (429, no run kept)', async () => {
    const busy = await createTenant(server, { name: 'Colegio Ocupado', kind: 'school', country: 'ES' });
    const assistants = [busy.assistant.id];
    for (const name of ['Segundo', 'Tercero']) {
      const created = await server.call<{ data: { id: number } }>('/api/institution-product', {
        method: 'POST',
        ...asOwner(busy),
        json: { type: 'admission', name },
      });
      expect(created.status).toBe(201);
      assistants.push(created.body.data.id);
    }
    const runOf = (id: number, method = 'POST') =>
      server.call<{ data: TestRun[] }>(`/api/institution-product/${id}/test-question/run`, {
        method,
        ...asOwner(busy),
      });
    for (const id of assistants)
      expect(
        (
          await server.call(`/api/institution-product/${id}/test-question`, {
            method: 'PUT',
            ...asOwner(busy),
            json: { questions: [QUESTIONS[0]] },
          })
        ).status,
      ).toBe(200);
    const [first, second, third] = assistants as [number, number, number];
    for (let n = 1; n <= TEST_RUNS_PER_HOUR; n++) expect((await runOf(first)).status, `run ${n}`).toBe(201);
    expect((await runOf(first)).status).toBe(429);
    for (let n = 1; n <= TEST_RUNS_PER_HOUR; n++) expect((await runOf(second)).status, `run ${n}`).toBe(201);
    // The third assistant has run nothing, but the institution's hour is spent.
    const refused = await runOf(third);
    expect(refused.status).toBe(429);
    expect((await runOf(third, 'GET')).body.data).toEqual([]);
  });
});

describe('judge', () => {
  const test = (expect: 'answer' | 'handoff', must_include: string[] = []): TestQuestion => ({
    question: 'q',
    expect,
    must_include,
  });
  it('passes an answer that knew for `answer`, one that did not or offered a person for `handoff`', () => {
    const knew = { text: 'Matrícula: 450 €', answered: true, handoff: false };
    const offered = { text: 'No lo sé', answered: true, handoff: true };
    const unknown = { text: 'No lo sé', answered: false, handoff: false };
    expect(judge(test('answer'), knew).passed).toBe(true);
    expect(judge(test('answer'), offered).reason).toBe('not_answered');
    expect(judge(test('handoff'), unknown).passed).toBe(true);
    expect(judge(test('handoff'), offered).passed).toBe(true);
    expect(judge(test('handoff'), knew).reason).toBe('not_handed_off');
    // Letter case and accents aside.
    expect(judge(test('answer', ['MATRICULA', '450 €']), knew).passed).toBe(true);
    expect(judge(test('answer', ['460']), knew)).toMatchObject({
      passed: false,
      reason: 'missing_text',
      missing: ['460'],
    });
  });
});
