/**
 * Semantic retrieval against a local embeddings peer (a real HTTP server, testing/embeddings-peer.ts):
 * a trained assistant's passages are embedded in batches by the job, a failed batch leaves the rest
 * to the retry, another model is embedded again, a deleted file takes its vectors, the ranking
 * finds a reworded question's passage within its own tenant, and the peer's failures leave answers
 * as they were. Without EMBEDDINGS_MODEL nothing of it happens.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFile, ask, setFaqs, setKnowledgeBase, startSession } from '../../testing/chat.fixtures';
import { listFiles, uploadFiles } from '../../testing/files.fixtures';
import { createTenant, type Tenant } from '../../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../../testing';
import { startEmbeddingsPeer, type EmbeddingsPeer } from '../../testing/embeddings-peer';
import { retrieve } from '../retrieval';
import { EMBED_BATCH } from './embeddings-client';
import { semanticRanking } from './semantic-search';
import { vectorsRepo } from './vectors.repo';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

let peer: EmbeddingsPeer;
let server: TestServer;

const embeddingsEnv = (model: string) => ({
  EMBEDDINGS_BASE_URL: peer.url,
  EMBEDDINGS_MODEL: model,
  EMBEDDINGS_TIMEOUT_MS: '300',
});

const scopeOf = (tenant: Tenant) => ({
  institutionId: tenant.institution.id,
  assistantId: tenant.assistant.id,
});

/** The vectors stored for a tenant's assistant: model and length of each. */
async function vectorsOf(target: TestServer, tenant: Tenant) {
  const result = await target.database.db.execute(sql`
    select 'chunk' as kind, model, octet_length(vector) as dims from knowledge_chunk_vectors
    where institution_id = ${tenant.institution.id} and product_id = ${tenant.assistant.id}
    union all
    select 'faq', model, octet_length(vector) from product_faq_vectors
    where institution_id = ${tenant.institution.id} and product_id = ${tenant.assistant.id}`);
  return rowsOf<{ kind: string; model: string; dims: number }>(result);
}

async function passageCount(target: TestServer, tenant: Tenant): Promise<number> {
  const result = await target.database.db.execute(sql`
    select (select count(*) from knowledge_chunks where product_id = ${tenant.assistant.id})
      + (select count(*) from product_faqs where product_id = ${tenant.assistant.id}) as count`);
  return Number(rowsOf<{ count: string }>(result)[0]!.count);
}

const TOPICS = [
  'The school bus collects students every morning at 7:30 from the town square.',
  'Enrolment for the next school year opens in March; families enrol their children online.',
  'Lunch is served in the dining hall at one o’clock, with a vegetarian menu every day.',
  'The uniform is a navy jumper and grey trousers, sold at the school shop.',
  'The library lends books for two weeks and opens at eight on weekdays.',
];

/** A file of `count` distinct passages, written straight to the database (no job queued). */
const manyChunks = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => `${tag} passage ${i}: ${TOPICS[i % TOPICS.length]}`);

beforeAll(async () => {
  peer = await startEmbeddingsPeer({ dimensionsOf: (model) => (model === 'peer-b' ? 128 : 256) });
  server = await createTestServer({ env: embeddingsEnv('peer-a') });
});

afterAll(async () => {
  await server.close();
  await peer.close();
});

describe('embedding knowledge', () => {
  it('embeds a trained assistant’s chunks and FAQs in batches when its knowledge changes', async () => {
    const school = await createTenant(server);
    await addFile(server, school, 'handbook.txt', manyChunks(150, 'handbook'));
    const before = peer.requests.length;
    // Saving the FAQs queues the job, which embeds everything of the assistant still lacking a vector.
    await setFaqs(server, school, [
      { question: 'How much is the tuition fee?', answer: 'It is 450 euros a month.' },
      { question: 'Is there a summer camp?', answer: 'Yes, in July.' },
    ]);
    await server.jobs.idle();
    const requests = peer.requests.slice(before);
    expect(requests.every((request) => request.input.length <= EMBED_BATCH)).toBe(true);
    expect(requests.map((request) => request.input.length).reduce((a, b) => a + b, 0)).toBe(152);
    expect(requests).toHaveLength(Math.ceil(152 / EMBED_BATCH));
    expect(requests.every((request) => request.model === 'peer-a')).toBe(true);
    const vectors = await vectorsOf(server, school);
    expect(vectors).toHaveLength(152);
    expect(vectors.filter((vector) => vector.kind === 'faq')).toHaveLength(2);
    expect(new Set(vectors.map((vector) => `${vector.model}/${vector.dims}`))).toEqual(
      new Set(['peer-a/256']),
    );
    // An FAQ's question and answer are embedded together.
    expect(requests.flatMap((request) => request.input)).toContain('Is there a summer camp?\nYes, in July.');
  });

  it('embeds a file once it is processed, and deleting the file deletes its vectors', async () => {
    const school = await createTenant(server);
    const uploaded = await uploadFiles(server, school, [
      { name: 'open-day.txt', bytes: 'Open day is on 14 March.\n\nVisitors are welcome from ten to one.' },
    ]);
    expect(uploaded.status).toBe(201);
    await server.jobs.idle();
    const [file] = await listFiles(server, school);
    expect(file!.state).toBe('ready');
    expect((await vectorsOf(server, school)).length).toBeGreaterThan(0);
    expect(await passageCount(server, school)).toBe((await vectorsOf(server, school)).length);

    const deleted = await server.call(`/api/institution-product/${school.assistant.id}/file/delete`, {
      json: { ids: [file!.id] },
      token: school.owner.token,
      institution: school.institution.id,
    });
    expect(deleted.status).toBe(200);
    expect(await vectorsOf(server, school)).toEqual([]);
  });

  it('resumes after a failed batch: what was stored stays, and the retry embeds only the rest', async () => {
    const school = await createTenant(server);
    await addFile(server, school, 'resume.txt', manyChunks(100, 'resume'));
    // The second batch fails (it holds passage 70) while the first is stored.
    peer.fail = (input) => input.some((text) => text.startsWith('resume passage 70:'));
    const before = peer.requests.length;
    await setKnowledgeBase(server, school, 'Office hours are from nine to five.');
    await server.jobs.idle();
    expect((await vectorsOf(server, school)).length).toBe(EMBED_BATCH);
    const [job] = rowsOf<{ state: string; attempts: number }>(
      await server.database.db.execute(sql`
        select state, attempts from jobs where kind = 'embed_knowledge' and institution_id = ${school.institution.id}`),
    );
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });

    peer.fail = false;
    server.clock.advance(60_000); // past the retry's backoff
    await server.jobs.idle();
    expect((await vectorsOf(server, school)).length).toBe(await passageCount(server, school));
    const retried = peer.requests.slice(before).filter((request) => request.outcome === 'answered');
    // Each passage was embedded once: the first batch was not sent again.
    const texts = retried.flatMap((request) => request.input);
    expect(texts).toHaveLength(new Set(texts).size);
    expect(texts).toHaveLength(101);
  });

  it('embeds everything again with another model, queued at start', async () => {
    const durable = await createTestServer({ env: embeddingsEnv('peer-a'), durable: true });
    const school = await createTenant(durable);
    await setKnowledgeBase(durable, school, TOPICS.join('\n\n'));
    await setFaqs(durable, school, [{ question: 'Is there a summer camp?', answer: 'Yes, in July.' }]);
    await durable.jobs.idle();
    const count = (await vectorsOf(durable, school)).length;
    expect(count).toBeGreaterThan(1);
    await durable.close();

    const before = peer.requests.length;
    const restarted = await createTestServer({ env: embeddingsEnv('peer-b'), reopen: durable.location });
    try {
      await restarted.jobs.idle();
      const vectors = await vectorsOf(restarted, school);
      expect(vectors).toHaveLength(count);
      expect(new Set(vectors.map((vector) => `${vector.model}/${vector.dims}`))).toEqual(
        new Set(['peer-b/128']),
      );
      const requests = peer.requests.slice(before);
      expect(requests.every((request) => request.model === 'peer-b')).toBe(true);
      expect(requests.flatMap((request) => request.input)).toHaveLength(count);
    } finally {
      await restarted.close();
    }
  });
});

describe('semantic ranking', () => {
  let school: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    school = await createTenant(server);
    other = await createTenant(server);
    // One passage a topic (a knowledge-base text this short would be one chunk); the FAQs' save
    // queues the embedding.
    await addFile(server, school, 'topics.txt', TOPICS);
    await addFile(server, other, 'bakery.txt', [
      'Our bakery delivers bread every morning.',
      'Enrolment in the baking course opens in April.',
    ]);
    await setFaqs(server, school, [{ question: 'Is there a summer camp?', answer: 'Yes, in July.' }]);
    await setFaqs(server, other, [{ question: 'Do you bake cakes?', answer: 'Yes, to order.' }]);
    await server.jobs.idle();
  });

  const texts = async (tenant: Tenant, hits: { kind: 'chunk' | 'faq'; id: number }[]) => {
    const rows = await vectorsRepo(server.database.db).passages(scopeOf(tenant), hits);
    return hits.map((hit) => rows.find((row) => row.kind === hit.kind && row.id === hit.id)?.text);
  };

  it('ranks the passage of a reworded question first', async () => {
    const hits = await semanticRanking(server.database.db, scopeOf(school), 'How do I enroll my kids?', 3);
    expect(hits).not.toBeNull();
    expect(hits!.length).toBeGreaterThan(0);
    const [first] = await texts(school, hits!);
    expect(first).toContain('Enrolment for the next school year');
    expect(hits![0]!.score).toBeGreaterThan(hits![1]!.score);
  });

  /** The tenant's own passages, as `kind:id`. */
  const ownPassages = async (tenant: Tenant) => {
    const result = await server.database.db.execute(sql`
      select 'chunk:' || id as key from knowledge_chunks where product_id = ${tenant.assistant.id}
      union all select 'faq:' || id from product_faqs where product_id = ${tenant.assistant.id}`);
    return new Set(rowsOf<{ key: string }>(result).map((row) => row.key));
  };

  it('never ranks another tenant’s passages', async () => {
    // Each asks about the other's knowledge, and gets as many hits as it has passages, its own.
    for (const [tenant, question, count] of [
      [school, 'Does the bakery deliver bread?', TOPICS.length + 1],
      [other, 'When does the school bus come?', 3],
    ] as const) {
      const hits = await semanticRanking(server.database.db, scopeOf(tenant), question, 20);
      const own = await ownPassages(tenant);
      expect(hits).toHaveLength(count);
      expect(hits!.every((hit) => own.has(`${hit.kind}:${hit.id}`))).toBe(true);
    }
  });

  it('adds the semantic hits to the passages retrieval finds, with their cosine', async () => {
    const found = await retrieve(server.database.db, {
      ...scopeOf(school),
      question: 'How do I enroll my kids?',
      limit: 5,
    });
    const enrolment = found.passages.find((passage) => passage.text.includes('Enrolment for the next'));
    const others = found.passages.filter((passage) => passage !== enrolment);
    expect(enrolment?.semantic).toBeGreaterThan(0);
    expect(others.every((passage) => (passage.semantic ?? -1) < enrolment!.semantic!)).toBe(true);
  });

  it('answers lexically when the peer fails or is too slow', async () => {
    const session = await startSession(server, school);
    peer.fail = true;
    const failed = await ask(server, session, 'What time does the school bus come?');
    expect(failed.status).toBe(200);
    expect(failed.text).toContain('7:30');
    expect(
      await semanticRanking(server.database.db, scopeOf(school), 'Which books does the library lend?', 3),
    ).toBeNull();
    peer.fail = false;
    peer.delayMs = 1_000; // past EMBEDDINGS_TIMEOUT_MS
    try {
      const slow = await ask(server, session, 'When is lunch served?');
      expect(slow.status).toBe(200);
      expect(slow.text).toContain('one o’clock');
    } finally {
      peer.delayMs = 0;
    }
  });
});

describe('without EMBEDDINGS_MODEL', () => {
  it('embeds nothing, queues nothing and answers as before', async () => {
    const plain = await createTestServer();
    try {
      const before = peer.requests.length;
      const school = await createTenant(plain);
      await setKnowledgeBase(plain, school, TOPICS.join('\n\n'));
      await setFaqs(plain, school, [{ question: 'Is there a summer camp?', answer: 'Yes, in July.' }]);
      await plain.jobs.idle();
      expect(await vectorsOf(plain, school)).toEqual([]);
      const jobs = await plain.database.db.execute(sql`select 1 from jobs where kind = 'embed_knowledge'`);
      expect(rowsOf(jobs)).toEqual([]);
      expect(await semanticRanking(plain.database.db, scopeOf(school), 'How do I enroll?', 3)).toBeNull();
      const answer = await ask(
        plain,
        await startSession(plain, school),
        'What time does the school bus come?',
      );
      expect(answer.text).toContain('7:30');
      expect(peer.requests.length).toBe(before);
    } finally {
      await plain.close();
    }
  });
});
