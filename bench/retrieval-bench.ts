// Retrieval latency against docs/architecture.md#budgets (10k chunks: p50 <= 5 ms, p99 <= 15 ms): an assistant's
// knowledge indexed through the server's own `replaceChunks`, then questions through its own
// `retrieve` (full-text match on the GIN index, bounded candidates, ranking), in-process, on the
// embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, started by `npm run bench`). The same
// questions are then answered whole as the chat does without a model (`composeAnswer`: retrieval,
// supporting passages, the extractive answer, its events): p95 <= 50 ms at 10k chunks.
// Run with `node --import tsx bench/retrieval-bench.ts` (npm run bench does).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../packages/server/src/db/database';
import { retrieve } from '../packages/server/src/knowledge/retrieval';
import { machine, writeSection } from './lib/results.mjs';
import { benchAnswer, benchAssistant, benchFile } from './lib/seed';
import { freshPostgres } from './lib/server.mjs';

const SIZES = [10_000, 100_000];
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);
const BUDGET = { chunks: 10_000, p50: 5, p99: 15, answerP95: 50 };

// A seeded generator, so every run indexes the same text and asks the same questions.
// (Park-Miller: products stay below 2^53, so no precision is lost.)
let seed = 42;
const random = () => {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

// Real words, Spanish and English, as a school's documents would use them, plus invented ones for a
// long tail (names, codes): word frequencies then fall off roughly as in real text (Zipf).
const SPANISH = `admisión matrícula inscripción colegio alumnos familias plazo solicitud documentos requisitos
  beca cuota mensual uniforme comedor transporte horario entrevista visita jornada puertas abiertas curso
  primaria secundaria bachillerato infantil idiomas inglés deportes actividades extraescolares calendario
  vacaciones evaluación notas tutor orientación biblioteca laboratorio música arte excursiones seguro
  médico enfermería certificado nacimiento pasaporte vacunas fotografía dirección teléfono correo pago
  transferencia descuento hermanos reserva plaza lista espera septiembre enero junio viernes lunes`.split(
  /\s+/,
);
const ENGLISH = `admission enrolment application school students families deadline documents requirements
  scholarship fee monthly uniform lunch bus timetable interview visit open day course primary secondary
  sixth form nursery languages sports clubs after-school calendar holidays assessment grades tutor
  counselling library laboratory music art trips insurance nurse certificate birth passport vaccination
  photo address phone email payment transfer discount siblings place waiting list september january june`.split(
  /\s+/,
);
const STOP_ES = 'el la los las de del y en que para con por una un es se al su sus como más'.split(' ');
const STOP_EN = 'the of and to in for with on is are by a an at as our your from this that'.split(' ');
const SYLLABLES = ['ra', 'mo', 'ti', 'sen', 'lo', 'va', 'qui', 'dor', 'pe', 'ña', 'ber', 'cal', 'ful', 'ton'];
const invented = Array.from({ length: 4000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''),
);

/** A word with a Zipf-like rank over the domain words and the invented tail. */
function word(domain: readonly string[]): string {
  const r = random();
  if (r < 0.45) return pick(domain);
  const rank = Math.floor(invented.length * random() ** 3);
  return invented[rank] as string;
}

function passage(spanish: boolean): string {
  const domain = spanish ? SPANISH : ENGLISH;
  const stop = spanish ? STOP_ES : STOP_EN;
  const sentences: string[] = [];
  let length = 0;
  while (length < 700) {
    const words = Array.from({ length: 10 + Math.floor(random() * 12) }, () =>
      random() < 0.35 ? pick(stop) : word(domain),
    );
    const sentence = `${words.join(' ')}.`;
    sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    length += sentence.length + 1;
  }
  return sentences.join(' ');
}

function question(): string {
  const spanish = random() < 0.5;
  const domain = spanish ? SPANISH : ENGLISH;
  const words = Array.from({ length: 2 + Math.floor(random() * 4) }, () => word(domain));
  return spanish ? `¿Cuál es ${words.join(' ')}?` : `What is the ${words.join(' ')}?`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

interface Row {
  database: string;
  chunks: number;
  indexSeconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  empty: number;
  /** The whole extractive answer. */
  answerP50: number;
  answerP95: number;
  /** Questions answered from a passage (the others abstained). */
  answered: number;
}

/** Whether the chat answers a question from a passage without a model (the others abstain). */
const answer = async (
  db: Database['db'],
  scope: { institutionId: number; assistantId: number },
  question: string,
) => (await benchAnswer(db, scope, question, 'en')).answered;

async function measure(label: string, database: Database): Promise<Row[]> {
  const { db } = database;
  const scope = await benchAssistant(db);

  const rows: Row[] = [];
  let indexed = 0;
  for (const size of SIZES) {
    const started = performance.now();
    // Knowledge arrives as files of 500 passages each, indexed as the processing job does.
    let fileNo = 0;
    while (indexed < size) {
      const chunks = Array.from({ length: Math.min(500, size - indexed) }, () => passage(random() < 0.5));
      await benchFile(db, scope, { name: `bench-${size}-${fileNo}.pdf`, type: 'pdf', chunks });
      indexed += chunks.length;
      fileNo += 1;
    }
    await db.execute(sql`analyze knowledge_chunks`);
    const indexSeconds = (performance.now() - started) / 1000;

    for (let i = 0; i < 50; i += 1) await retrieve(db, { ...scope, question: question(), limit: 5 }); // warm-up
    const times: number[] = [];
    let empty = 0;
    for (let i = 0; i < QUERIES; i += 1) {
      const q = question();
      const t0 = performance.now();
      const found = (await retrieve(db, { ...scope, question: q, limit: 5 })).passages;
      times.push(performance.now() - t0);
      if (found.length === 0) empty += 1;
    }
    times.sort((a, b) => a - b);
    const answerTimes: number[] = [];
    let answered = 0;
    for (let i = 0; i < QUERIES; i += 1) {
      const q = question();
      const t0 = performance.now();
      if (await answer(db, scope, q)) answered += 1;
      answerTimes.push(performance.now() - t0);
    }
    answerTimes.sort((a, b) => a - b);
    const row: Row = {
      database: label,
      chunks: size,
      indexSeconds: Math.round(indexSeconds * 10) / 10,
      p50: Math.round(percentile(times, 50) * 100) / 100,
      p95: Math.round(percentile(times, 95) * 100) / 100,
      p99: Math.round(percentile(times, 99) * 100) / 100,
      max: Math.round((times.at(-1) ?? 0) * 100) / 100,
      empty,
      answerP50: Math.round(percentile(answerTimes, 50) * 100) / 100,
      answerP95: Math.round(percentile(answerTimes, 95) * 100) / 100,
      answered,
    };
    rows.push(row);
    console.log(
      `${label.padEnd(10)} ${String(size).padStart(7)} chunks  indexed in ${row.indexSeconds} s  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms  max ${row.max} ms  no match ${empty}/${QUERIES}  answer p50 ${row.answerP50} ms  p95 ${row.answerP95} ms  answered ${answered}/${QUERIES}`,
    );
  }
  return rows;
}

const rows: Row[] = [];
{
  const database = await openDatabase({ kind: 'pglite' });
  try {
    rows.push(...(await measure('PGlite', database)));
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
    rows.push(...(await measure('PostgreSQL', database)));
  } finally {
    await database.close();
  }
} else {
  console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped (npm run bench starts one)');
}

const verdict = (row: Row) =>
  row.chunks !== BUDGET.chunks
    ? '(no budget; recorded)'
    : row.p50 <= BUDGET.p50 && row.p99 <= BUDGET.p99 && row.answerP95 <= BUDGET.answerP95
      ? 'within budget'
      : 'OVER BUDGET';
writeSection(
  'retrieval',
  `## Retrieval latency (bench/retrieval-bench.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}. One assistant's chunks (about 700 characters each,
half Spanish, half English, seeded generator) indexed with the server's \`replaceChunks\`, then ${QUERIES} seeded
questions (Spanish or English, 2-5 content words) through the server's \`retrieve\` (top 5), in-process, after
50 warm-up questions. Then ${QUERIES} more answered whole as the chat answers without a model (\`composeAnswer\`:
retrieval, the supporting passages, the extractive answer and its events; the others abstain with the
handoff). Budget (docs/architecture.md#budgets): at 10k chunks retrieval p50 <= ${BUDGET.p50} ms, p99 <= ${BUDGET.p99} ms;
the answer p95 <= ${BUDGET.answerP95} ms.

| database | chunks | index time s | p50 ms | p95 ms | p99 ms | max ms | questions with no match | answer p50 / p95 ms | answered | budget |
|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|
${rows
  .map(
    (r) =>
      `| ${r.database} | ${r.chunks.toLocaleString('en')} | ${r.indexSeconds} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.empty} | ${r.answerP50} / ${r.answerP95} | ${r.answered}/${QUERIES} | ${verdict(r)} |`,
  )
  .join('\n')}`,
);
const over = rows.filter((r) => verdict(r) === 'OVER BUDGET');
if (over.length > 0) {
  console.log(`over budget: ${over.map((r) => `${r.database} ${r.chunks}`).join(', ')}`);
  process.exitCode = 1;
}
