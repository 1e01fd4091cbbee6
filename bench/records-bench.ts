// Leads and orders at 100k against docs/architecture.md#budgets: the leads list with filters (p99 <=
// 50 ms on PGlite), the leads and orders dashboards (p99 <= 200 ms), the CSV of 100k orders (first byte <= 100 ms, all in <= 1.5 s, memory growth <= 30
// MB) and the import of 10k leads (<= 5 s), through the server's own code, in-process, on the embedded
// PGlite and on PostgreSQL (BENCH_DATABASE_URL, started by `npm run bench`).
// Run with `node --import tsx records-bench.ts` from bench/ (npm run bench does).
import { performance } from 'node:perf_hooks';
import type { RecordFilters } from '../packages/contract/src/records';
import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/database';
import { recordFields } from '../packages/server/src/db/sales-schema';
import { leadCsvInThread } from '../packages/server/src/sales/csv-thread';
import { csvCells, recordsCsv } from '../packages/server/src/sales/records-csv';
import { recordWritesRepo } from '../packages/server/src/sales/record-writes.repo';
import { recordsRepo } from '../packages/server/src/sales/records.repo';
import { leadsDashboard, ordersDashboard } from '../packages/server/src/sales/records-dashboard';
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

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CSV_RUNS = 3;
const BUDGET = { list: 50, csvFirstByte: 100, csvAll: 1500, csvMemoryMb: 30, importMs: 5000 };
const NOW = new Date('2026-11-20T12:00:00Z');
const BUDGET_FIELD = {
  key: 'budget',
  labels: { en: 'Budget', es: 'Presupuesto' },
  type: 'number' as const,
  required: false,
  options: [],
};

/** RECORDS leads and RECORDS orders (two lines each) over a year, from 20 sellers and 2,000 companies. */
async function seed(database: Database) {
  const { db } = database;
  const ref = await benchAssistant(db);
  await db.insert(recordFields).values({ ...ref, kind: 'lead', fields: [BUDGET_FIELD] });
  for (const kind of ['lead', 'order']) {
    await db.execute(sql`
      insert into sales_records (institution_id, product_id, kind, company, contact_name, phone, email, notes,
        fields, seller_name, seller_number, search, created_at, updated_at)
      select ${ref.institutionId}, ${ref.assistantId}, ${kind}, 'Company ' || (g % 2000),
        case when ${kind} = 'lead' then 'Contact ' || g end, null, null,
        case when g % 7 = 0 then 'Call back about the catalogue ' || g end,
        case when ${kind} = 'lead' then jsonb_build_object('budget', g % 5000) else '{}'::jsonb end,
        'Seller ' || (g % 20), '+3461100' || lpad((g % 20)::text, 4, '0'),
        lower('company ' || (g % 2000) || ' contact ' || g || case when g % 7 = 0 then ' call back about the catalogue ' || g else '' end),
        ${NOW}::timestamptz - make_interval(secs => (g * 313) % (365 * 86400)),
        ${NOW}::timestamptz - make_interval(secs => (g * 313) % (365 * 86400))
      from generate_series(1, ${RECORDS}) as g`);
  }
  await db.execute(sql`
    insert into sales_order_lines (record_id, institution_id, product_id, created_at, position, product_code,
      product_description, quantity)
    select r.id, r.institution_id, r.product_id, r.created_at, p.n, 'P-' || ((r.id * 7 + p.n) % 500),
      'Product ' || ((r.id * 7 + p.n) % 500), 1 + r.id % 9
    from sales_records r cross join (values (0), (1)) as p(n)
    where r.kind = 'order' and r.product_id = ${ref.assistantId}`);
  await db.execute(sql`
    update sales_records r set search = r.search || ' ' || (
      select lower(string_agg(o.product_code || ' ' || o.product_description, ' ')) from sales_order_lines o
      where o.record_id = r.id),
      line_count = (select count(*) from sales_order_lines o where o.record_id = r.id),
      quantity = (select coalesce(sum(o.quantity), 0) from sales_order_lines o where o.record_id = r.id)
    where r.kind = 'order' and r.product_id = ${ref.assistantId}`);
  // That update left a dead row per order, which records written by the app do not (they carry their
  // search words and line figures from their first write), and PGlite has no autovacuum.
  await db.execute(sql`vacuum analyze`);
  return ref;
}

/** A CSV of `rows` new leads in the download's English columns. */
function leadsCsv(rows: number): Uint8Array {
  const lines = ['Company,Contact,Phone,Email,Notes,Budget'];
  for (let i = 0; i < rows; i += 1)
    lines.push(
      `Imported ${i},Person ${i},+34 612 ${String(100_000 + i).slice(-6)},p${i}@example.com,Met at the fair,${i}`,
    );
  return new TextEncoder().encode(lines.join('\n'));
}

// --- The dashboards (issue 14 §2-3) -------------------------------------------------------------

const DASHBOARD_BUDGET = 200;
const DASHBOARD_NOTE = `The leads and orders dashboards (GET lead/dashboard, GET order/dashboard) over the whole year and
over its last month, in Europe/Madrid (${RUNS} runs after a warm-up, p50 / p99 ms).`;

/** p50 and p99 of each dashboard over the whole year (no range) and over its last month. */
async function measureDashboards(
  label: string,
  database: Database,
  ref: { institutionId: number; assistantId: number },
) {
  const whole = { institution_product_id: ref.assistantId, from: null, to: null, tz: 'Europe/Madrid' };
  const month = { ...whole, from: '2026-10-21', to: '2026-11-20' };
  const cases = [
    ['leads dashboard, the whole year', () => leadsDashboard(database.db, ref, whole, NOW)],
    ['leads dashboard, one month', () => leadsDashboard(database.db, ref, month, NOW)],
    ['orders dashboard, the whole year', () => ordersDashboard(database.db, ref, whole, NOW)],
    ['orders dashboard, one month', () => ordersDashboard(database.db, ref, month, NOW)],
  ] as const;
  const rows = [];
  for (const [what, run] of cases) {
    const { p50, p99 } = await time(RUNS, run);
    rows.push({
      database: label,
      what,
      p50: round(p50),
      p99: round(p99),
      budget: `p99 <= ${DASHBOARD_BUDGET} ms`,
      ok: p99 <= DASHBOARD_BUDGET,
    });
  }
  return rows;
}

// --- end of the dashboards ------------------------------------------------------------------------

async function measure(label: string, database: Database) {
  const seedStart = performance.now();
  const ref = await seed(database);
  console.log(
    `${label}: seeded ${RECORDS} leads and ${RECORDS} orders in ${round((performance.now() - seedStart) / 1000)} s`,
  );
  const repo = recordsRepo(database.db);
  const filters: RecordFilters = {
    institution_product_id: ref.assistantId,
    from: null,
    to: null,
    tz: 'Europe/Madrid',
    q: '',
    seller: '',
    company: '',
    sort: 'date',
  };
  const rows: BudgetRow[] = [];
  const lists: [string, RecordFilters, number][] = [
    ['leads, page 1', filters, 1],
    ['leads, page 50', filters, 50],
    ['leads, by company', { ...filters, sort: 'company' }, 1],
    ['leads, one seller', { ...filters, seller: 'seller 7' }, 1],
    ['leads, a company', { ...filters, company: 'company 42' }, 1],
    ['leads, last 30 days', { ...filters, from: '2026-10-21', to: '2026-11-20' }, 1],
    ['leads, text search', { ...filters, q: 'catalogue 4242' }, 1],
    ['orders, a product', { ...filters, q: 'p-42 ' }, 1],
  ];
  for (const [what, query, page] of lists) {
    const kind = what.startsWith('orders') ? 'order' : 'lead';
    const { p50, p99 } = await time(RUNS, () => repo.list(ref, kind, { ...query, page, 'per-page': 20 }));
    rows.push({
      database: label,
      what: `list: ${what}`,
      p50: round(p50),
      p99: round(p99),
      budget: `p99 <= ${BUDGET.list} ms`,
      ok: p99 <= BUDGET.list,
    });
  }

  rows.push(...(await measureDashboards(label, database, ref)));

  const downloads: Awaited<ReturnType<typeof readDownload>>[] = [];
  for (let run = 0; run < CSV_RUNS; run += 1) {
    downloads.push(
      await readDownload(() =>
        recordsCsv('order', repo.stream(ref, 'order', filters, csvCells('order', [], filters.tz)), {
          locale: 'en',
          definitions: [],
        }),
      ),
    );
  }
  const firstByte = median(downloads.map((d) => d.firstByte));
  const all = median(downloads.map((d) => d.all));
  const growthMb = Math.max(...downloads.map((d) => d.growthMb));
  rows.push({
    database: label,
    what: `CSV of ${RECORDS} orders, a row per line (${round(downloads[0]!.bytes / 2 ** 20)} MB): first byte / all`,
    p50: round(firstByte),
    p99: round(all),
    budget: `first byte <= ${BUDGET.csvFirstByte} ms, all <= ${BUDGET.csvAll} ms, growth <= ${BUDGET.csvMemoryMb} MB (heap ${round(growthMb)} MB; process ${downloads.map((d) => round(d.rssGrowthMb)).join(' / ')} MB)`,
    ok: firstByte <= BUDGET.csvFirstByte && all <= BUDGET.csvAll && growthMb <= BUDGET.csvMemoryMb,
  });

  // The import as the route runs it: the file checked row by row in the import thread (its budget
  // out of the way), then written in one transaction.
  const file = leadsCsv(IMPORT_ROWS);
  const importStart = performance.now();
  const { good, refused } = await leadCsvInThread(
    file,
    { assistantId: ref.assistantId, definitions: [BUDGET_FIELD], country: 'ES', locale: 'en' },
    60_000,
  );
  const checked = performance.now() - importStart;
  await database.db.transaction((tx) =>
    recordWritesRepo(tx).createLeads(ref, good, {
      name: 'Bench',
      number: null,
      userId: null,
    }),
  );
  const imported = performance.now() - importStart;
  if (good.length !== IMPORT_ROWS || refused.length > 0)
    throw new Error(`import refused ${refused.length} rows`);
  rows.push({
    database: label,
    what: `import of ${IMPORT_ROWS} leads (${round(file.byteLength / 2 ** 20)} MB): checked / written`,
    p50: round(checked),
    p99: round(imported),
    budget: `all <= ${BUDGET.importMs} ms`,
    ok: imported <= BUDGET.importMs,
  });
  printRows(rows, 70);
  return rows;
}

const rows = await onBothDatabases(measure);

reportRows(
  'records',
  `## Leads and orders at ${RECORDS.toLocaleString('en')} (bench/records-bench.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}. The server's own code in-process: ${RECORDS.toLocaleString('en')} leads and as many
orders (two lines each) of one assistant over a year, 20 sellers, 2,000 companies; lists of 20 rows (${RUNS} runs after a
warm-up, p50 / p99 ms); the CSV of every order read to its end ${CSV_RUNS} times (medians of the first byte and the last; the growth judged is the
main thread's heap, the CSV thread holding one chunk of 5,000 orders at a time; the process's resident memory is shown for
each download: the first starts the CSV thread and grows PGlite's cache to the orders it reads, once);
the import of ${IMPORT_ROWS.toLocaleString('en')} leads as the route runs it (the file checked, then written in one transaction;
ms to checked / to written). ${DASHBOARD_NOTE} The budgets apply to PGlite; PostgreSQL is shown for comparison.`,
  rows,
);
