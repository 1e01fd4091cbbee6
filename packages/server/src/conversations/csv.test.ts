/**
 * The CSV lines the database renders: RFC 4180 fields that csv-parse reads back exactly, formulas
 * neutralised, and every conversation once across chunks, even those that share a timestamp or
 * differ by a microsecond. The download route itself is in conversations.test.ts.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../db/conversations-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { staffConversationsRepo } from './staff-conversations.repo';
import { field, neutralise, unneutralise } from '../http/csv';
import { conversationsCsv, csvRecord } from './csv';

let server: TestServer;
let school: Tenant;
const filters = { from: null, to: null, tz: 'Europe/Madrid', q: '', handoff: false, contact: false };

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Este', kind: 'school', country: 'ES' });
});
afterAll(() => server.close());

const ref = () => ({ institutionId: school.institution.id, assistantId: school.assistant.id });

async function download(sizes?: { first: number; batch: number }): Promise<string[][]> {
  const repo = staffConversationsRepo(server.database.db);
  const stream = conversationsCsv(repo.lines(ref(), filters, csvRecord('en', filters.tz), sizes), 'en');
  const text = await new Response(stream).text();
  return parse(text.replace(/^\uFEFF/, '')) as string[][];
}

describe('the CSV lines', () => {
  it('are fields csv-parse reads back exactly, with formulas neutralised', async () => {
    const tricky = ['=1+1', '+34 600', '-2', '@SUM(A1)', '\tTab', 'a, "quoted"\nnew line', 'plain ñandú'];
    await server.database.db.insert(conversations).values(
      tricky.map((text, i) => ({
        ...ref(),
        locale: 'es',
        firstQuestion: text,
        lastMessageAt: new Date(Date.UTC(2026, 0, 1, 10, i)),
        contact: { name: text, email: 'a@example.com', phone: null, message: null, created_at: '' },
        overview: {
          summary: text,
          intent: 'enrolment' as const,
          topics: ['fees', text],
          unanswered_questions: [],
          contact: { name: null, email: null, phone: null },
          urgency: 'low' as const,
          next_step: 'Call back',
          language: 'en' as const,
          generated_at: '',
          generator: 'extractive' as const,
        },
      })),
    );
    const [headers, ...records] = await download();
    expect(headers).toEqual(expect.arrayContaining(['First question', 'Contact name', 'Topics']));
    const column = (name: string) => headers!.indexOf(name);
    // Newest interaction first.
    expect(records.map((record) => record[column('First question')])).toEqual(
      [...tricky].reverse().map(neutralise),
    );
    for (const [i, record] of [...records].reverse().entries()) {
      expect(record[column('Contact name')]).toBe(neutralise(tricky[i]!));
      expect(record[column('Summary')]).toBe(neutralise(tricky[i]!));
      expect(record[column('Topics')]).toBe(`fees; ${tricky[i]}`);
      expect(record[column('Last interaction')]).toBe(`01/01/2026 11:0${i}`);
      expect(record).toHaveLength(headers!.length);
    }
  });

  it('hold every conversation once across chunks, ties and microseconds included', async () => {
    await server.database.db.delete(conversations).where(sql`true`);
    // Ten conversations at one instant, and ten a microsecond apart.
    await server.database.db.execute(sql`
      insert into conversations (institution_id, product_id, locale, last_message_at)
      select ${school.institution.id}, ${school.assistant.id}, 'en',
        timestamptz '2026-02-01 10:00:00.000500+00' + case when g > 10 then make_interval(secs => g * 0.000001) else interval '0' end
      from generate_series(1, 20) g`);
    const all = (await download()).slice(1).map((record) => record[0]);
    expect(new Set(all).size).toBe(20);
    for (const sizes of [
      { first: 1, batch: 2 },
      { first: 3, batch: 7 },
      { first: 20, batch: 20 },
    ]) {
      expect((await download(sizes)).slice(1).map((record) => record[0])).toEqual(all);
    }
  });
});

describe('field', () => {
  it('quotes every field', () => {
    expect(field('plain')).toBe('"plain"');
    expect(field('')).toBe('""');
    expect(field('a,b')).toBe('"a,b"');
    expect(field('say "hi"')).toBe('"say ""hi"""');
    expect(field('two\nlines')).toBe('"two\nlines"');
  });
});

describe('neutralise', () => {
  it('puts an apostrophe before a formula starting a cell or after a separator or a line break, and drops NUL', () => {
    expect(neutralise('=1+1')).toBe("'=1+1");
    expect(neutralise('Acme;=HYPERLINK("x")')).toBe('Acme;\'=HYPERLINK("x")');
    expect(neutralise('a,+1\tb\t-2\n@SUM(A1)\r=3')).toBe("a,'+1\tb\t'-2\n'@SUM(A1)\r'=3");
    expect(neutralise('a;\t=b')).toBe("a;'\t'=b");
    expect(neutralise('nu\u0000ll=0')).toBe('null=0');
    expect(neutralise('5 - 3, 2; a=b')).toBe('5 - 3, 2; a=b');
    const typed = 'a,+1\tb\t-2\n@SUM(A1);\t=b';
    expect(unneutralise(neutralise(typed))).toBe(typed);
  });
});

describe('the CSV lines the database renders', () => {
  it('neutralise as neutralise does and quote every field', async () => {
    await server.database.db.delete(conversations).where(sql`true`);
    const tricky = 'Hola;=HYPERLINK("http://evil.example")\n-2,@x\t+1';
    await server.database.db.insert(conversations).values({ ...ref(), locale: 'es', firstQuestion: tricky });
    const repo = staffConversationsRepo(server.database.db);
    const stream = conversationsCsv(repo.lines(ref(), filters, csvRecord('en', filters.tz)), 'en');
    const text = (await new Response(stream).text()).replace(/^\uFEFF/, '');
    const [headers, record] = parse(text) as string[][];
    expect(record![4]).toBe(neutralise(tricky));
    // Every field quoted: the headers, the id, the dates, the counts and the empty cells too.
    expect(text).toMatch(/^"ID","Started",/);
    expect(text.split('\n')[1]).toMatch(
      /^"[\da-f-]+","\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}","[^"]*","0","Hola;'=/,
    );
    // The overview's empty cells, then the ratings' counts.
    expect(text.trimEnd().endsWith(',"","0","0"')).toBe(true);
    expect(record).toHaveLength(headers!.length);
  });
});
