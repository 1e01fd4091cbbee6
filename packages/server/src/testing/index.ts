/**
 * The real server for tests: the whole app on a fresh migrated database (PGlite or PostgreSQL per
 * TEST_DB), a movable clock, the mail outbox on disk, and helpers to call it through HTTP.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { inject } from 'vitest';
import { claimDataDir, type ControlChannel } from '../backup/control-socket';
import { loadConfig } from '../config';
import { createPglite, type Database, openDatabase } from '../db/database';
import { createLogger } from '../logging/logger';
import { createServer } from '../server';
import type { CrawlTuning } from '../job-registry';
import { pglitePool } from './pglite-pool';
import { type DatabaseLocation, TestClock, type TestServer } from './test-server';
import './provided';

export { TestClock } from './test-server';
export type { DatabaseLocation, RequestOptions, TestServer } from './test-server';

export interface TestServerOptions {
  env?: Record<string, string | undefined>;
  /** Start the job runner (default true); false leaves queued jobs for the test to drive. */
  runJobs?: boolean;
  /** Keep the database (PGlite on disk) and the data dir after `close()`, for `reopen`. */
  durable?: boolean;
  /** Opens the database and data dir of a closed durable server: a restart of that server. */
  reopen?: DatabaseLocation;
  /** Keep every log line (from `debug` up) in `logs`, for tests of what is logged. */
  captureLogs?: boolean;
  /** Hold the data dir and answer backup snapshots on its control socket, as `main.ts` does (PGlite). */
  controlChannel?: boolean;
  /** The website crawler's per-page limits and batch length, shortened for a test. */
  crawl?: CrawlTuning;
}

async function dropDatabase(url: string): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!baseUrl || !template) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (npm test sets it)');
  const name = `conversa_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

/** This worker's PGlite instances in memory, each from the migrated dump of the global setup. */
const inMemory = pglitePool(() => {
  const dump = inject('pgliteDump');
  return createPglite(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {});
});

/** Starts a test server on its own fresh database (or, with `reopen`, on a closed server's). */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.reopen?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'conversa-test-'));
  let database: Database;
  let location: DatabaseLocation;
  let drop = async () => {};
  // What the server's close does with its database (a pooled PGlite goes back to the pool).
  let closeDatabase = () => database.close();
  if (process.env.TEST_DB === 'postgres') {
    const reopened = options.reopen?.kind === 'postgres' ? options.reopen : null;
    const fresh = reopened
      ? { url: reopened.url, drop: () => dropDatabase(reopened.url) }
      : await freshPostgres();
    drop = fresh.drop;
    location = { kind: 'postgres', dataDir, url: fresh.url };
    database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 });
  } else {
    const reopened = options.reopen?.kind === 'pglite' ? options.reopen.path : null;
    const onDisk = reopened ?? (options.durable ? path.join(dataDir, 'db') : null);
    location = { kind: 'pglite', dataDir, path: onDisk };
    if (onDisk) {
      const dump = reopened ? undefined : inject('pgliteDump');
      const client = await createPglite({
        dataDir: onDisk,
        ...(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {}),
      });
      database = await openDatabase({ kind: 'pglite', client });
    } else {
      // In memory: a pooled instance, emptied, given back when the server closes (one a test closed
      // itself is dropped).
      const lease = await inMemory.lease();
      database = await openDatabase({ kind: 'pglite', client: lease.client });
      closeDatabase = lease.release;
    }
  }

  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    PUBLIC_URL: 'http://conversa.test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
    ...options.env,
    // The database opened above (events relay through it, as main.ts's do).
    ...(location.kind === 'postgres' ? { DATABASE_URL: location.url } : {}),
  });
  const logs: string[] = [];
  const logger = options.captureLogs
    ? createLogger('debug', { write: (line: string) => void logs.push(line) })
    : createLogger(config.logLevel);

  const clock = new TestClock();
  const control: ControlChannel | null = options.controlChannel
    ? await claimDataDir(dataDir, 'server')
    : null;
  const { app, mailer, sessionCache, storage, events, jobs } = await createServer(config, {
    database,
    logger,
    clock,
    control,
    pollMs: 1_000,
    crawl: options.crawl,
  });
  const outboxDir = path.join(dataDir, 'outbox');
  const runsJobs = options.runJobs ?? true;
  if (runsJobs) jobs.start();
  let server: ServerType | null = null;

  const request: TestServer['request'] = (pathname, opts = {}) => {
    const headers = new Headers(opts.headers);
    if (opts.json !== undefined) headers.set('content-type', 'application/json');
    if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
    if (opts.institution !== undefined && opts.institution !== null) {
      headers.set('x-institution-id', String(opts.institution));
    }
    if (opts.locale) headers.set('accept-language', opts.locale);
    headers.set('x-forwarded-for', opts.ip ?? '203.0.113.7');
    const method = opts.method ?? (opts.json !== undefined || opts.body !== undefined ? 'POST' : 'GET');
    const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.body;
    // A streamed body (a large upload made on the fly) needs half-duplex in Node's fetch.
    const duplex = body instanceof ReadableStream ? { duplex: 'half' } : {};
    return Promise.resolve(
      app.request(`http://conversa.test${pathname}`, { method, headers, body, ...duplex } as RequestInit),
    );
  };

  // Mails are sent by jobs: what earlier requests queued is sent before the outbox is read.
  const mails = async () => {
    if (runsJobs) await jobs.idle();
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir).sort();
    } catch {
      return [];
    }
    return Promise.all(files.map((file) => PostalMime.parse(readFileSync(path.join(outboxDir, file)))));
  };

  return {
    app,
    config,
    database,
    clock,
    sessionCache,
    storage,
    events,
    jobs,
    location,
    request,
    async call(pathname, opts) {
      const response = await request(pathname, opts);
      const text = await response.text();
      const json = (response.headers.get('content-type') ?? '').includes('json');
      const body = text === '' ? null : json ? JSON.parse(text) : text;
      return { status: response.status, headers: response.headers, body };
    },
    mails,
    logs,
    async lastMailTo(address) {
      const all = await mails();
      return all.filter((mail) => mail.to?.some((to) => to.address === address)).at(-1);
    },
    listen() {
      return new Promise((resolve) => {
        server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
          resolve(`http://127.0.0.1:${info.port}`),
        );
      });
    },
    async close() {
      await jobs.stop();
      await events.close();
      if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
      mailer.close();
      await control?.release();
      await closeDatabase();
      if (options.durable) return;
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export * from './fixtures';
export * from './fixtures-dir';
export * from './id-provider';
export { startS3rver, type S3rverHandle } from './s3rver';
export { ACCESS_TOKEN, type GraphPeer, PHONE_NUMBER_ID, startGraphPeer } from './whatsapp-peer';
