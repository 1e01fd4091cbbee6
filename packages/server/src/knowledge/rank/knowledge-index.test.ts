/**
 * The sentence index of an assistant's knowledge, held per process: built once, used again while
 * the knowledge is unchanged, built again after any save of its text or FAQs, and never another
 * assistant's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFaqs, setKnowledgeBase } from '../../testing/chat.fixtures';
import { createTenant, type Tenant } from '../../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../../testing';
import {
  INDEX_BUILD_MB,
  indexBuilds,
  knowledgeIndex,
  PACED_INDEX_BYTES,
  type Pacing,
} from './knowledge-index';
import { buildSentenceIndexInSlices } from './sentence-index';

let server: TestServer;
let school: Tenant;
let other: Tenant;
let paced: Tenant;

const scopeOf = (tenant: Tenant) => ({
  institutionId: tenant.institution.id,
  assistantId: tenant.assistant.id,
});
const texts = async (tenant: Tenant) =>
  (await knowledgeIndex(server.database.db, scopeOf(tenant))).sentences.map((sentence) => sentence.text);

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school' });
  other = await createTenant(server, { name: 'Colegio Sur', kind: 'school' });
  await setKnowledgeBase(server, other, 'The other school has a swimming pool.');
  paced = await createTenant(server, { name: 'Colegio Este', kind: 'school' });
});
afterAll(() => server.close());

describe('knowledgeIndex', () => {
  it('holds the knowledge-base text and the FAQ answers, with their sources', async () => {
    await setKnowledgeBase(server, school, 'The bus leaves at 7:30. It stops at the square.');
    await setFaqs(server, school, [{ question: 'Is there a canteen?', answer: 'Yes, lunch is at one.' }]);
    const index = await knowledgeIndex(server.database.db, scopeOf(school));
    expect(index.sentences.map((sentence) => sentence.text)).toEqual([
      'The bus leaves at 7:30.',
      'It stops at the square.',
      'Yes, lunch is at one.',
    ]);
    expect(index.chunks.map((chunk) => chunk.source)).toEqual([
      { kind: 'knowledge_base', title: null, file_id: null },
      { kind: 'faq', title: 'Is there a canteen?', file_id: null },
    ]);
  });

  it('is built once while the knowledge is unchanged, and again after a save', async () => {
    const first = await knowledgeIndex(server.database.db, scopeOf(school));
    expect(await knowledgeIndex(server.database.db, scopeOf(school))).toBe(first);

    await setKnowledgeBase(server, school, 'The bus leaves at 8:00.');
    expect(await texts(school)).toEqual(['The bus leaves at 8:00.', 'Yes, lunch is at one.']);
    await setFaqs(server, school, []);
    expect(await texts(school)).toEqual(['The bus leaves at 8:00.']);
    await setKnowledgeBase(server, school, '');
    expect(await texts(school)).toEqual([]);
  });

  it('builds a small index again after a save even when its build was slow (a loaded machine)', async () => {
    // Every build counts as slow, as on a machine so loaded that a few sentences take 100 ms.
    const loaded: Pacing = {
      pacedBuildMs: 0,
      pacedBytes: PACED_INDEX_BYTES,
      intervalFactor: 1e6,
      now: () => performance.now(),
    };
    const loadedTexts = async () =>
      (await knowledgeIndex(server.database.db, scopeOf(school), loaded)).sentences.map((one) => one.text);
    await setKnowledgeBase(server, school, 'Lunch is at one.');
    expect(await loadedTexts()).toContain('Lunch is at one.');
    await setKnowledgeBase(server, school, 'Lunch is at two.');
    expect(await loadedTexts()).toContain('Lunch is at two.');
    await setKnowledgeBase(server, school, '');
  });

  it('tells the language most of the knowledge is written in, none when it mixes two', async () => {
    await setKnowledgeBase(
      server,
      school,
      'The school bus collects students every morning at 7:30 from the town square.',
    );
    expect((await knowledgeIndex(server.database.db, scopeOf(school))).language).toBe('en');
    await setKnowledgeBase(
      server,
      school,
      'The school bus collects students every morning at 7:30 from the town square.\n\n' +
        'El transporte escolar recoge a los alumnos cada mañana a las 7:30 en la plaza.',
    );
    expect((await knowledgeIndex(server.database.db, scopeOf(school))).language).toBeNull();
    await setKnowledgeBase(server, school, '');
    expect((await knowledgeIndex(server.database.db, scopeOf(school))).language).toBeNull();
  });

  it("never holds another assistant's knowledge", async () => {
    expect(await texts(other)).toEqual(['The other school has a swimming pool.']);
    expect(await texts(school)).not.toContain('The other school has a swimming pool.');
  });

  it('answers from the index held while a slow build was done too lately, then builds it again', async () => {
    // Every build counts as slow here, and waits a million times its own length before the next.
    let clock = 0;
    const pacing: Pacing = {
      pacedBuildMs: 0,
      pacedBytes: 0,
      intervalFactor: 1e6,
      now: () => clock + performance.now(),
    };
    const pacedTexts = async () =>
      (await knowledgeIndex(server.database.db, scopeOf(paced), pacing)).sentences.map((one) => one.text);
    await setKnowledgeBase(server, paced, 'Fees are due in March.');
    expect(await pacedTexts()).toEqual(['Fees are due in March.']);

    await setKnowledgeBase(server, paced, 'Fees are due in April.');
    expect(await pacedTexts()).toEqual(['Fees are due in March.']);
    await setKnowledgeBase(server, paced, 'Fees are due in May.');
    expect(await pacedTexts()).toEqual(['Fees are due in March.']);

    clock += 1e9;
    expect(await pacedTexts()).toEqual(['Fees are due in May.']);
  });

  it('builds once for the questions that arrive while it builds', async () => {
    await setKnowledgeBase(server, paced, 'The library opens at nine.');
    const scope = scopeOf(paced);
    const [first, second] = await Promise.all([
      knowledgeIndex(server.database.db, scope),
      knowledgeIndex(server.database.db, scope),
    ]);
    expect(second).toBe(first);
    expect(first.sentences.map((one) => one.text)).toEqual(['The library opens at nine.']);
  });
});

describe('index builds', () => {
  it('wait while the process builds as much as it may at once, and run when room is made', async () => {
    await setKnowledgeBase(server, paced, 'The gym opens at eight.');
    const release = (await indexBuilds.acquire(INDEX_BUILD_MB))[1];
    let built = false;
    const asked = knowledgeIndex(server.database.db, scopeOf(paced)).then((index) => {
      built = true;
      return index;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(built).toBe(false);
    release();
    expect((await asked).sentences.map((one) => one.text)).toEqual(['The gym opens at eight.']);
  });
});

describe('buildSentenceIndexInSlices', () => {
  it('lets other work run while a large knowledge base is indexed', async () => {
    const chunks = Array.from({ length: 3000 }, (_, at) => ({
      text: `Paragraph ${at} tells that the school bus number ${at} leaves from stop ${at} at seven in the morning. It comes back at five.`,
      language: 'en' as const,
    }));
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 1);
    const index = await buildSentenceIndexInSlices(chunks);
    clearInterval(ticking);
    expect(index.sentences).toHaveLength(3001);
    expect(ticks).toBeGreaterThan(0);
  });
});
