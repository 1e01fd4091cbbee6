/**
 * Backup and restore: a backup taken while the server runs and writes, restored into a fresh
 * DATA_DIR; encrypted archives; restoring over data; PostgreSQL and bucket deployments sent to
 * their own tools. Other refusals, and the control socket, are backup-refusals.test.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../db/conversations-schema';
import { listFiles } from '../testing/files.fixtures';
import { createTenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { backup, inspectArchive, restore } from './commands';
import { claimDataDir, DataDirBusyError } from './control-socket';
import {
  converse,
  deleteFiles,
  DOCX,
  listing,
  scratchDir,
  sha256,
  state,
  upload,
} from '../testing/backup.fixtures';

const scratch = scratchDir();

describe('a deployment on PostgreSQL or a bucket', () => {
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
