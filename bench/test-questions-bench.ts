// A run of test questions (issue 35 §4): 200 test questions asked of an assistant of 10k passages,
// each as a run asks it (chat/ask.ts `answerOnce`: the visitor's answering path without a model,
// nothing stored, then `judge`), in-process on the embedded PGlite and on PostgreSQL
// (BENCH_DATABASE_URL, started by `npm run bench`): the time per question (p50, p95) and the whole
// run. No budget is set; the whole extractive answer's (p95 <= 50 ms) is the reference.
// Run with `node --import tsx bench/test-questions-bench.ts` (npm run bench does).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { MAX_TEST_QUESTIONS, type TestQuestion } from '../packages/contract/src/review';
import { openDatabase, type Database } from '../packages/server/src/db/database';
import type { AppDeps } from '../packages/server/src/deps';
import { answerOnce } from '../packages/server/src/chat/ask';
import { visitorConversationsRepo } from '../packages/server/src/chat/visitor-conversations.repo';
import { judge } from '../packages/server/src/review/test-questions.service';
import { machine, writeSection } from './lib/results.mjs';
import { benchAssistant, benchFile } from './lib/seed';
import { freshPostgres } from './lib/server.mjs';

const PASSAGES = 10_000;
const QUESTIONS = MAX_TEST_QUESTIONS;

// A seeded generator (Park-Miller), so every run indexes the same text and asks the same questions.
let seed = 35;
const random = () => {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const WORDS = `admission enrolment application school students families deadline documents requirements
  scholarship fee monthly uniform lunch bus timetable interview visit course primary secondary nursery
  languages sports clubs calendar holidays assessment grades tutor library laboratory music art trips
  admisión matrícula inscripción colegio alumnos familias plazo solicitud documentos requisitos beca
  cuota mensual uniforme comedor transporte horario entrevista visita curso primaria secundaria`.split(/\s+/);
const SYLLABLES = ['ra', 'mo', 'ti', 'sen', 'lo', 'va', 'qui', 'dor', 'pe', 'ña', 'ber', 'cal', 'ful', 'ton'];
const invented = Array.from({ length: 4000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''),
);
const word = () =>
  random() < 0.5 ? pick(WORDS) : (invented[Math.floor(invented.length * random() ** 3)] as string);
const sentence = () => {
  const text = Array.from({ length: 10 + Math.floor(random() * 10) }, word).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};
const passage = () => Array.from({ length: 6 }, sentence).join(' ');

/** Half the questions hold words of a passage (expected answered), half do not (expected a person). */
function testQuestions(samples: readonly string[]): TestQuestion[] {
  return Array.from({ length: QUESTIONS }, (_, i) => {
    if (i % 2 === 0) {
      const words = pick(samples).replace(/\./g, '').split(' ').slice(0, 5).join(' ');
      return { question: `What about ${words}?`, expect: 'answer', must_include: [] };
    }
    return {
      question: `Is there a ${pick(invented)} ${pick(invented)} club?`,
      expect: 'handoff',
      must_include: [],
    };
  });
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

interface Row {
  database: string;
  indexSeconds: number;
  firstMs: number;
  p50: number;
  p95: number;
  max: number;
  runSeconds: number;
  passed: number;
}

async function measure(label: string, database: Database): Promise<Row> {
  const { db } = database;
  const scope = await benchAssistant(db);
  const started = performance.now();
  const samples: string[] = [];
  for (let file = 0; file * 500 < PASSAGES; file += 1) {
    const chunks = Array.from({ length: 500 }, passage);
    samples.push(chunks[0]!);
    await benchFile(db, scope, { name: `bench-${file}.pdf`, type: 'pdf', chunks });
  }
  const indexSeconds = (performance.now() - started) / 1000;
  const assistant = (await visitorConversationsRepo(db).byId(scope.institutionId, scope.assistantId))!;
  // answerOnce reads only the model's settings of the config: none here (extractive answers).
  const deps = { config: { llm: null }, database } as unknown as Pick<AppDeps, 'config' | 'database'>;
  const questions = testQuestions(samples);

  // The first question builds the process's sentence index of the knowledge (shown apart).
  const t0 = performance.now();
  await answerOnce(deps, assistant, questions[0]!.question, {});
  const firstMs = performance.now() - t0;

  const times: number[] = [];
  let passed = 0;
  const runStart = performance.now();
  for (const test of questions) {
    const t = performance.now();
    if (judge(test, await answerOnce(deps, assistant, test.question, {})).passed) passed += 1;
    times.push(performance.now() - t);
  }
  const runSeconds = (performance.now() - runStart) / 1000;
  times.sort((a, b) => a - b);
  const row = {
    database: label,
    indexSeconds: Math.round(indexSeconds * 10) / 10,
    firstMs: round(firstMs),
    p50: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
    max: round(times.at(-1) ?? 0),
    runSeconds: Math.round(runSeconds * 100) / 100,
    passed,
  };
  console.log(JSON.stringify(row));
  return row;
}

// The machine's load when the run starts: a shared machine's figures are that many times a quiet one's.
const load = loadavg()[0]!.toFixed(1);
const rows: Row[] = [];
{
  const database = await openDatabase({ kind: 'pglite' });
  try {
    rows.push(await measure('PGlite', database));
  } finally {
    await database.close();
  }
}
if (process.env.BENCH_DATABASE_URL) {
  const database = await openDatabase({
    kind: 'postgres',
    url: await freshPostgres(process.env.BENCH_DATABASE_URL),
  });
  try {
    rows.push(await measure('PostgreSQL', database));
  } finally {
    await database.close();
  }
} else {
  console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped (npm run bench starts one)');
}

writeSection(
  'test-questions',
  `## A run of test questions (bench/test-questions-bench.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}, load average ${load} at the start. One assistant of ${PASSAGES.toLocaleString('en')} passages (seeded
generator, indexed with the server's \`replaceChunks\`), then ${QUESTIONS} test questions asked one after another as a
run asks them (\`answerOnce\`, the visitor's answering path without a model, nothing stored; then \`judge\`), in-process.
Half hold a passage's words and expect an answer, half name invented things and expect a person. The first question
builds the process's sentence index of the knowledge and is shown apart. No budget of its own; the whole extractive
answer's p95 <= 50 ms (docs/architecture.md#budgets) is the reference.

| database | index time s | first question ms | per question p50 ms | p95 ms | max ms | whole run s | passed |
|---|---:|---:|---:|---:|---:|---:|---:|
${rows
  .map(
    (r) =>
      `| ${r.database} | ${r.indexSeconds} | ${r.firstMs} | ${r.p50} | ${r.p95} | ${r.max} | ${r.runSeconds} | ${r.passed}/${QUESTIONS} |`,
  )
  .join('\n')}`,
);
