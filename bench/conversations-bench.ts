// Conversations at 100k against docs/architecture.md#budgets: the list (p99 <= 50 ms on PGlite), the
// dashboard (<= 200 ms) and the CSV of every conversation (first byte <= 100 ms, all in <= 1.5 s,
// memory growth <= 30 MB), through the server's own queries, in-process, on the embedded PGlite and
// on PostgreSQL (BENCH_DATABASE_URL, started by `npm run bench`).
// Run with `node --import tsx bench/conversations-bench.ts` (npm run bench does).
import { performance } from 'node:perf_hooks';
import type { ConversationFilters } from '../packages/contract/src/conversation';
import { sql } from 'drizzle-orm';
import { staffConversationsRepo } from '../packages/server/src/conversations/staff-conversations.repo';
import { conversationsCsv, csvRecord } from '../packages/server/src/conversations/csv';
import { dashboard } from '../packages/server/src/conversations/dashboard';
import type { Database } from '../packages/server/src/db/database';
import {
  type BudgetRow,
  median,
  onBothDatabases,
  printRows,
  readDownload,
  reportRows,
  round,
  time,
} from './lib/in-process';
import { machine } from './lib/results.mjs';
import { benchAssistant } from './lib/seed';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
/** Whole CSV downloads measured (the median is reported). */
const CSV_RUNS = 3;
const BUDGET = { list: 50, dashboard: 200, csvFirstByte: 100, csvAll: 1500, csvMemoryMb: 30 };
const NOW = new Date('2026-11-20T12:00:00Z');

/** An institution, its assistant and CONVERSATIONS conversations over a year, 4 messages each. */
async function seed(database: Database) {
  const { db } = database;
  const ref = await benchAssistant(db);
  // Questions from a pool of 300; one conversation in five is handed off (both its questions unanswered);
  // one in twenty visitors leaves a contact.
  await db.execute(sql`
    insert into conversations (id, institution_id, product_id, locale, created_at, last_message_at,
      message_count, first_question, handoff, contact, questions, answered, handed_off)
    select gen_random_uuid(), ${ref.institutionId}, ${ref.assistantId},
      case when g % 3 = 0 then 'en' else 'es' end,
      ${NOW}::timestamptz - make_interval(secs => (g * 313) % (365 * 86400)),
      ${NOW}::timestamptz - make_interval(secs => (g * 313) % (365 * 86400)) + interval '3 minutes',
      4, 'Question number ' || (g % 300) || ' about admissions and fees', g % 5 = 0,
      case when g % 20 = 0 then jsonb_build_object('name', 'Visitor ' || g, 'email', 'v' || g || '@example.com',
        'phone', null, 'message', null, 'created_at', ${NOW.toISOString()}::text) end,
      2, case when g % 5 = 0 then 0 else 2 end, case when g % 5 = 0 then 2 else 0 end
    from generate_series(1, ${CONVERSATIONS}) as g`);
  await db.execute(sql`
    insert into messages (institution_id, conversation_id, role, content, handoff, answered, created_at)
    select c.institution_id, c.id, r.role,
      case when r.role = 'user' then c.first_question else 'An answer from the knowledge base.' end,
      r.role = 'assistant' and c.handoff, not c.handoff,
      c.created_at + make_interval(secs => r.n * 30)
    from conversations c
    cross join (values (1, 'user'), (2, 'assistant'), (3, 'user'), (4, 'assistant')) as r(n, role)
    where c.product_id = ${ref.assistantId}`);
  await db.execute(sql`analyze`);
  return ref;
}

async function measure(label: string, database: Database) {
  const seedStart = performance.now();
  const ref = await seed(database);
  console.log(
    `${label}: seeded ${CONVERSATIONS} conversations in ${round((performance.now() - seedStart) / 1000)} s`,
  );
  const repo = staffConversationsRepo(database.db);
  const filters: ConversationFilters = {
    from: null,
    to: null,
    tz: 'Europe/Madrid',
    q: '',
    handoff: false,
    contact: false,
  };
  const lists: [string, ConversationFilters, number, boolean][] = [
    ['list, page 1', filters, 1, true],
    ['list, page 50', filters, 50, true],
    ['list, handed off', { ...filters, handoff: true }, 1, true],
    ['list, contact left', { ...filters, contact: true }, 1, true],
    ['list, last 30 days', { ...filters, from: '2026-10-21', to: '2026-11-20' }, 1, true],
    ['list, text search', { ...filters, q: 'number 42 ' }, 1, false],
    ['list, text search matching all', { ...filters, q: 'fees' }, 1, false],
  ];
  const rows: BudgetRow[] = [];
  // Text searches are reported, not budgeted: they read messages (through the trigram index), and
  // one that every conversation matches costs the counting of 100k matches, whatever the index.
  for (const [what, query, page, budgeted] of lists) {
    const { p50, p99 } = await time(budgeted ? RUNS : 10, () => repo.list(ref, query, { page, perPage: 20 }));
    rows.push({
      database: label,
      what,
      p50: round(p50),
      p99: round(p99),
      budget: budgeted ? `p99 <= ${BUDGET.list} ms` : 'none (reported)',
      ok: !budgeted || p99 <= BUDGET.list,
    });
  }
  for (const [what, range] of [
    ['dashboard, all time', { from: null, to: null, tz: 'Europe/Madrid' }],
    ['dashboard, last 30 days', { from: '2026-10-21', to: '2026-11-20', tz: 'Europe/Madrid' }],
  ] as const) {
    const { p50, p99 } = await time(Math.max(5, RUNS / 10), () => dashboard(database.db, ref, range, NOW));
    rows.push({
      database: label,
      what,
      p50: round(p50),
      p99: round(p99),
      budget: `<= ${BUDGET.dashboard} ms`,
      ok: p99 <= BUDGET.dashboard,
    });
  }

  // The CSV of every conversation, read to its end as a client would: three downloads, the median
  // figures (one sample swung by a third from run to run), and the largest heap growth.
  const downloads: Awaited<ReturnType<typeof readDownload>>[] = [];
  for (let run = 0; run < CSV_RUNS; run += 1) {
    downloads.push(
      await readDownload(() =>
        conversationsCsv(repo.lines(ref, filters, csvRecord('en', 'Europe/Madrid')), 'en'),
      ),
    );
  }
  const firstByte = median(downloads.map((d) => d.firstByte));
  const all = median(downloads.map((d) => d.all));
  const growthMb = Math.max(...downloads.map((d) => d.growthMb));
  const bytes = downloads[0]!.bytes;
  rows.push({
    database: label,
    what: `CSV of ${CONVERSATIONS} (${round(bytes / 2 ** 20)} MB): first byte / all / heap growth`,
    p50: round(firstByte),
    p99: round(all),
    budget: `first byte <= ${BUDGET.csvFirstByte} ms, all <= ${BUDGET.csvAll} ms, growth <= ${BUDGET.csvMemoryMb} MB (${round(growthMb)} MB)`,
    ok: firstByte <= BUDGET.csvFirstByte && all <= BUDGET.csvAll && growthMb <= BUDGET.csvMemoryMb,
  });
  printRows(rows, 60);
  return rows;
}

const rows = await onBothDatabases(measure);

reportRows(
  'conversations',
  `## Conversations at ${CONVERSATIONS.toLocaleString('en')} (bench/conversations-bench.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}. The server's own queries in-process: ${CONVERSATIONS.toLocaleString('en')}
conversations of one assistant over a year, 4 messages each; lists of 20 rows (${RUNS} runs after a warm-up),
dashboards (${Math.max(5, RUNS / 10)} runs), and the whole CSV read to its end ${CSV_RUNS} times. For the CSV the two figures are the medians of
the first byte and the last, in ms. The budget applies to PGlite; PostgreSQL is shown for comparison.`,
  rows,
);
