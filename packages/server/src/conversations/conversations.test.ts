/**
 * Conversations for staff through HTTP: the list and its filters, a transcript, the overview made
 * on demand, bulk delete (all or nothing), the CSV download and the dashboard. Access rules of every
 * route are walked in guards/guards.test.ts; the visitor's contact is in contact.test.ts.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type {
  ConversationDetail,
  ConversationListItem,
  Dashboard,
  Overview,
} from '@conversa/contract/conversation';
import { PAGINATION_HEADERS } from '@conversa/contract/http';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, setFaqs, startSession, updateAssistant } from '../testing/chat.fixtures';
import { conversations } from '../db/conversations-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, signIn, type TestServer } from '../testing';

let server: TestServer;
let school: Tenant;
let other: Tenant;
/** Conversation ids, by what happened in them. */
const ids = { answered: '', unanswered: '', formula: '', similar: '' };

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const listUrl = (tenant: Tenant, query = '') =>
  `/api/institution-product/${tenant.assistant.id}/conversation${query ? `?${query}` : ''}`;

/** A visitor's conversation of questions; resolves to its id. */
async function converse(tenant: Tenant, questions: string[]): Promise<string> {
  const session = await startSession(server, tenant);
  for (const question of questions) {
    const answer = await ask(server, session, question);
    if (answer.status !== 200) throw new Error(`ask answered ${answer.status}`);
    server.clock.advance(1_000);
  }
  return session.conversation_id;
}

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Sur', kind: 'school', country: 'ES' });
  other = await createTenant(server, { name: 'Otra Escuela', kind: 'school', country: 'ES' });
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'The tuition fee is 450 euros a month.' },
  ]);
  await updateAssistant(server, school, {
    handoff: { name: 'Ana', email: 'admisiones@example.com', phone: null, hours: null, message: null },
  });
  ids.answered = await converse(school, ['How much is the tuition fee?']);
  server.clock.advance(3 * 86_400_000);
  // Three days on, the owners' staff sessions have ended: they sign in again.
  school.owner.token = await signIn(server, school.owner.id);
  other.owner.token = await signIn(server, other.owner.id);
  ids.unanswered = await converse(school, ['Do you have a swimming pool?']);
  ids.formula = await converse(school, ['=HYPERLINK("http://evil.example","click")']);
  ids.similar = await converse(school, ['Is there a swimming pool at the school?']);
  await converse(other, ['Other tenant question about the swimming pool?']);
});
afterAll(() => server.close());

describe('GET institution-product/{id}/conversation', () => {
  it('lists the conversations, newest interaction first, with the list columns and page headers', async () => {
    const { status, headers, body } = await server.call<{ data: ConversationListItem[] }>(
      listUrl(school, 'per-page=2'),
      asOwner(school),
    );
    expect(status).toBe(200);
    expect(body.data.map((row) => row.id)).toEqual([ids.similar, ids.formula]);
    expect(headers.get(PAGINATION_HEADERS.totalCount)).toBe('4');
    expect(headers.get(PAGINATION_HEADERS.pageCount)).toBe('2');
    const [first] = body.data;
    expect(first).toMatchObject({
      first_question: 'Is there a swimming pool at the school?',
      message_count: 2,
      handoff: true,
      contact: null,
      has_overview: false,
    });
    expect(Date.parse(first!.last_interaction_at)).toBeGreaterThanOrEqual(Date.parse(first!.started_at));
  });

  it('filters by handoff, by text in any message and by the last interaction date', async () => {
    const list = async (query: string) =>
      (
        await server.call<{ data: ConversationListItem[] }>(listUrl(school, query), asOwner(school))
      ).body.data.map((row) => row.id);
    expect(await list('handoff=true')).not.toContain(ids.answered);
    expect((await list('handoff=true')).length).toBe(3);
    // Text of the answer counts too ("450 euros" is only in the assistant's message).
    expect(await list('q=450%20euros')).toEqual([ids.answered]);
    expect(await list('q=SWIMMING')).toEqual([ids.similar, ids.unanswered]);
    expect(await list('q=100%25')).toEqual([]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const answeredDay = day(server.clock.now().getTime() - 3 * 86_400_000 - 10_000);
    expect(await list(`from=${answeredDay}&to=${answeredDay}`)).toEqual([ids.answered]);
    expect(await list(`to=${answeredDay}`)).toEqual([ids.answered]);
    expect((await list(`from=${day(server.clock.now().getTime())}`)).length).toBe(3);
    expect(await list('contact=true')).toEqual([]);
  });

  it('refuses an end before the start with the translated text, and bad dates', async () => {
    const { status, body } = await server.call(listUrl(school, 'from=2026-03-10&to=2026-03-01'), {
      ...asOwner(school),
      locale: 'es',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'validation_failed',
      issues: [
        {
          path: 'to',
          code: 'end_before_start',
          message: 'La fecha de fin no puede ser anterior a la fecha de inicio',
        },
      ],
    });
    for (const query of [
      'from=2026-02-30',
      'to=1899-12-31',
      'from=yesterday',
      'tz=Mars/Base',
      'handoff=yes',
    ]) {
      const answer = await server.call(listUrl(school, query), asOwner(school));
      expect(answer.status, query).toBe(400);
    }
  });
});

describe('GET conversation/{id}', () => {
  it('answers the transcript as the visitor saw it: sources and the handoff card', async () => {
    const { status, body } = await server.call<{ data: ConversationDetail }>(
      `/api/conversation/${ids.answered}`,
      asOwner(school),
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: ids.answered,
      institution_product_id: school.assistant.id,
      contact: null,
      overview: null,
    });
    expect(body.data.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(body.data.messages[1]!.sources[0]).toMatchObject({ kind: 'faq' });

    const unanswered = await server.call<{ data: ConversationDetail }>(
      `/api/conversation/${ids.unanswered}`,
      // Without X-Institution-Id the conversation names its institution.
      { token: school.owner.token },
    );
    expect(unanswered.body.data.messages[1]!.handoff).toMatchObject({ email: 'admisiones@example.com' });
  });

  it('is a 404 for another institution, a header naming another, or an id that is no UUID', async () => {
    for (const [path, options] of [
      [`/api/conversation/${ids.answered}`, asOwner(other)],
      [`/api/conversation/${ids.answered}`, { token: school.owner.token, institution: other.institution.id }],
      ['/api/conversation/not-a-uuid', asOwner(school)],
    ] as const) {
      const { status } = await server.call(path, options);
      expect(status, path).toBe(404);
    }
  });
});

describe('POST conversation/{id}/overview', () => {
  it('makes the overview on demand (extractive without an LLM), stores it and makes it again', async () => {
    const url = `/api/conversation/${ids.unanswered}/overview`;
    const { status, body } = await server.call<{ data: Overview }>(url, {
      method: 'POST',
      ...asOwner(school),
    });
    expect(status).toBe(200);
    expect(body.data.generator).toBe('extractive');
    expect(body.data.summary).not.toBe('');
    expect(body.data.unanswered_questions).toEqual(['Do you have a swimming pool?']);

    const detail = await server.call<{ data: ConversationDetail }>(
      `/api/conversation/${ids.unanswered}`,
      asOwner(school),
    );
    expect(detail.body.data.overview).toEqual(body.data);
    const list = await server.call<{ data: ConversationListItem[] }>(listUrl(school), asOwner(school));
    expect(list.body.data.find((row) => row.id === ids.unanswered)?.has_overview).toBe(true);

    server.clock.advance(60_000);
    const again = await server.call<{ data: Overview }>(url, { method: 'POST', ...asOwner(school) });
    expect(Date.parse(again.body.data.generated_at)).toBeGreaterThan(Date.parse(body.data.generated_at));
  });
});

describe('GET institution-product/{id}/conversation/download', () => {
  it('streams the filtered list as CSV: BOM, headers in the reader language, formulas neutralised', async () => {
    const response = await server.request(
      `/api/institution-product/${school.assistant.id}/conversation/download?q=HYPERLINK`,
      { ...asOwner(school), locale: 'es' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="conversations-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(new TextDecoder().decode(bytes.slice(3))) as string[][];
    expect(records[0]).toContain('Primera pregunta');
    expect(records).toHaveLength(2);
    const row = records[1]!;
    expect(row[0]).toBe(ids.formula);
    expect(row[4]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row[6]).toBe('sí');
  });

  it("writes dates as DD/MM/YYYY HH:mm in the reader's time zone, as the console shows them", async () => {
    const [listed] = (
      await server.call<{ data: ConversationListItem[] }>(listUrl(school, 'q=HYPERLINK'), asOwner(school))
    ).body.data;
    for (const tz of ['America/Mexico_City', 'Asia/Kolkata']) {
      const response = await server.request(
        `/api/institution-product/${school.assistant.id}/conversation/download?q=HYPERLINK&tz=${tz}`,
        asOwner(school),
      );
      const [headers, row] = parse((await response.text()).replace(/^\uFEFF/, '')) as string[][];
      const cell = (name: string) => row![headers!.indexOf(name)];
      expect(cell('Started')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      expect(cell('Started')).toBe(formatDateTime(listed!.started_at, tz));
      expect(cell('Last interaction')).toBe(formatDateTime(listed!.last_interaction_at, tz));
    }
  });

  it('downloads every row in the list order, across batches', async () => {
    const response = await server.request(
      `/api/institution-product/${school.assistant.id}/conversation/download`,
      asOwner(school),
    );
    const records = parse((await response.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(records[0]![0]).toBe('ID');
    expect(records.slice(1).map((record) => record[0])).toEqual([
      ids.similar,
      ids.formula,
      ids.unanswered,
      ids.answered,
    ]);
  });
});

describe('GET institution-product/{id}/dashboard', () => {
  it('counts conversations, questions and handoffs, and groups similar unanswered questions', async () => {
    const { status, body } = await server.call<{ data: Dashboard }>(
      `/api/institution-product/${school.assistant.id}/dashboard`,
      asOwner(school),
    );
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({
      conversations: 4,
      questions: 4,
      answered: 1,
      handed_off: 3,
      contacts: 0,
      median_messages: 2,
    });
    const pool = data.unanswered.find((group) => /swimming pool/i.test(group.question));
    expect(pool?.count).toBe(2);
    expect([ids.similar, ids.unanswered]).toContain(pool?.conversation_id);
    expect(data.top_questions).toHaveLength(4);
    expect(data.per_day.reduce((sum, day) => sum + day.conversations, 0)).toBe(4);
    expect(data.per_day.reduce((sum, day) => sum + day.questions, 0)).toBe(4);
    // Days without conversations are there too, at zero.
    expect(data.per_day.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps to the range, ending by today', async () => {
    const today = server.clock.now().toISOString().slice(0, 10);
    const { body } = await server.call<{ data: Dashboard }>(
      `/api/institution-product/${school.assistant.id}/dashboard?from=${today}&to=2099-12-31`,
      asOwner(school),
    );
    expect(body.data.conversations).toBe(3);
    expect(body.data.per_day.map((day) => day.date)).toEqual([today]);
  });
});

describe('POST conversation/delete', () => {
  it('refuses the whole request when any id is not the institution s, and deletes nothing', async () => {
    const [foreign] = (await server.call<{ data: ConversationListItem[] }>(listUrl(other), asOwner(other)))
      .body.data;
    const { status } = await server.call('/api/conversation/delete', {
      method: 'POST',
      ...asOwner(school),
      json: { ids: [ids.formula, foreign!.id] },
    });
    expect(status).toBe(404);
    const left = await server.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, ids.formula));
    expect(left).toHaveLength(1);
  });

  it('deletes the named conversations with the spec text', async () => {
    const { status, body } = await server.call('/api/conversation/delete', {
      method: 'POST',
      ...asOwner(school),
      json: { ids: [ids.formula, ids.formula.toUpperCase()] },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: { message: 'Delete successfully.' } });
    const detail = await server.call(`/api/conversation/${ids.formula}`, asOwner(school));
    expect(detail.status).toBe(404);
  });

  it('refuses an empty list and ids that are not UUIDs', async () => {
    for (const json of [{ ids: [] }, { ids: ['1'] }, { ids: 'x' }, {}]) {
      const { status } = await server.call('/api/conversation/delete', {
        method: 'POST',
        ...asOwner(school),
        json,
      });
      expect(status, JSON.stringify(json)).toBe(400);
    }
  });
});
