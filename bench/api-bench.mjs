// API throughput and latency against DESIGN §9 (>= 2,000 req/s, p99 <= 25 ms on PGlite, 2 cores):
// the built server as its own process, seeded through the real HTTP flow, then autocannon on the
// authenticated `GET institution/{id}/product` and the admin's `GET institution` list, on the
// embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, started by `npm run bench`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { machine, writeSection } from './lib/results.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const INSTITUTIONS = 300;
const BUDGET = { rps: 2000, p99: 25 };
const ADMIN = 'bench-admin@example.com';
const PASSWORD = 'Bench-Passw0rd';

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'conversa-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  };
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      path.join(root, 'packages/server/dist/main.js'),
    ],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    dataDir,
    stop: async () => {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(base, method, pathname, { body, token, institution } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (institution) headers['x-institution-id'] = String(institution);
  const response = await fetch(`${base}/api${pathname}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Signs the admin up through the real flow (code read from the outbox) and creates institutions. */
async function seed({ base, dataDir }) {
  await api(base, 'POST', '/user/register-by-email', { body: { email: ADMIN, locale: 'en' } });
  const outbox = path.join(dataDir, 'outbox');
  const [file] = readdirSync(outbox);
  const mail = await PostalMime.parse(readFileSync(path.join(outbox, file)));
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  const session = await api(base, 'POST', '/user/create-password', {
    body: { email: ADMIN, code, password: PASSWORD },
  });
  let institutionId = 0;
  for (let i = 0; i < INSTITUTIONS; i += 1) {
    const institution = await api(base, 'POST', '/institution', {
      token: session.jwt,
      body: {
        name: `Bench School ${String(i).padStart(4, '0')}`,
        kind: i % 2 ? 'school' : 'business',
        country: 'ES',
      },
    });
    if (i === 0) institutionId = institution.id;
  }
  return { token: session.jwt, institutionId };
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
      ['GET institution/{id}/product', `${server.base}/api/institution/${institutionId}/product`],
      ['GET institution?page=2 (admin list)', `${server.base}/api/institution?page=2&per-page=20`],
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

async function freshPostgres(url) {
  const name = `conversa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

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

${table.join('\n')}`,
);
const over = rows.filter((r) => verdict(r) === 'OVER BUDGET');
if (over.length > 0) {
  console.log(`over budget: ${over.map((r) => `${r.database} ${r.endpoint}`).join(', ')}`);
  process.exitCode = 1;
}
