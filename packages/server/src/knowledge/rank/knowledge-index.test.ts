/**
 * The sentence index of an assistant's knowledge, held per process: built once, used again while
 * the knowledge is unchanged, built again after any save of its text or FAQs, and never another
 * assistant's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFaqs, setKnowledgeBase } from '../../chat/chat.fixtures';
import { createTenant, type Tenant } from '../../institutions/institutions.fixtures';
import { createTestServer, type TestServer } from '../../testing';
import { knowledgeIndex } from './knowledge-index';

let server: TestServer;
let school: Tenant;
let other: Tenant;

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
});
