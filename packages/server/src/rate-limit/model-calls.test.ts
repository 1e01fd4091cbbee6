/**
 * What the model may cost, through HTTP against the local model peer (a real HTTP server counting
 * its calls): a member's Try it and overviews are limited however many fresh conversations they
 * start, so is the institution's staff together; an institution's day of calls
 * (LLM_DAILY_CALLS_PER_INSTITUTION) counts its visitors' answers too; a model failing again and
 * again is left alone for a while. Beyond them a visitor gets the extractive answer and a console
 * action a translated 429 with Retry-After. The counts live in the database (`rate_events`), so
 * events another process recorded count: some tests write them directly, as that process would.
 */
import type { Overview, PreviewAnswer } from '@conversa/contract/conversation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, setKnowledgeBase, startSession } from '../testing/chat.fixtures';
import { and, eq } from 'drizzle-orm';
import { rateEvents } from '../db/schema';
import { conversations } from '../db/conversations-schema';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type RequestOptions, type TestServer } from '../testing';
import { type LlmPeer, startLlmPeer } from '../testing/llm-peer';
import {
  MODEL_BREAKER_FAILURES,
  MODEL_BREAKER_SECONDS,
  MODEL_CALLS_PER_USER,
  modelDailyLimit,
  modelInstitutionLimit,
} from './limits';

const DAILY = 40;
const BUS = 'The school bus collects students every morning at 7:30 from the town square.';
const QUESTION = 'When does the school bus leave?';
/** The extractive answer, made without the model. */
const EXTRACTIVE = `Here is what I found:\n\n${BUS}`;
/** The peer's answer: the passage's first sentence, cited. */
const GENERATED = `${BUS} [1]`;

const overviewPart = {
  summary: 'A parent asked when the school bus leaves.',
  intent: 'information',
  topics: ['school bus'],
  unanswered_questions: [],
  contact: { name: null, email: null, phone: null },
  urgency: 'low',
  next_step: 'Nothing to do.',
};

let model: LlmPeer;
let down = false;
let server: TestServer;
let ips = 0;

/** A fresh school whose knowledge answers QUESTION through the model (no strong FAQ). */
async function school(): Promise<Tenant> {
  const tenant = await createTenant(server, { kind: 'school', country: 'US' });
  await setKnowledgeBase(server, tenant, BUS);
  return tenant;
}

/** A visitor's question in a new conversation (from an address of its own). */
async function visitorAsks(tenant: Tenant) {
  const ip = `203.0.113.${(ips += 1)}`;
  const session = await startSession(server, tenant, { ip });
  const answer = await ask(server, session, QUESTION, { ip });
  return { session, answer };
}

const as = (tenant: Tenant, token: string, extra: RequestOptions = {}): RequestOptions => ({
  token,
  institution: tenant.institution.id,
  ...extra,
});

/** Try it: each question a fresh preview conversation. */
const preview = (tenant: Tenant, token: string, extra: RequestOptions = {}) =>
  server.call<{ data: PreviewAnswer }>(`/api/institution-product/${tenant.assistant.id}/preview`, {
    method: 'POST',
    ...as(tenant, token, extra),
    json: { text: QUESTION },
  });

const overview = (tenant: Tenant, token: string, conversationId: string) =>
  server.call<{ data: Overview }>(`/api/conversation/${conversationId}/overview`, {
    method: 'POST',
    ...as(tenant, token),
  });

/** Records `count` events of a key now, as another server process taking them would. */
async function taken(key: string, count: number) {
  const at = server.clock.now();
  await server.database.db.insert(rateEvents).values(Array.from({ length: count }, () => ({ key, at })));
}

/** Asserts a console action's refusal: a 429 with Retry-After and its translated text. */
function expectRefused(
  answer: { status: number; headers: Headers; body: unknown },
  code: string,
  within: number,
): void {
  expect(answer.status).toBe(429);
  const wait = Number(answer.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(within);
  expect(answer.body).toMatchObject({ code });
}

beforeAll(async () => {
  model = await startLlmPeer({ structured: () => overviewPart, down: () => down });
  server = await createTestServer({
    env: {
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'spend-test-peer',
      LLM_DAILY_CALLS_PER_INSTITUTION: String(DAILY),
    },
  });
});
afterAll(async () => {
  await server.close();
  await model.close();
});

describe("a member's model calls", () => {
  it('are limited across fresh Try it conversations and overviews, per member: a 429 with Retry-After, in en and es', async () => {
    const tenant = await school();
    const { session } = await visitorAsks(tenant);
    const before = model.calls.length;
    for (let i = 0; i < MODEL_CALLS_PER_USER; i += 1) {
      const { status, body } = await preview(tenant, tenant.owner.token);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ method: 'llm', text: GENERATED });
    }
    expect(model.calls.length - before).toBe(MODEL_CALLS_PER_USER);

    const previews = () =>
      server.database.db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.assistantId, tenant.assistant.id), eq(conversations.channel, 'preview')));
    const kept = (await previews()).length;
    const refused = await preview(tenant, tenant.owner.token);
    expectRefused(refused, 'model_limited', 600);
    // Nothing was answered, so nothing is kept: no preview conversation holding the question alone.
    expect(await previews()).toHaveLength(kept);
    const minutes = Math.ceil(Number(refused.headers.get('retry-after')) / 60);
    expect(refused.body).toMatchObject({
      message: `The assistant has used its AI answers for now. Try again in ${minutes} min.`,
    });
    const inSpanish = await preview(tenant, tenant.owner.token, { locale: 'es' });
    expectRefused(inSpanish, 'model_limited', 600);
    expect(inSpanish.body).toMatchObject({
      message: expect.stringMatching(
        /^El asistente ha agotado sus respuestas con IA por ahora\. Vuelve a intentarlo en \d+ min\.$/,
      ),
    });
    const refusedOverview = await overview(tenant, tenant.owner.token, session.conversation_id);
    expectRefused(refusedOverview, 'model_limited', 600);
    expect(model.calls.length - before).toBe(MODEL_CALLS_PER_USER);
    expect(model.structuredCalls).toHaveLength(0);

    // Another member of the same institution has calls of their own.
    const colleague = await createMember(server, tenant.institution.id, 'main');
    const theirs = await preview(tenant, colleague.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.method).toBe('llm');
    const made = await overview(tenant, colleague.token, session.conversation_id);
    expect(made.status).toBe(200);
    expect(made.body.data.generator).toBe('llm');
  });

  it("are limited for the institution's staff together, while its visitors still get the model's answers", async () => {
    const tenant = await school();
    await taken(modelInstitutionLimit(tenant.institution.id).key, modelInstitutionLimit(0).max);
    const colleague = await createMember(server, tenant.institution.id, 'main');
    const before = model.calls.length;
    expectRefused(await preview(tenant, tenant.owner.token), 'model_limited', 600);
    expectRefused(await preview(tenant, colleague.token), 'model_limited', 600);
    expect(model.calls.length).toBe(before);
    const { answer } = await visitorAsks(tenant);
    expect(answer.text).toBe(GENERATED);
  });
});

describe("an institution's day of model calls", () => {
  it('counts its visitors too; beyond it visitors get the extractive answer, the console a 429, other institutions the model', async () => {
    const tenant = await school();
    const other = await school();
    // Most of the day's calls were taken already (by other processes, say).
    await taken(modelDailyLimit(tenant.institution.id, DAILY).key, DAILY - 2);
    expect((await visitorAsks(tenant)).answer.text).toBe(GENERATED);
    expect((await preview(tenant, tenant.owner.token)).body.data.method).toBe('llm');

    const before = model.calls.length;
    const { answer, session } = await visitorAsks(tenant);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(EXTRACTIVE);
    expect(answer.events.map((event) => event.event)).toEqual(expect.not.arrayContaining(['error']));
    expect(answer.events.at(-1)!.event).toBe('done');
    const refused = await preview(tenant, tenant.owner.token);
    expectRefused(refused, 'model_limited', 24 * 60 * 60);
    expectRefused(
      await overview(tenant, tenant.owner.token, session.conversation_id),
      'model_limited',
      24 * 60 * 60,
    );
    expect(model.calls.length).toBe(before);

    expect((await visitorAsks(other)).answer.text).toBe(GENERATED);
  });
});

describe('the circuit breaker', () => {
  it('stops calling a model that failed again and again, for a while, for everyone; then tries it again', async () => {
    const tenant = await school();
    const other = await school();
    down = true;
    try {
      for (let i = 0; i < MODEL_BREAKER_FAILURES; i += 1) {
        const { answer } = await visitorAsks(i % 2 === 0 ? tenant : other);
        expect(answer.text).toBe(EXTRACTIVE);
      }
      expect(model.failures).toBe(MODEL_BREAKER_FAILURES);
      // Open: nobody's question reaches the model, and the console is told to wait.
      expect((await visitorAsks(tenant)).answer.text).toBe(EXTRACTIVE);
      const refused = await preview(other, other.owner.token);
      expectRefused(refused, 'model_unavailable', MODEL_BREAKER_SECONDS);
      expect(refused.body).toMatchObject({
        message: 'The AI model is not answering right now. Try again in 1 min.',
      });
      expect(model.failures).toBe(MODEL_BREAKER_FAILURES);
    } finally {
      down = false;
    }
    server.clock.advance((MODEL_BREAKER_SECONDS + 1) * 1000);
    const calls = model.calls.length;
    expect((await visitorAsks(tenant)).answer.text).toBe(GENERATED);
    expect((await preview(other, other.owner.token)).body.data.method).toBe('llm');
    expect(model.calls.length).toBe(calls + 2);
  });
});
