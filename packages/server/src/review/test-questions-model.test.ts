/**
 * With `LLM_*` set, a run of test questions asks the model as a visitor's question would, and each
 * call is taken from the institution's day of model calls (LLM_DAILY_CALLS_PER_INSTITUTION): when
 * the day is spent, the run is a 429 `model_limited` and no run is kept (issue 35).
 */
import type { TestRun } from '@conversa/contract/review';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateEvents } from '../db/schema';
import { testRuns } from '../db/review-schema';
import { modelDailyLimit } from '../rate-limit/limits';
import { setKnowledgeBase } from '../testing/chat.fixtures';
import { createTenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { type LlmPeer, startLlmPeer } from '../testing/llm-peer';

const DAILY = 10;
const BUS = 'The school bus collects students every morning at 7:30 from the town square.';
const QUESTION = 'When does the school bus leave?';

let model: LlmPeer;
let server: TestServer;

beforeAll(async () => {
  model = await startLlmPeer({});
  server = await createTestServer({
    env: {
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'tests-peer',
      LLM_DAILY_CALLS_PER_INSTITUTION: String(DAILY),
    },
  });
});
afterAll(async () => {
  await server.close();
  await model.close();
});

describe('a test run with a model', () => {
  it("takes each question's call from the institution's day, and is refused once the day is spent", async () => {
    const tenant = await createTenant(server, { kind: 'school', country: 'US' });
    await setKnowledgeBase(server, tenant, BUS);
    const caller = { token: tenant.owner.token, institution: tenant.institution.id };
    const path = `/api/institution-product/${tenant.assistant.id}/test-question`;
    const questions = Array.from({ length: 3 }, () => ({
      question: QUESTION,
      expect: 'answer',
      must_include: ['7:30'],
    }));
    expect((await server.call(path, { method: 'PUT', ...caller, json: { questions } })).status).toBe(200);

    const daily = modelDailyLimit(tenant.institution.id, DAILY).key;
    const spent = () => server.database.db.$count(rateEvents, eq(rateEvents.key, daily));
    const before = model.calls.length;
    const { status, body } = await server.call<{ data: TestRun }>(`${path}/run`, {
      method: 'POST',
      ...caller,
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ passed: 3, failed: 0 });
    expect(model.calls.length - before).toBe(3);
    expect(await spent()).toBe(3);

    // Another process spent the rest of the day.
    const at = server.clock.now();
    await server.database.db
      .insert(rateEvents)
      .values(Array.from({ length: DAILY - 3 }, () => ({ key: daily, at })));
    const refused = await server.call<{ code: string }>(`${path}/run`, { method: 'POST', ...caller });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('model_limited');
    expect(model.calls.length - before).toBe(3);
    expect(await server.database.db.$count(testRuns, eq(testRuns.assistantId, tenant.assistant.id))).toBe(1);
  });
});
