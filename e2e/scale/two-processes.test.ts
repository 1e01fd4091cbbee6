// Two server processes on one PostgreSQL and one object store (docs/architecture.md#scale): the
// built server started twice at once, as a deployment behind a load balancer runs it. What one
// process does, the other sees: migrations run once, a file uploaded through one is processed once
// and its states reach a console connected to the other, a job whose process dies mid-extraction is
// finished by the survivor, and rate limits and revoked sessions hold across both.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../scripts/lib/built-server.mjs';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { openEvents } from '../../packages/server/src/testing/files.fixtures';
import { readFixture } from '../../packages/server/src/testing/fixtures-dir';
import { type S3rverHandle, startS3rver } from '../../packages/server/src/testing/s3rver';
import { api, seedInstitution, seedUser, type SeededUser } from '../lib/api';
import { PASSWORD } from '../lib/accounts';
import { repoRoot } from '../lib/paths';

/** A short lease, so the survivor takes a dead process's job over in seconds, not a minute. */
const LEASE_MS = 3_000;

interface FileRow {
  id: number;
  name: string;
  state: string;
  reason: string | null;
}

/** Uploads files through one process; resolves to the rows it answered. */
async function upload(
  base: string,
  token: string,
  institution: number,
  assistant: number,
  files: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string }[],
): Promise<FileRow[]> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${base}/api/institution-product/${assistant}/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-institution-id': String(institution) },
    body: form,
  });
  const json = (await response.json()) as { data: FileRow[] };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json.data;
}

/** A long text PDF (about 4,500 characters a page, under the extraction's 2 M characters at 350 pages): its extraction takes a second or more. */
async function longPdf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p += 1) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 45; line += 1) {
      const text = `Section ${p}.${line}: tuition, transport, timetables and the admissions calendar of year ${2000 + (line % 25)}.`;
      page.drawText(text, { x: 50, y: 790 - line * 16, size: 9, font });
    }
  }
  return new Uint8Array(await pdf.save());
}

/** Polls `check` every 25 ms until it returns a value, or throws after `timeoutMs`. */
async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('two server processes on one PostgreSQL and one object store', () => {
  let postgres: { url: string; stop(): Promise<void> };
  let store: S3rverHandle;
  let db: pg.Client;
  let env: Record<string, string>;
  let a: BuiltServer;
  let b: BuiltServer;
  let owner: SeededUser;
  let institution: number;
  let assistant: number;

  beforeAll(async () => {
    postgres = await startPostgres();
    store = await startS3rver();
    const url = new URL(postgres.url);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query('create database conversa_scale');
    await admin.end();
    url.pathname = '/conversa_scale';
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    env = {
      ...store.env,
      DATABASE_URL: url.toString(),
      // Both processes must sign and read the same tokens.
      JWT_SECRET: randomBytes(32).toString('hex'),
      JOB_LEASE_MS: String(LEASE_MS),
    };
    // Started together: both race to migrate the empty database.
    [a, b] = await Promise.all([
      startBuiltServer({ env, prefix: 'conversa-a-' }),
      startBuiltServer({ env, prefix: 'conversa-b-' }),
    ]);
    owner = await seedUser(a.url, a.dataDir, {
      email: 'owner@two-processes.example',
      password: PASSWORD,
      fullName: 'Olivia Owner',
    });
    institution = await seedInstitution(a.url, owner.jwt, {
      name: 'Two Processes School',
      kind: 'school',
      country: 'ES',
    });
    // Read through B: what A wrote is there.
    const [first] = await api<{ id: number }[]>(b.url, 'GET', `/institution/${institution}/product`, {
      token: owner.jwt,
    });
    assistant = first!.id;
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.end();
    await store?.stop();
    await postgres?.stop();
  });

  it('runs the migrations once when both start together', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(repoRoot, 'packages/server/drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const { rows } = await db.query<{ total: number; distinct: number }>(
      'select count(*)::int as total, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(rows[0]).toEqual({ total: journal.entries.length, distinct: journal.entries.length });
  });

  it('processes a file uploaded through A once, and its states reach a console on B', async () => {
    const onB = await openEvents(b.url, {
      owner: { token: owner.jwt },
      institution: { id: institution },
      assistant: { id: assistant },
    });
    try {
      const [file] = await upload(a.url, owner.jwt, institution, assistant, [
        {
          name: 'two-paragraphs.pdf',
          bytes: readFixture('documents', 'pdfjs_two_paragraphs_plain.pdf'),
          type: 'application/pdf',
        },
      ]);
      await onB.waitFor((event) => event.id === file!.id && event.state === 'ready', 60_000);
      const states = onB.events
        .filter((event) => event.data.id === file!.id)
        .map((event) => event.data.state);
      expect(states[0]).toBe('processing');
      expect(states.at(-1)).toBe('ready');
    } finally {
      await onB.close();
    }
    const jobs = await db.query<{ state: string; attempts: number }>(
      `select state, attempts from jobs where kind = 'process_file' order by id`,
    );
    expect(jobs.rows).toEqual([{ state: 'done', attempts: 1 }]);
    // The passages were written once, not by both.
    const { rows } = await db.query<{ total: number; distinct: number }>(
      'select count(*)::int as total, count(distinct position)::int as distinct from knowledge_chunks where file_id is not null',
    );
    expect(rows[0]!.total).toBeGreaterThan(0);
    expect(rows[0]!.total).toBe(rows[0]!.distinct);
    // Both read its bytes from the shared store.
    expect(await store.keys()).toHaveLength(1);
  });

  it('ends a session signed out through A on B too', async () => {
    const session = await api<{ jwt: string }>(a.url, 'POST', '/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    const read = (base: string) =>
      fetch(`${base}/api/institution/${institution}/product`, {
        headers: { authorization: `Bearer ${session.jwt}` },
      }).then((response) => response.status);
    expect(await read(b.url)).toBe(200);
    await api(a.url, 'POST', '/user/logout', { token: session.jwt });
    expect(await read(b.url)).toBe(401);
    expect(await read(a.url)).toBe(401);
  });

  it('counts failed sign-ins on both processes against one limit', async () => {
    const attempt = (base: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: 'Wrong-Passw0rd' }),
      }).then((response) => response.status);
    const statuses: number[] = [];
    // Ten failures, alternating: each process alone has seen only five.
    for (let i = 0; i < 10; i += 1) statuses.push(await attempt(i % 2 === 0 ? a.url : b.url));
    expect(statuses).toEqual(Array(10).fill(401));
    expect(await attempt(a.url)).toBe(429);
    expect(await attempt(b.url)).toBe(429);
  });

  it('finishes on one process a job whose process was killed mid-extraction', async () => {
    const [file] = await upload(a.url, owner.jwt, institution, assistant, [
      { name: 'handbook.pdf', bytes: await longPdf(350), type: 'application/pdf' },
    ]);
    // Whichever process claimed the job is killed hard as soon as it holds it: no chance to hand it back.
    const holder = await until('the job claimed', async () => {
      const { rows } = await db.query<{ locked_by: string }>(
        `select locked_by from jobs where kind = 'process_file' and state = 'running' and (payload->>'fileId')::int = $1`,
        [file!.id],
      );
      return rows[0]?.locked_by;
    });
    const pid = Number(holder.split(':').at(-2));
    const [victim, survivor] = pid === a.pid ? [a, b] : [b, a];
    expect(victim.pid).toBe(pid);
    process.kill(victim.pid, 'SIGKILL');

    const ready = await until(
      'the survivor to finish the file',
      async () => {
        const files = await api<FileRow[]>(survivor.url, 'GET', `/institution-product/${assistant}/file`, {
          token: owner.jwt,
          institution,
        });
        const current = files.find((row) => row.id === file!.id);
        return current && current.state !== 'processing' ? current : null;
      },
      90_000,
    );
    expect(ready.state, ready.reason ?? '').toBe('ready');
    // The file is ready when the job's work commits; the runner marks the job done just after.
    const jobRows = () =>
      db
        .query<{ state: string; attempts: number; locked_by: string | null }>(
          `select state, attempts, locked_by from jobs where (payload->>'fileId')::int = $1`,
          [file!.id],
        )
        .then(({ rows }) => rows);
    const rows = await until('the job marked done', async () => {
      const now = await jobRows();
      return now.some((row) => row.state === 'running') ? undefined : now;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'done', attempts: 2 });
    const chunks = await db.query<{ total: number; distinct: number }>(
      'select count(*)::int as total, count(distinct position)::int as distinct from knowledge_chunks where file_id = $1',
      [file!.id],
    );
    expect(chunks.rows[0]!.total).toBeGreaterThan(100);
    expect(chunks.rows[0]!.total).toBe(chunks.rows[0]!.distinct);
  }, 180_000);
});
