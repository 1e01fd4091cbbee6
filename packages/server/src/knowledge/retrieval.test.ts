/**
 * Retrieval on the real database: FAQs before documents, sources named, only ready files, one
 * assistant's knowledge only, stemming in Spanish and English, and a bounded candidate set read
 * through the GIN index.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFile, setFaqs, setKnowledgeBase } from '../testing/chat.fixtures';
import { assistantFiles, knowledgeChunks, knowledgeTermTotals, knowledgeTerms } from '../db/knowledge-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { replaceChunks } from './index.repo';
import { contentWords } from './text/question-words';
import {
  CANDIDATES,
  literal,
  RETRIEVAL_PARAM_TYPES,
  RETRIEVAL_SQL,
  retrievalParams,
  retrieve,
} from './retrieval';

let server: TestServer;
let school: Tenant;
let other: Tenant;

/** The rows of `db.execute` (PGlite and node-postgres shape them alike, under `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const ask = async (tenant: Tenant, question: string, limit = 5) =>
  (
    await retrieve(server.database.db, {
      institutionId: tenant.institution.id,
      assistantId: tenant.assistant.id,
      question,
      limit,
    })
  ).passages;

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school' });
  other = await createTenant(server, { name: 'Other School', kind: 'school' });
  await setKnowledgeBase(
    server,
    school,
    'The school bus collects students every morning at 7:30 from the town square.\n\n' +
      'El comedor escolar ofrece menús para alumnos con alergias.',
  );
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'The tuition fee is 450 euros a month.' },
    { question: '¿Cuándo abre la matrícula?', answer: 'La matrícula abre el 1 de marzo.' },
  ]);
  await addFile(server, school, 'fees-2025.pdf', [
    'Tuition fee for 2025: families pay the tuition fee in ten monthly instalments.',
    'Uniforms are sold at the school shop on Wednesdays.',
  ]);
  await addFile(server, school, 'draft.pdf', ['The swimming pool opens in June.'], 'processing');
  await addFile(server, school, 'broken.pdf', ['The swimming pool is heated.'], 'failed');
  await setKnowledgeBase(server, other, 'Our swimming pool and our school bus are free for every student.');
});
afterAll(() => server.close());

describe('retrieve', () => {
  it('puts a strong FAQ match first, with its answer and question', async () => {
    const [first, ...rest] = await ask(school, 'What is the tuition fee?');
    expect(first).toMatchObject({
      strong: true,
      text: 'The tuition fee is 450 euros a month.',
      question: 'How much is the tuition fee?',
      source: { kind: 'faq', title: 'How much is the tuition fee?', file_id: null },
    });
    // The document that holds the same words still follows.
    expect(rest.map((passage) => passage.source)).toContainEqual({
      kind: 'file',
      title: 'fees-2025.pdf',
      file_id: expect.any(Number),
    });
  });

  it('reads no words in markup tags, as the search does not', () => {
    expect(contentWords('<script>window.alert(1)</script> Uniforms? <b>price</b> a<b')).toEqual([
      'window',
      'alert',
      '1',
      'uniforms',
      'price',
    ]);
  });

  it('cites the knowledge base, and a file by its name and id', async () => {
    const [bus] = await ask(school, 'Is there a school bus in the morning?');
    expect(bus).toMatchObject({
      source: { kind: 'knowledge_base', title: null, file_id: null },
      strong: false,
    });
    expect(bus!.text).toContain('7:30');

    const [uniform] = await ask(school, 'Where can I buy uniforms?');
    expect(uniform!.source).toEqual({ kind: 'file', title: 'fees-2025.pdf', file_id: expect.any(Number) });
    // It holds "uniforms", not "buy": part of the question's weight.
    expect(uniform!.support).toBeGreaterThan(0.4);
    expect(uniform!.support).toBeLessThan(1);
  });

  it('matches word forms through stemming, in Spanish and in English', async () => {
    const [spanish] = await ask(school, '¿Tienen menús para alergias?');
    expect(spanish!.text).toContain('alergias');
    const [matricula] = await ask(school, '¿Cuándo abren las matrículas?');
    expect(matricula).toMatchObject({ strong: true, text: 'La matrícula abre el 1 de marzo.' });
    const [english] = await ask(school, 'uniform');
    expect(english!.text).toContain('Uniforms');
  });

  it('ignores files that are not ready', async () => {
    const passages = await ask(school, 'swimming pool');
    expect(passages).toEqual([]);
  });

  it("never returns another assistant's knowledge", async () => {
    const passages = await ask(other, 'tuition fee uniforms menus');
    expect(passages).toEqual([]);
    const own = await ask(other, 'swimming pool');
    expect(own).toHaveLength(1);
    expect(own[0]!.text).toContain('free for every student');
  });

  it('finds nothing without content words, or without a match', async () => {
    expect(await ask(school, 'what is the?')).toEqual([]);
    expect(await ask(school, '¿Qué es lo que hay?')).toEqual([]);
    expect(await ask(school, 'helicopter landing')).toEqual([]);
  });

  it('weighs rare words over common ones, and reads a mistyped word no chunk holds', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    const common = Array.from({ length: 30 }, (_, i) => `Our school offers activity number ${i}.`);
    await addFile(server, tenant, 'school.txt', [
      ...common,
      'The robotics club meets on Thursdays in the school library.',
    ]);
    const found = await retrieve(server.database.db, {
      institutionId: tenant.institution.id,
      assistantId: tenant.assistant.id,
      question: 'When does the school robotcs club meet?',
      limit: 5,
    });
    const weight = (word: string) => found.weights[found.words.indexOf(word)]!;
    // "school" is in every chunk, "club" in one: the rare word weighs more.
    expect(weight('club')).toBeGreaterThan(2 * weight('school'));
    // "robotcs" is in no chunk as written, but the robotics chunk holds it with one letter left out.
    expect(found.unknown).toEqual([]);
    expect(found.passages[0]!.held).toEqual(['school', 'robotcs', 'club', 'meet']);
    expect(found.passages[0]!.support).toBeGreaterThan(0.9);
  });

  it('reads two letters typed the wrong way round', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    const activities = Array.from({ length: 60 }, (_, i) => `Our school offers activity number ${i}.`);
    await addFile(server, tenant, 'school.txt', [
      ...activities,
      'After the founder’s death in 1931, the choir took her name.',
    ]);
    const found = await retrieve(server.database.db, {
      institutionId: tenant.institution.id,
      assistantId: tenant.assistant.id,
      question: 'When did the fuonder of the choir die?',
      limit: 5,
    });
    // No chunk holds "fuonder", yet it is not unknown: the choir's chunk holds it mistyped. "die"
    // is another form than "death" (no hand-made table joins irregular forms): unknown.
    expect(found.unknown).toEqual(['die']);
    expect(found.passages[0]!.text).toContain('death in 1931');
    expect(found.passages[0]!.held).toEqual(['fuonder', 'choir']);
    expect(found.passages[0]!.support).toBeGreaterThan(0.5);
  });

  it('names the words no chunk mentions at all, once the knowledge is large enough to tell', async () => {
    const question = 'Does the school bus go to Zaragoza?';
    const big = await createTenant(server, { kind: 'school' });
    const activities = Array.from({ length: 60 }, (_, i) => `Our school offers activity number ${i}.`);
    await addFile(server, big, 'school.txt', [...activities, 'The school bus leaves at 7:30.']);
    const found = await retrieve(server.database.db, {
      institutionId: big.institution.id,
      assistantId: big.assistant.id,
      question,
      limit: 5,
    });
    expect(found.unknown).toEqual(['go', 'zaragoza']);
    expect(found.passages[0]!.held).toEqual(['school', 'bus']);
    // A few chunks say little by what they lack.
    const small = await retrieve(server.database.db, {
      institutionId: school.institution.id,
      assistantId: school.assistant.id,
      question,
      limit: 5,
    });
    expect(small.unknown).toEqual([]);
  });

  it('gives at most `limit` passages, best supported first', async () => {
    const passages = await ask(school, 'tuition fee uniforms bus', 2);
    expect(passages).toHaveLength(2);
    expect(passages[0]!.hits).toBeGreaterThanOrEqual(passages[1]!.hits);
  });
});

describe('replaceChunks', () => {
  it("replaces one file's chunks, or the knowledge base's, and nothing else", async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    const fileId = await addFile(server, tenant, 'a.txt', ['alpha one', 'alpha two']);
    await addFile(server, tenant, 'b.txt', ['beta one']);
    await setKnowledgeBase(server, tenant, 'gamma one');
    const scope = { institutionId: tenant.institution.id, assistantId: tenant.assistant.id };

    await replaceChunks(server.database.db, {
      ...scope,
      fileId,
      source: 'file',
      chunks: ['alpha three', ' '],
    });
    await setKnowledgeBase(server, tenant, 'delta one');
    const rows = await server.database.db
      .select({ content: knowledgeChunks.content, position: knowledgeChunks.position })
      .from(knowledgeChunks)
      .where(sql`${knowledgeChunks.assistantId} = ${tenant.assistant.id}`)
      .orderBy(knowledgeChunks.content);
    expect(rows).toEqual([
      { content: 'alpha three', position: 0 },
      { content: 'beta one', position: 0 },
      { content: 'delta one', position: 0 },
    ]);
    // The words' chunk counts follow: the replaced chunks' are gone, the others' kept.
    const terms = await server.database.db
      .select({ lexeme: knowledgeTerms.lexeme, chunks: sql<number>`sum(${knowledgeTerms.chunks})::integer` })
      .from(knowledgeTerms)
      .where(sql`${knowledgeTerms.assistantId} = ${tenant.assistant.id}`)
      .groupBy(knowledgeTerms.lexeme)
      .orderBy(knowledgeTerms.lexeme);
    expect(terms).toEqual([
      { lexeme: '', chunks: 3 },
      { lexeme: 'alpha', chunks: 1 },
      { lexeme: 'beta', chunks: 1 },
      { lexeme: 'delta', chunks: 1 },
      { lexeme: 'one', chunks: 2 },
      { lexeme: 'three', chunks: 1 },
    ]);
    // The per-assistant totals the search reads follow, through deletes and a file's removal too.
    const totals = () =>
      server.database.db
        .select({ lexeme: knowledgeTermTotals.lexeme, chunks: knowledgeTermTotals.chunks })
        .from(knowledgeTermTotals)
        .where(sql`${knowledgeTermTotals.assistantId} = ${tenant.assistant.id}`)
        .orderBy(knowledgeTermTotals.lexeme);
    expect(await totals()).toEqual(terms);
    await server.database.db.delete(assistantFiles).where(sql`${assistantFiles.id} = ${fileId}`);
    expect(await totals()).toEqual([
      { lexeme: '', chunks: 2 },
      { lexeme: 'beta', chunks: 1 },
      { lexeme: 'delta', chunks: 1 },
      { lexeme: 'one', chunks: 2 },
    ]);
  });

  it('indexes each chunk in its own language', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    await addFile(server, tenant, 'mixed.txt', [
      'The library is open every afternoon for the students.',
      'La biblioteca está abierta todas las tardes para los alumnos.',
      '2025',
    ]);
    const rows = await server.database.db.execute(
      sql`select content, language::text as language from knowledge_chunks
          where product_id = ${tenant.assistant.id} order by position`,
    );
    const languages = rowsOf<{ language: string }>(rows).map((row) => row.language);
    // A chunk that says nothing about its language takes the document's (here: a tie, simple).
    expect(languages.slice(0, 2)).toEqual(['english', 'spanish']);
    expect(['english', 'spanish', 'simple']).toContain(languages[2]);
  });
});

describe('FAQs', () => {
  it('are stored with the language of each question and answer', async () => {
    const rows = await server.database.db.execute(
      sql`select question, language::text as language from product_faqs
          where product_id = ${school.assistant.id} order by position`,
    );
    expect(rowsOf(rows)).toEqual([
      { question: 'How much is the tuition fee?', language: 'english' },
      { question: '¿Cuándo abre la matrícula?', language: 'spanish' },
    ]);
  });
});

describe('the retrieval statement', () => {
  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Alias?: string;
    'Actual Rows'?: number;
    'Actual Loops'?: number;
    Plans?: PlanNode[];
  }
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

  /** EXPLAIN (ANALYZE) of the prepared statement for a question, as plan nodes. */
  async function explain(tenant: Tenant, question: string): Promise<PlanNode[]> {
    const params = retrievalParams(
      { institutionId: tenant.institution.id, assistantId: tenant.assistant.id },
      contentWords(question),
      'en',
      10,
    );
    return server.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare explain_retrieval ${RETRIEVAL_PARAM_TYPES} as ${RETRIEVAL_SQL}`));
      const result = await tx.execute(
        sql.raw(
          `explain (analyze, format json) execute explain_retrieval(${params.map(literal).join(', ')})`,
        ),
      );
      await tx.execute(sql.raw('deallocate explain_retrieval'));
      const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(result);
      const plan = row!['QUERY PLAN'];
      return nodes((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
    });
  }

  it('reads a bounded set of candidates through the GIN index, however many chunks match', async () => {
    const tenant = await createTenant(server, { kind: 'school' });
    // 3,000 chunks that all hold "campus", one that holds "observatory".
    const chunks = Array.from(
      { length: 3000 },
      (_, i) => `Campus note ${i}: the campus opens at ${i % 12} and closes late.`,
    );
    chunks[1234] = 'The campus observatory opens on clear nights.';
    await addFile(server, tenant, 'campus.txt', chunks);
    await server.database.db.execute(sql`analyze knowledge_chunks`);

    const rare = await explain(tenant, 'observatory');
    expect(rare.some((node) => node['Index Name'] === 'knowledge_chunks_tsv_idx')).toBe(true);

    const common = await explain(tenant, 'When does the campus open?');
    const candidateScans = common.filter(
      (node) =>
        node['Relation Name'] === 'knowledge_chunks' &&
        node.Alias !== 'c' &&
        node['Node Type'].endsWith('Scan'),
    );
    expect(candidateScans.length).toBeGreaterThan(0);
    const read = candidateScans.reduce(
      (sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1),
      0,
    );
    expect(read).toBeLessThanOrEqual(CANDIDATES);

    const passages = await ask(tenant, 'When does the campus observatory open?', 3);
    expect(passages[0]!.text).toBe('The campus observatory opens on clear nights.');
  });
});
