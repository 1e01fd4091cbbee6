// The built server in its own process for benchmarks: a free port, a throwaway DATA_DIR, the
// admin signed up through the real flow (code read from the outbox), and a fresh PostgreSQL database.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import PostalMime from 'postal-mime';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ADMIN = 'bench-admin@example.com';
export const PASSWORD = 'Bench-Passw0rd';

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `packages/server/dist/main.js` on a free port with its own DATA_DIR. */
export async function startServer(databaseUrl) {
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

/** Calls the API; throws on a non-2xx answer. */
export async function api(base, method, pathname, { body, token, institution } = {}) {
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

/** Signs the admin up through the real flow (code read from the outbox); resolves to the staff token. */
export async function signUpAdmin({ base, dataDir }) {
  await api(base, 'POST', '/user/register-by-email', { body: { email: ADMIN, locale: 'en' } });
  const outbox = path.join(dataDir, 'outbox');
  const [file] = readdirSync(outbox);
  const mail = await PostalMime.parse(readFileSync(path.join(outbox, file)));
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  const session = await api(base, 'POST', '/user/create-password', {
    body: { email: ADMIN, code, password: PASSWORD },
  });
  return session.jwt;
}

/** Creates a fresh database on the PostgreSQL server at `url`; resolves to its URL. */
export async function freshPostgres(url) {
  const name = `conversa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
