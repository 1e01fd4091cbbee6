// A soak (issue 16 §3): a mixed load for SOAK_MINUTES (10 by default) against the built server, as a
// deployment sees it: visitors chatting with an admissions assistant, staff listing conversations,
// files and leads, staff uploading and deleting documents, and WhatsApp deliveries to a sales
// assistant. Two processes on PostgreSQL (BENCH_DATABASE_URL, started by `npm run bench`) sharing an
// S3-protocol store, the requests spread over both as a load balancer does; then one process on the
// embedded PGlite. It records p99 per route, and checks: no 5xx, each process's memory flat after the
// warm-up (growth <= 10%), PostgreSQL's connections steady.
// Run with `node --import tsx soak.mjs` from bench/ (npm run bench does).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { POOL_SIZE } from '../packages/server/src/db/database';
import { startGraphPeer } from '../packages/server/src/testing/whatsapp-peer';
import { startS3rver } from '../packages/server/src/testing/s3rver';
import { machine, writeSection } from './lib/results.mjs';
import { freshPostgres, startServer } from './lib/server.mjs';
import { Routes, clients, seed } from './lib/soak-load.mjs';
import { quantile } from './lib/stats.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const DURATION_MS = MINUTES * 60_000;
/** Not judged: the JIT, the caches, the pools and PGlite's page cache fill up first. */
const WARM_UP_MS = Math.min(90_000, DURATION_MS / 5);
/** Memory and connections are read this often. */
const SAMPLE_MS = 5_000;
const BUDGET = { growth: 0.1 };
/** Loops running at once, each waiting for its answer before the next request. */
const LOOPS = { visitor: 4, staff: 2, uploader: 1, webhook: 1 };
/** Pauses between two requests of one loop, so the mix stays a mix and not a flood of one kind. */
const PAUSE_MS = { visitor: 50, staff: 50, uploader: 2_000, webhook: 100 };

/** Resident memory of a process in MB (Linux), or null once it is gone. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return null;
  }
}

const median = (values) => quantile(values, 0.5);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the load against `servers` for DURATION_MS; resolves to the figures and the verdicts. */
async function soak(label, servers, database) {
  const staff = await seed(servers[0]);
  const routes = new Routes();
  let turn = 0;
  const pick = () => servers[turn++ % servers.length].url;
  const kinds = clients(routes, staff, pick);
  const started = Date.now();
  const end = started + DURATION_MS;
  const samples = [];
  const sampler = setInterval(async () => {
    const at = Date.now() - started;
    const memory = servers.map((server) => rssMb(server.pid));
    const connections = database
      ? (
          await database.query(
            'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        ).rows[0].n
      : null;
    samples.push({ at, memory, connections });
  }, SAMPLE_MS);
  const loops = Object.entries(LOOPS).flatMap(([kind, count]) =>
    Array.from({ length: count }, async () => {
      while (Date.now() < end) {
        // A loop that fails on its own (a file not ready in time) counts as an error of its kind.
        await kinds[kind]().catch((error) => {
          routes.record(`${kind} loop failed`, 0, 0);
          console.error(error);
        });
        await pause(PAUSE_MS[kind]);
      }
    }),
  );
  await Promise.all(loops);
  clearInterval(sampler);

  const judged = samples.filter((sample) => sample.at >= WARM_UP_MS);
  const minute = Math.max(SAMPLE_MS * 3, Math.min(60_000, (DURATION_MS - WARM_UP_MS) / 4));
  const first = judged.filter((sample) => sample.at < WARM_UP_MS + minute);
  const last = judged.filter((sample) => sample.at >= DURATION_MS - minute);
  const memory = servers.map((_, index) => {
    const before = median(first.map((sample) => sample.memory[index]).filter((mb) => mb !== null));
    const after = median(last.map((sample) => sample.memory[index]).filter((mb) => mb !== null));
    const peak = Math.max(...judged.map((sample) => sample.memory[index] ?? 0));
    return { before, after, peak, growth: after / before - 1 };
  });
  const counts = judged.map((sample) => sample.connections).filter((n) => n !== null);
  const connections = database
    ? {
        min: Math.min(...counts),
        max: Math.max(...counts),
        firstMax: Math.max(...first.map((sample) => sample.connections)),
        lastMax: Math.max(...last.map((sample) => sample.connections)),
        bound: servers.length * (POOL_SIZE + 1),
      }
    : null;
  const rows = routes.rows();
  const serverErrors = rows.reduce((sum, row) => sum + row.serverErrors, 0);
  const verdicts = {
    serverErrors: serverErrors === 0,
    memory: memory.every((m) => m.growth <= BUDGET.growth),
    // No leak: never more than the processes' pools and their LISTEN connections hold, so every
    // connection taken was given back (a leak would pile up past that over the run).
    connections: connections ? connections.max <= connections.bound : true,
  };
  for (const row of rows) {
    console.log(
      `${label.padEnd(24)} ${row.route.padEnd(44)} ${String(row.requests).padStart(7)} req  p50 ${row.p50} ms  p99 ${row.p99} ms  5xx ${row.serverErrors}  4xx ${row.other}`,
    );
  }
  memory.forEach((m, index) =>
    console.log(
      `${label} process ${index + 1}: RSS ${m.before} → ${m.after} MB (peak ${m.peak}), growth ${(m.growth * 100).toFixed(1)}%`,
    ),
  );
  if (connections)
    console.log(
      `${label} PostgreSQL connections: ${connections.min}-${connections.max} (first stretch max ${connections.firstMax}, last ${connections.lastMax})`,
    );
  return { label, rows, memory, connections, verdicts };
}

/** Starts `count` processes on one database (and one store, when there are several); runs the soak. */
async function run(label, databaseUrl, count) {
  const peer = await startGraphPeer();
  const store = count > 1 ? await startS3rver() : null;
  const env = {
    TRUST_PROXY: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    WHATSAPP_GRAPH_URL: peer.url,
    ...(store?.env ?? {}),
  };
  const servers = [];
  let database = null;
  try {
    // Started together, as a deployment rolls them out.
    servers.push(...(await Promise.all(Array.from({ length: count }, () => startServer(databaseUrl, env)))));
    if (databaseUrl) {
      database = new pg.Client({ connectionString: databaseUrl });
      await database.connect();
    }
    return await soak(label, servers, database);
  } finally {
    await database?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await store?.stop();
    await peer.close();
  }
}

const results = [];
if (process.env.BENCH_DATABASE_URL) {
  results.push(await run('PostgreSQL, 2 processes', await freshPostgres(process.env.BENCH_DATABASE_URL), 2));
} else {
  console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped (npm run bench starts one)');
}
results.push(await run('PGlite, 1 process', null, 1));

const yes = (ok) => (ok ? 'yes' : '**NO**');
const sections = results.map((result) => {
  const table = [
    '| route | requests | p50 ms | p99 ms | 5xx | other 4xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.rows.map(
      (r) => `| ${r.route} | ${r.requests} | ${r.p50} | ${r.p99} | ${r.serverErrors} | ${r.other} |`,
    ),
  ];
  const memory = result.memory
    .map(
      (m, i) =>
        `process ${i + 1}: ${m.before} → ${m.after} MB (peak ${m.peak}), ${(m.growth * 100).toFixed(1)}%`,
    )
    .join('; ');
  const connections = result.connections
    ? `PostgreSQL connections ${result.connections.min}-${result.connections.max} (first stretch max ${result.connections.firstMax}, last ${result.connections.lastMax}); within the pools' ${result.connections.bound}: ${yes(result.verdicts.connections)}.`
    : '';
  return `### ${result.label}

${table.join('\n')}

No 5xx: ${yes(result.verdicts.serverErrors)}. Resident memory after the warm-up, first and last stretch (median): ${memory}; flat (<= 10%): ${yes(result.verdicts.memory)}. ${connections}`;
});
writeSection(
  'soak',
  `## Soak: a mixed load for ${MINUTES} minutes (bench/soak.mjs)

${new Date().toISOString().slice(0, 10)}, ${machine()}. The built servers and the load on the same 2 cores:
${LOOPS.visitor} visitor loops (a new visitor, two questions to the admissions assistant), ${LOOPS.staff} staff loops (conversations,
files, leads and assistants listed), ${LOOPS.uploader} uploader (a TXT uploaded, indexed and deleted), ${LOOPS.webhook} WhatsApp delivery loop
to the sales assistant. With two processes the requests alternate between them, which share PostgreSQL and
an S3-protocol store. Judged after a ${Math.round(WARM_UP_MS / 1000)} s warm-up.

${sections.join('\n\n')}`,
);
const failed = results.filter((result) => !Object.values(result.verdicts).every(Boolean));
if (failed.length > 0) {
  console.log(`soak failed: ${failed.map((result) => result.label).join(', ')}`);
  process.exitCode = 1;
}
