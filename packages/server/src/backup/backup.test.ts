import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { ask, startSession } from '../testing/chat.fixtures';
import { institutions } from '../db/schema';
import { assistantFiles } from '../db/knowledge-schema';
import { conversations, messages } from '../db/conversations-schema';
import { listFiles, uploadFiles } from '../testing/files.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, readFixture, type TestServer } from '../testing';
import { backup, inspectArchive, restore } from './commands';
import { askControl, claimDataDir, DataDirBusyError, findControlSocket } from './control-socket';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'conversa-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const DOCX = readFixture('documents', 'mammoth_tables.docx');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The rows a backup must carry, in a stable order (times as the database answers them). */
async function state(server: TestServer) {
  const { db } = server.database;
  return {
    institutions: await db.select().from(institutions).orderBy(asc(institutions.id)),
    files: await db.select().from(assistantFiles).orderBy(asc(assistantFiles.id)),
    conversations: await db.select().from(conversations).orderBy(asc(conversations.id)),
    messages: await db.select().from(messages).orderBy(asc(messages.id)),
  };
}

/** A conversation with one question (and its answer). */
async function converse(server: TestServer, tenant: Tenant, question: string) {
  const session = await startSession(server, tenant);
  const asked = await ask(server, session, question);
  expect(asked.status).toBe(200);
  return session.conversation_id;
}

async function upload(server: TestServer, tenant: Tenant, name: string, bytes: Uint8Array | string) {
  const { status, body } = await uploadFiles(server, tenant, [{ name, bytes }]);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data[0]!;
}

async function deleteFiles(server: TestServer, tenant: Tenant, ids: number[]) {
  const { status } = await server.call(`/api/institution-product/${tenant.assistant.id}/file/delete`, {
    json: { ids },
    token: tenant.owner.token,
    institution: tenant.institution.id,
  });
  expect(status).toBe(200);
}

/** Files and folders under a folder, as relative paths, sorted (for "nothing changed"). */
const listing = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return null;
  }
};

describe('backup and restore refuse what they cannot do', () => {
  it('PostgreSQL and bucket deployments are backed up with their own tools, said plainly', async () => {
    const dataDir = path.join(scratch, 'scaled-out');
    await expect(
      backup(path.join(scratch, 'x.tar.gz'), { DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/conversa' }),
    ).rejects.toThrow(/DATABASE_URL is set.*pg_dump/);
    await expect(
      restore(path.join(scratch, 'x.tar.gz'), {
        env: { DATA_DIR: dataDir, STORAGE_URL: 's3://bucket/files' },
      }),
    ).rejects.toThrow(/STORAGE_URL is set.*versioning/);
    expect(listing(dataDir)).toBeNull();
  });

  it('a data dir without a database has nothing to back up', async () => {
    const dataDir = path.join(scratch, 'empty');
    await expect(backup(path.join(scratch, 'y.tar.gz'), { DATA_DIR: dataDir })).rejects.toThrow(
      /Nothing to back up/,
    );
  });

  it('a file that is not a backup is refused before anything is touched', async () => {
    const dataDir = path.join(scratch, 'untouched');
    const notGzip = path.join(scratch, 'not-a-backup.tar.gz');
    writeFileSync(notGzip, 'hello, this is not an archive');
    await expect(restore(notGzip, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /not-a-backup\.tar\.gz is not a Conversa backup/,
    );

    const foreign = path.join(scratch, 'foreign');
    mkdirSync(foreign);
    writeFileSync(
      path.join(foreign, 'manifest.json'),
      JSON.stringify({ format: 'something-else', version: 1 }),
    );
    writeFileSync(path.join(foreign, 'db.tar'), 'x');
    const wrongFormat = path.join(scratch, 'foreign.tar.gz');
    await tar.c({ gzip: true, file: wrongFormat, cwd: foreign }, ['manifest.json', 'db.tar']);
    await expect(restore(wrongFormat, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /is not a Conversa backup: its format is "something-else"/,
    );

    writeFileSync(
      path.join(foreign, 'manifest.json'),
      JSON.stringify({ format: 'conversa-backup', version: 1 }),
    );
    writeFileSync(path.join(foreign, 'evil'), 'x');
    const stray = path.join(scratch, 'stray.tar.gz');
    await tar.c({ gzip: true, file: stray, cwd: foreign }, ['manifest.json', 'db.tar', 'evil']);
    await expect(restore(stray, { env: { DATA_DIR: dataDir } })).rejects.toThrow(/unexpected entry "evil"/);
    // Links could point outside DATA_DIR.
    symlinkSync('/etc', path.join(foreign, 'files'));
    const linked = path.join(scratch, 'linked.tar.gz');
    await tar.c({ gzip: true, file: linked, cwd: foreign }, ['manifest.json', 'db.tar', 'files']);
    await expect(restore(linked, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /holds an entry of type SymbolicLink/,
    );
    await expect(
      restore(path.join(scratch, 'missing.tar.gz'), { env: { DATA_DIR: dataDir } }),
    ).rejects.toThrow(/missing\.tar\.gz does not exist/);
    // A dump of another PostgreSQL major version cannot load: said before anything is extracted.
    const older = path.join(scratch, 'older');
    mkdirSync(older);
    writeFileSync(
      path.join(older, 'manifest.json'),
      JSON.stringify({ format: 'conversa-backup', version: 1, postgres: 90_624, jwtSecret: false }),
    );
    writeFileSync(path.join(older, 'db.tar'), 'x');
    const olderArchive = path.join(scratch, 'older.tar.gz');
    await tar.c({ gzip: true, file: olderArchive, cwd: older }, ['manifest.json', 'db.tar']);
    await expect(restore(olderArchive, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /holds a PostgreSQL 9 database \(embedded\); this version of Conversa embeds PostgreSQL 1\d, which cannot load it/,
    );
    expect(listing(dataDir)).toBeNull();
  });
});

describe('the control socket', () => {
  it('claims a data dir once, also when its path is too long for a socket inside it', async () => {
    const deep = path.join(
      scratch,
      'a-data-dir-whose-path-is-longer-than-a-unix-socket-may-be',
      'x'.repeat(60),
    );
    const shallow = path.join(scratch, 'short');
    for (const dataDir of [deep, shallow]) {
      mkdirSync(path.join(dataDir, '.backup-left-by-a-stopped-command'), { recursive: true });
      const claim = await claimDataDir(dataDir, 'backup');
      let socket = '';
      try {
        // What a backup stopped half-way left is removed; the holder answers; nobody else claims.
        expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
        expect(await askControl(dataDir, { command: 'who' })).toEqual({
          ok: true,
          holder: { role: 'backup', pid: process.pid },
        });
        await expect(claimDataDir(dataDir, 'server')).rejects.toThrow(
          `A backup (pid ${process.pid}) is using DATA_DIR ${dataDir}.`,
        );
        // Always in a folder only this user may enter: DATA_DIR, or a new one with a random name.
        socket = (await findControlSocket(dataDir))!;
        if (dataDir === shallow) expect(socket).toBe(path.join(shallow, 'control.sock'));
        else {
          expect(path.dirname(path.dirname(socket))).toBe(os.tmpdir());
          expect(path.basename(path.dirname(socket))).toMatch(/^conversa-\w{6,}$/);
          const guessable = createHash('sha256').update(path.resolve(deep)).digest('hex').slice(0, 24);
          expect(existsSync(path.join(os.tmpdir(), `conversa-${guessable}.sock`))).toBe(false);
        }
        const folder = statSync(path.dirname(socket));
        expect(folder.mode & 0o777).toBe(0o700);
        expect(folder.uid).toBe(process.getuid!());
      } finally {
        await claim.release();
      }
      expect(await askControl(dataDir, { command: 'who' })).toBeNull();
      // The folder made for the socket goes with it.
      if (dataDir === deep) expect(existsSync(path.dirname(socket))).toBe(false);
    }
  });

  it('is not trusted in a folder that others may enter', async () => {
    const dataDir = path.join(scratch, 'x'.repeat(90), 'shared');
    const claim = await claimDataDir(dataDir, 'backup');
    try {
      const socket = (await findControlSocket(dataDir))!;
      chmodSync(path.dirname(socket), 0o777);
      await expect(askControl(dataDir, { command: 'who' })).rejects.toThrow(/only its owner may enter/);
      chmodSync(path.dirname(socket), 0o700);
    } finally {
      await claim.release();
    }
  });

  it('the backup command takes a staging folder only inside the data directory, and deletes nothing else', async () => {
    const dataDir = path.join(scratch, 'fake-holder');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '17');
    const outside = mkdtempSync(path.join(scratch, 'outside-'));
    writeFileSync(path.join(outside, 'manifest.json'), '{}');
    const inside = path.join(dataDir, 'db');
    for (const staging of [outside, path.join(dataDir, '..', path.basename(outside)), inside, 'relative']) {
      // Whatever answers on the socket names the folder the command packs and then deletes.
      const liar = createServer((socket) =>
        socket.once('data', () =>
          socket.end(`${JSON.stringify({ ok: true, holder: { role: 'server', pid: 1 }, staging })}\n`),
        ),
      );
      await new Promise<void>((resolve) => liar.listen(path.join(dataDir, 'control.sock'), resolve));
      try {
        await expect(backup(path.join(scratch, 'lied.tar.gz'), { DATA_DIR: dataDir })).rejects.toThrow(
          /staging folder .* is not one of DATA_DIR's/,
        );
      } finally {
        await new Promise((resolve) => liar.close(resolve));
      }
    }
    expect(readdirSync(outside)).toEqual(['manifest.json']);
    expect(readdirSync(inside)).toEqual(['PG_VERSION']);
    expect(existsSync(path.join(scratch, 'lied.tar.gz'))).toBe(false);
  });
});

// The round trip is of the embedded database; on PostgreSQL the commands refuse (above).
if (process.env.TEST_DB !== 'postgres') {
  describe('a backup taken while the server runs and writes, restored into a fresh DATA_DIR', () => {
    it('holds the state at snapshot time: rows, file bytes and the secret; later changes are absent', async () => {
      // No JWT_SECRET: the server generates DATA_DIR/jwt-secret, which the backup must carry.
      const env = { JWT_SECRET: undefined };
      const server = await createTestServer({ durable: true, controlChannel: true, env });
      const dataDir = server.config.dataDir;
      const archive = path.join(scratch, 'conversa.tar.gz');
      let restored: TestServer | null = null;
      try {
        const tenant = await createTenant(server);
        const docx = await upload(server, tenant, 'tables.docx', DOCX);
        // The operator's own terms page lives in DATA_DIR too.
        mkdirSync(path.join(dataDir, 'legal'));
        writeFileSync(path.join(dataDir, 'legal', 'terms.en.html'), '<h1>Our terms</h1>');
        const firstConversation = await converse(server, tenant, 'What are the opening hours?');
        await server.jobs.idle();

        // A second server on the same data dir is refused before it opens the database.
        await expect(claimDataDir(dataDir, 'server')).rejects.toBeInstanceOf(DataDirBusyError);

        const before = await state(server);
        // Writes go on while the backup runs: conversations, uploads, deletions of earlier uploads.
        let writing = true;
        let written = 0;
        const writer = (async () => {
          const mine: number[] = [];
          while (writing) {
            written += 1;
            await converse(server, tenant, `Question number ${written}?`);
            mine.push(
              (
                await upload(
                  server,
                  tenant,
                  `note-${written}.txt`,
                  `Note ${written}: the bus leaves at ${written}.`,
                )
              ).id,
            );
            if (mine.length > 2) await deleteFiles(server, tenant, [mine.shift()!]);
          }
        })();
        await new Promise((resolve) => setTimeout(resolve, 100));
        const writtenBefore = written;
        const result = await backup(archive, { DATA_DIR: dataDir });
        const writtenDuring = written - writtenBefore;
        writing = false;
        await writer;
        await server.jobs.idle();
        // The server kept writing while the backup ran (it does not stop the world).
        expect(writtenDuring).toBeGreaterThan(0);
        expect(result.manifest).toMatchObject({
          format: 'conversa-backup',
          takenBy: 'server',
          jwtSecret: true,
        });
        // The embedded PostgreSQL's version, which a dump needs to load again (17 today).
        expect(result.manifest.postgres).toBeGreaterThanOrEqual(170_000);
        expect(readFileSync(archive).length).toBeGreaterThan(0);
        expect(await inspectArchive(archive)).toEqual(result.manifest);
        // No staging folder is left behind in DATA_DIR.
        expect(readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);

        // Changes after the backup, which the restore must not bring back.
        const later = await createTenant(server);
        await deleteFiles(server, tenant, [docx.id]);
        await converse(server, tenant, 'A question after the backup?');
        await server.close();

        const freshDir = path.join(scratch, 'restored');
        const { manifest, previous } = await restore(archive, { env: { DATA_DIR: freshDir } });
        expect(manifest).toEqual(result.manifest);
        expect(previous).toBeNull();
        expect(readFileSync(path.join(freshDir, 'jwt-secret'), 'utf8')).toBe(
          readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'),
        );
        expect(readFileSync(path.join(freshDir, 'legal', 'terms.en.html'), 'utf8')).toBe(
          '<h1>Our terms</h1>',
        );
        restored = await createTestServer({
          reopen: { kind: 'pglite', dataDir: freshDir, path: path.join(freshDir, 'db') },
          env,
        });

        const after = await state(restored);
        // Everything that existed before the backup started is there, unchanged.
        for (const table of ['institutions', 'files', 'conversations', 'messages'] as const) {
          const ids = new Set(after[table].map((row) => JSON.stringify(row)));
          for (const row of before[table])
            expect(ids.has(JSON.stringify(row)), `${table} ${JSON.stringify(row)}`).toBe(true);
        }
        // What came after it is not.
        expect(after.institutions.map((row) => row.id)).not.toContain(later.institution.id);
        expect(after.files.map((row) => row.id)).toContain(docx.id);
        expect(after.messages.map((row) => row.content)).not.toContain('A question after the backup?');
        expect(after.conversations.map((row) => row.id)).toContain(firstConversation);
        // Every file row, including those written during the backup, has its bytes.
        for (const file of after.files) {
          const bytes = await restored.storage.get(file.storageKey);
          expect(bytes, file.name).not.toBeNull();
          expect(sha256(bytes!), file.name).toBe(file.sha256);
        }
        const docxRow = after.files.find((file) => file.id === docx.id)!;
        expect(await restored.storage.get(docxRow.storageKey)).toEqual(DOCX);
        // Every conversation has its messages (a conversation and its first message come together).
        const [withMessages] = await restored.database.db
          .select({ id: conversations.id })
          .from(conversations)
          .where(eq(conversations.id, firstConversation));
        expect(withMessages).toBeDefined();
        for (const conversation of after.conversations) {
          expect(after.messages.some((message) => message.conversationId === conversation.id)).toBe(true);
        }

        // The old session still works: the restored secret signs the same tokens.
        const served = await listFiles(restored, tenant);
        expect(served.map((file) => file.id)).toContain(docx.id);
      } finally {
        await restored?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);

    it('--encrypt seals the archive with a passphrase from the environment; restore needs the same one', async () => {
      const server = await createTestServer({
        durable: true,
        controlChannel: true,
        env: { JWT_SECRET: undefined },
      });
      const dataDir = server.config.dataDir;
      const target = path.join(scratch, 'restored-encrypted');
      const archive = path.join(scratch, 'sealed.tar.gz.enc');
      const passphrase = 'correct horse battery staple';
      let running = true;
      try {
        const tenant = await createTenant(server);
        await upload(server, tenant, 'faq.txt', 'Uniforms are blue, and the secret word is marmalade.');
        await expect(backup(archive, { DATA_DIR: dataDir }, { encrypt: true })).rejects.toThrow(
          /--encrypt needs a passphrase in BACKUP_PASSPHRASE/,
        );
        await expect(
          backup(archive, { DATA_DIR: dataDir, BACKUP_PASSPHRASE: 'short' }, { encrypt: true }),
        ).rejects.toThrow(/BACKUP_PASSPHRASE must have 16 or more characters/);
        expect(existsSync(archive)).toBe(false);

        const result = await backup(
          archive,
          { DATA_DIR: dataDir, BACKUP_PASSPHRASE: passphrase },
          { encrypt: true },
        );
        expect(result.manifest).toMatchObject({ jwtSecret: true, files: 1 });
        const sealed = readFileSync(archive);
        expect(statSync(archive).mode & 0o777).toBe(0o600);
        // Neither a gzip stream nor anything of the data (the generated secret, the file's words).
        expect(sealed.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
        expect(sealed.includes(readFileSync(path.join(dataDir, 'jwt-secret')))).toBe(false);
        await expect(inspectArchive(archive)).rejects.toThrow(/not a Conversa backup/);
        // The plain archive was written only inside DATA_DIR's staging folder, and is gone.
        expect(readdirSync(scratch).filter((name) => name.startsWith('sealed'))).toEqual([
          'sealed.tar.gz.enc',
        ]);
        expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);

        await expect(restore(archive, { env: { DATA_DIR: target } })).rejects.toThrow(
          /encrypted: set BACKUP_PASSPHRASE/,
        );
        await expect(
          restore(archive, { env: { DATA_DIR: target, BACKUP_PASSPHRASE: 'the wrong passphrase!' } }),
        ).rejects.toThrow(
          /could not be decrypted: the passphrase is wrong or the file is damaged\. DATA_DIR is unchanged/,
        );
        const tampered = path.join(scratch, 'tampered.tar.gz.enc');
        const changed = Buffer.from(sealed);
        changed[changed.length >> 1]! ^= 1;
        writeFileSync(tampered, changed);
        await expect(
          restore(tampered, { env: { DATA_DIR: target, BACKUP_PASSPHRASE: passphrase } }),
        ).rejects.toThrow(/could not be decrypted/);
        expect(listing(target) ?? []).toEqual([]);

        const restoredInto = await restore(archive, {
          env: { DATA_DIR: target, BACKUP_PASSPHRASE: passphrase },
        });
        expect(restoredInto.manifest).toEqual(result.manifest);
        expect(readdirSync(target).filter((name) => name.startsWith('.decrypted-'))).toEqual([]);
        expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe(
          readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'),
        );
        await server.close();
        running = false;
        // The restored jwt-secret signs the same tokens: the old session works.
        const reopened = await createTestServer({
          reopen: { kind: 'pglite', dataDir: target, path: path.join(target, 'db') },
          env: { JWT_SECRET: undefined },
        });
        try {
          expect((await listFiles(reopened, tenant)).map((file) => file.name)).toEqual(['faq.txt']);
        } finally {
          await reopened.close();
        }
      } finally {
        if (running) await server.close();
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(target, { recursive: true, force: true });
      }
    }, 180_000);

    it('refuses a data dir that holds data or a running server; --force keeps the old data aside', async () => {
      const server = await createTestServer({ durable: true, controlChannel: true });
      const dataDir = server.config.dataDir;
      try {
        const tenant = await createTenant(server);
        await upload(server, tenant, 'faq.txt', 'Uniforms are blue.');
        const archive = path.join(scratch, 'refusals.tar.gz');
        await backup(archive, { DATA_DIR: dataDir });

        const whileRunning = listing(dataDir);
        await expect(restore(archive, { force: true, env: { DATA_DIR: dataDir } })).rejects.toThrow(
          /A Conversa server \(pid \d+\) is using DATA_DIR .* Stop it before restoring/,
        );
        expect(listing(dataDir)).toEqual(whileRunning);
        await server.close();

        const before = listing(dataDir);

        await expect(restore(archive, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
          /already holds data \(.*db.*\)\. Pass --force/,
        );
        expect(listing(dataDir)).toEqual(before);

        // With no server running, the command takes the snapshot itself.
        const offline = await backup(path.join(scratch, 'offline.tar.gz'), { DATA_DIR: dataDir });
        expect(offline.manifest).toMatchObject({ takenBy: 'backup', files: 1 });

        const { previous } = await restore(archive, { force: true, env: { DATA_DIR: dataDir } });
        expect(previous).toMatch(/\.before-restore-/);
        expect(readdirSync(previous!).sort()).toEqual(expect.arrayContaining(['db', 'files']));
        const reopened = await createTestServer({
          reopen: { kind: 'pglite', dataDir, path: path.join(dataDir, 'db') },
        });
        try {
          expect((await listFiles(reopened, tenant)).map((file) => file.name)).toEqual(['faq.txt']);
        } finally {
          await reopened.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  });
}
