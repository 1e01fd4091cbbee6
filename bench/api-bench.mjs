// API throughput and latency against docs/architecture.md#budgets (>= 2,000 req/s, p99 <= 25 ms on PGlite, 2 cores):
// the built server as its own process, seeded through the real HTTP flow, then autocannon on the
// authenticated `GET institution/{id}/product` and the admin's `GET institution` list, on the
// embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, started by `npm run bench`).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/built-server.mjs';
import { machine, writeSection } from './lib/results.mjs';
import { api, freshPostgres, signUpAdmin, startServer } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const INSTITUTIONS = 300;
const BUDGET = { rps: 2000, p99: 25 };

/** Signs the admin up and creates the institutions. */
async function seed(server) {
  const token = await signUpAdmin(server);
  let institutionId = 0;
  for (let i = 0; i < INSTITUTIONS; i += 1) {
    const institution = await api(server.url, 'POST', '/institution', {
      token,
      body: {
        name: `Bench School ${String(i).padStart(4, '0')}`,
        kind: i % 2 ? 'school' : 'business',
        country: 'ES',
      },
    });
    if (i === 0) institutionId = institution.id;
  }
  return { token, institutionId };
}

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(label, databaseUrl) {
  const server = await startServer(databaseUrl);
  try {
    const { token, institutionId } = await seed(server);
    const headers = { authorization: `Bearer ${token}`, 'x-institution-id': String(institutionId) };
    const targets = [
      ['GET institution/{id}/product', `${server.url}/api/institution/${institutionId}/product`],
      ['GET institution?page=2 (admin list)', `${server.url}/api/institution?page=2&per-page=20`],
    ];
    const rows = [];
    for (const [name, url] of targets) {
      await cannon(url, headers); // warm-up (JIT, caches), not recorded
      const result = await cannon(url, headers);
      const bad = result.non2xx + result.errors;
      const row = {
        database: label,
        endpoint: name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        bad,
      };
      rows.push(row);
      console.log(
        `${label.padEnd(10)} ${name.padEnd(38)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${bad}`,
      );
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/**
 * The machine's own pace, for reading the figures across days: a bare `node:http` server answering
 * a fixed JSON body, in its own process, under the same load. The same commit measured 2,313 and
 * 935 req/s on two days of this kind of machine; this line says which kind of day it was.
 */
async function reference() {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"data":[]}'); }).listen(${port}, '127.0.0.1', () => console.log('up'))`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await once(child.stdout, 'data');
    const url = `http://127.0.0.1:${port}/`;
    await cannon(url, {});
    const result = await cannon(url, {});
    return Math.round(result.requests.average);
  } finally {
    child.kill();
  }
}

const pace = await reference();
console.log(`reference: bare node:http JSON server ${pace} req/s`);
const rows = [...(await measure('PGlite', null))];
if (process.env.BENCH_DATABASE_URL) {
  rows.push(...(await measure('PostgreSQL', await freshPostgres(process.env.BENCH_DATABASE_URL))));
} else {
  console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped (npm run bench starts one)');
}

const verdict = (row) =>
  row.database !== 'PGlite'
    ? 'n/a (budget is for PGlite)'
    : row.rps >= BUDGET.rps && row.p99 <= BUDGET.p99 && row.bad === 0
      ? 'within budget'
      : 'OVER BUDGET';
const table = [
  '| database | endpoint | req/s | p50 ms | p99 ms | non-2xx | budget (>= 2,000 req/s, p99 <= 25 ms) |',
  '|---|---|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) => `| ${r.database} | ${r.endpoint} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bad} | ${verdict(r)} |`,
  ),
];
writeSection(
  'api',
  `## API throughput (bench/api-bench.mjs)

${new Date().toISOString().slice(0, 10)}, ${machine()}. The built server in its own process, autocannon in
another on the same 2 cores, ${CONNECTIONS} connections, ${DURATION} s per endpoint after a ${DURATION} s warm-up,
staff token + X-Institution-Id on every request, ${INSTITUTIONS} institutions seeded.
The machine's pace that day: a bare \`node:http\` server answering a fixed JSON body, measured the
same way, ${pace} req/s.

${table.join('\n')}`,
);
const over = rows.filter((r) => verdict(r) === 'OVER BUDGET');
if (over.length > 0) {
  console.log(`over budget: ${over.map((r) => `${r.database} ${r.endpoint}`).join(', ')}`);
  process.exitCode = 1;
}
