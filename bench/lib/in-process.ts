// Timing helpers of the in-process benchmarks (the server's own queries, no HTTP), and their report.
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../../packages/server/src/db/database';
import { writeSection } from './results.mjs';
import { freshPostgres } from './server.mjs';

/** `fn` run `runs` times after a warm-up (plans, caches): its p50 and p99 in ms. */
export async function time(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

export const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/**
 * A download read to its end as a client would: first byte and last (ms), growth (MB) of the main
 * thread's heap and of the whole process's resident memory (worker threads and PGlite included), bytes.
 */
export async function readDownload(stream: () => ReadableStream<Uint8Array>) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  const start = performance.now();
  let firstByte = 0;
  let bytes = 0;
  const reader = stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - start;
    bytes += value.byteLength;
    const memory = process.memoryUsage();
    heapPeak = Math.max(heapPeak, memory.heapUsed);
    rssPeak = Math.max(rssPeak, memory.rss);
  }
  return {
    firstByte,
    all: performance.now() - start,
    growthMb: (heapPeak - heapBefore) / 2 ** 20,
    rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
    bytes,
  };
}

/** One figure of an in-process benchmark, judged against its budget (on PGlite). */
export interface BudgetRow {
  database: string;
  what: string;
  p50: number;
  p99: number;
  budget: string;
  ok: boolean;
}

/** Prints rows as they are measured, `width` characters for `what`. */
export function printRows(rows: readonly BudgetRow[], width: number): void {
  for (const row of rows) {
    console.log(
      `${row.database.padEnd(10)} ${row.what.padEnd(width)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)}  ${row.ok ? 'ok' : 'OVER'}`,
    );
  }
}

/**
 * Runs `measure` on a fresh PGlite, then on a fresh database of BENCH_DATABASE_URL when it is set
 * (`npm run bench` starts a PostgreSQL); resolves to the rows of both.
 */
export async function onBothDatabases(
  measure: (label: string, database: Database) => Promise<BudgetRow[]>,
): Promise<BudgetRow[]> {
  const pglite = await openDatabase({ kind: 'pglite' });
  const rows = await measure('PGlite', pglite);
  await pglite.close();
  if (process.env.BENCH_DATABASE_URL) {
    const pg = await openDatabase({
      kind: 'postgres',
      url: await freshPostgres(process.env.BENCH_DATABASE_URL),
    });
    rows.push(...(await measure('PostgreSQL', pg)));
    await pg.close();
  } else {
    console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped (npm run bench starts one)');
  }
  return rows;
}

/**
 * Writes the benchmark's section of RESULTS.md (`intro`, then the rows' table; budgets apply to
 * PGlite, PostgreSQL is shown for comparison) and sets a failing exit code when a PGlite row is over.
 */
export function reportRows(section: string, intro: string, rows: readonly BudgetRow[]): void {
  const verdict = (r: BudgetRow) =>
    r.database === 'PGlite' ? (r.ok ? 'within budget' : 'OVER BUDGET') : 'n/a';
  writeSection(
    section,
    `${intro.trim()}

| database | what | p50 ms | p99 ms | budget | |
|---|---|---:|---:|---|---|
${rows.map((r) => `| ${r.database} | ${r.what} | ${r.p50} | ${r.p99} | ${r.budget} | ${verdict(r)} |`).join('\n')}`,
  );
  const over = rows.filter((row) => row.database === 'PGlite' && !row.ok);
  if (over.length > 0) {
    console.log(`over budget: ${over.map((row) => row.what).join(', ')}`);
    process.exitCode = 1;
  }
}
