// Issue 36: a retention run purging 100k expired conversations (4 messages each), in-process on the
// embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL): how long the run takes, and the p99 of
// the conversation list of another assistant (the staff API's heaviest read) sampled while it runs,
// against the list's budget (p99 <= 50 ms on PGlite). The run deletes in batches of 250, each its
// own transaction, so reads go between them. Run with `node --import tsx bench/retention-bench.ts`.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createLogger } from '../packages/server/src/logging/logger';
import type { ConversationFilters } from '../packages/contract/src/conversation';
import { staffConversationsRepo } from '../packages/server/src/conversations/staff-conversations.repo';
import type { Database } from '../packages/server/src/db/database';
import { runRetention } from '../packages/server/src/privacy/retention.service';
import { type BudgetRow, onBothDatabases, printRows, reportRows, round } from './lib/in-process';
import { machine } from './lib/results.mjs';
import { benchAssistant } from './lib/seed';

const EXPIRED = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
/** Conversations of the assistant staff keep reading while the purge runs (not expired). */
const KEPT = 5_000;
const BUDGET_LIST_P99 = 50;
const NOW = new Date();

async function seed(database: Database) {
  const { db } = database;
  const expired = await benchAssistant(db);
  const [kept] = (
    (await db.execute(sql`
      insert into institution_products (institution_id, type, name)
      values (${expired.institutionId}, 'admission', 'Read while purging') returning id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const keptId = kept!.id;
  const insert = (assistantId: number, count: number, ageDays: number) =>
    db.execute(sql`
      insert into conversations (id, institution_id, product_id, locale, created_at, last_message_at,
        message_count, first_question, questions, answered)
      select gen_random_uuid(), ${expired.institutionId}, ${assistantId}, 'es',
        ${NOW}::timestamptz - make_interval(days => ${ageDays}) - make_interval(secs => g),
        ${NOW}::timestamptz - make_interval(days => ${ageDays}) - make_interval(secs => g) + interval '3 minutes',
        4, 'Question number ' || (g % 300), 2, 2
      from generate_series(1, ${count}) as g`);
  await insert(expired.assistantId, EXPIRED, 400);
  await insert(keptId, KEPT, 1);
  await db.execute(sql`
    insert into messages (institution_id, conversation_id, role, content, created_at)
    select c.institution_id, c.id, r.role, 'A message of the conversation.', c.created_at + make_interval(secs => r.n)
    from conversations c cross join (values (1, 'user'), (2, 'assistant'), (3, 'user'), (4, 'assistant')) as r(n, role)
    where c.institution_id = ${expired.institutionId}`);
  await db.execute(sql`
    insert into institution_retention (institution_id, conversations_days, time_zone)
    values (${expired.institutionId}, 365, 'Europe/Madrid')`);
  await db.execute(sql`analyze`);
  return { institutionId: expired.institutionId, keptId };
}

async function measure(label: string, database: Database): Promise<BudgetRow[]> {
  const seedStart = performance.now();
  const { institutionId, keptId } = await seed(database);
  console.log(
    `${label}: seeded ${EXPIRED} expired conversations in ${round((performance.now() - seedStart) / 1000)} s`,
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
  const list = () => repo.list({ institutionId, assistantId: keptId }, filters, { page: 1, perPage: 20 });
  await list();

  const samples: number[] = [];
  let running = true;
  const reader = (async () => {
    while (running) {
      const start = performance.now();
      await list();
      samples.push(performance.now() - start);
      // A staff member's pace: a read every 20 ms.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const clock = { now: () => new Date() };
  const start = performance.now();
  const counts = await runRetention({ database, clock, logger: createLogger('silent') }, institutionId);
  const seconds = (performance.now() - start) / 1000;
  running = false;
  await reader;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  const left = (
    (await database.db.execute(
      sql`select count(*)::int as n from conversations where product_id <> ${keptId} and institution_id = ${institutionId}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  if (counts?.conversations !== EXPIRED || left !== 0)
    throw new Error(`purged ${counts?.conversations}, left ${left}`);
  const rows: BudgetRow[] = [
    {
      database: label,
      what: `purge of ${EXPIRED.toLocaleString('en')} expired conversations (${(EXPIRED * 4).toLocaleString('en')} messages): seconds`,
      p50: round(seconds),
      p99: round(seconds),
      budget: 'none (reported)',
      ok: true,
    },
    {
      database: label,
      what: `conversation list of another assistant during the purge (${samples.length} reads)`,
      p50: round(at(0.5)),
      p99: round(at(0.99)),
      budget: `p99 <= ${BUDGET_LIST_P99} ms`,
      ok: at(0.99) <= BUDGET_LIST_P99,
    },
  ];
  printRows(rows, 70);
  return rows;
}

const rows = await onBothDatabases(measure);

reportRows(
  'retention',
  `## Retention purge (bench/retention-bench.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}. One retention run (conversations kept 365 days) over
${EXPIRED.toLocaleString('en')} conversations 400 days old with 4 messages each, in-process, while another
assistant's conversation list (${KEPT.toLocaleString('en')} conversations) is read every 20 ms; its p50/p99 in ms.
The purge deletes batches of 250 conversations, each its own transaction (the dashboards' figures kept).`,
  rows,
);
