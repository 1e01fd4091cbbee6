// The built server in its own process for benchmarks: a free port, a throwaway DATA_DIR, the
// admin signed up through the real flow (code read from the outbox), and a fresh PostgreSQL database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ADMIN = 'bench-admin@example.com';
export const PASSWORD = 'Bench-Passw0rd';

/** Starts the built server with the bench admin, on PostgreSQL at `databaseUrl` or else PGlite (`env`: more settings). */
export function startServer(databaseUrl, env = {}) {
  return startBuiltServer({
    env: { ADMIN_EMAILS: ADMIN, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env },
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    prefix: 'conversa-bench-',
    showLog: true,
  });
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
export async function signUpAdmin({ url, dataDir }) {
  await api(url, 'POST', '/user/register-by-email', { body: { email: ADMIN, locale: 'en' } });
  const outbox = path.join(dataDir, 'outbox');
  const [file] = readdirSync(outbox);
  const mail = await PostalMime.parse(readFileSync(path.join(outbox, file)));
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  const session = await api(url, 'POST', '/user/create-password', {
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

/**
 * Uploads one TXT file to an assistant and waits until it is indexed; resolves to its id.
 * `record(route, status, ms)` is told how the upload itself went (the soak counts it).
 * @param {string} base
 * @param {{ token: string, institution: number }} as
 * @param {number} assistant
 * @param {string} name
 * @param {string} text
 * @param {(route: string, status: number, ms: number) => void} [record]
 * @returns {Promise<number>}
 */
export async function uploadText(base, as, assistant, name, text, record = () => undefined) {
  const form = new FormData();
  form.append('files', new File([text], name, { type: 'text/plain' }));
  const started = performance.now();
  const response = await fetch(`${base}/api/institution-product/${assistant}/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, 'x-institution-id': String(as.institution) },
    body: form,
  });
  record('POST institution-product/{id}/file', response.status, performance.now() - started);
  if (!response.ok) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  const [file] = (await response.json()).data;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const files = await api(base, 'GET', `/institution-product/${assistant}/file`, as);
    const current = files.find((row) => row.id === file.id);
    if (current?.state === 'ready') return file.id;
    if (current?.state === 'failed') throw new Error(`${name} failed: ${current.reason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} was not ready within 60 s`);
}
