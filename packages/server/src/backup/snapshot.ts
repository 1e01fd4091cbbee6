/**
 * Consistent snapshots of a single-machine DATA_DIR (PGlite and local files) while the server runs,
 * for `npm run backup` (docs/architecture.md#backups), asked for over the control socket
 * (`control-socket.ts`).
 *
 * A snapshot, in order: storage deletions are deferred; the database is dumped at a point where no
 * transaction is open (PGlite's transaction lock, then CHECKPOINT, then its data-dir dump); the
 * stored files are hard-linked into a staging folder (stored objects are immutable, so a link is a
 * copy), and the operator's legal pages copied; deferred deletions then run. Uploads write their
 * bytes before their row and deletions remove the row before the bytes, so every file a dumped row
 * names is linked; a few files without a row (uploads in flight) may come along and are harmless.
 * While the database is dumped (it reads the whole data dir) the server's queries wait: a pause
 * that grows with the database's size.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, cp, link, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database';
import { makePrivateDirAsync, PRIVATE_FILE } from '../paths';
import {
  ARCHIVE_ENTRIES,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  filesFolder,
  postgresVersion,
} from './archive';
import type { DeferringStorage } from './deferring-storage';

/** The raw PGlite client under a database opened by `openDatabase` (as the test setup reads it). */
export function pgliteOf(database: Database): PGlite {
  if (!database.pglite) throw new Error('snapshots are for the embedded database (PGlite)');
  return database.pglite;
}

/** PGlite's data dir at a point where no transaction is open, its dirty pages written out first. */
async function dumpDatabase(client: PGlite): Promise<{ dump: Blob; postgres: number }> {
  let dump: Blob | null = null;
  const postgres = await postgresVersion(client);
  // The transaction lock waits for every open transaction and keeps new ones (and single
  // statements) out; the dump itself only needs the query lock, free between our statements.
  await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    dump = await client.dumpDataDir('none');
  });
  return { dump: dump!, postgres };
}

/** Hard-links (or copies, across file systems) every stored object under `from` into `to`; their count. */
async function linkTree(from: string, to: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  await makePrivateDirAsync(to);
  let count = 0;
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) count += await linkTree(source, target);
    // Temporary files of writes in progress (localStorage's `*.tmp`) are not objects yet.
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      try {
        await link(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // deleted before deletions were held: its row is gone too
        if (code !== 'EXDEV' && code !== 'EPERM') throw error;
        await copyFile(source, target);
      }
      count += 1;
    }
  }
  return count;
}

/**
 * Takes a snapshot into a new staging folder inside DATA_DIR (`.backup-…`, the same file system as
 * the files, so they can be linked): manifest.json, db.tar, files/ and jwt-secret. The caller packs
 * it and removes it.
 */
export async function takeSnapshot(options: {
  dataDir: string;
  client: PGlite;
  storage: DeferringStorage;
  takenBy: BackupManifest['takenBy'];
}): Promise<string> {
  const { dataDir, client } = options;
  const staging = path.join(dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  await makePrivateDirAsync(staging);
  try {
    const { dump, postgres, files } = await options.storage.holdDeletions(async () => {
      const { dump, postgres } = await dumpDatabase(client);
      const files = await linkTree(filesFolder(dataDir), path.join(staging, ARCHIVE_ENTRIES.files));
      return { dump, postgres, files };
    });
    await writeFile(path.join(staging, ARCHIVE_ENTRIES.database), new Uint8Array(await dump.arrayBuffer()), {
      mode: PRIVATE_FILE,
    });
    const secret = path.join(dataDir, 'jwt-secret');
    const jwtSecret = await stat(secret).then(
      () => true,
      () => false,
    );
    if (jwtSecret) await copyFile(secret, path.join(staging, ARCHIVE_ENTRIES.jwtSecret));
    const legal = path.join(dataDir, ARCHIVE_ENTRIES.legal);
    if (
      await stat(legal).then(
        (info) => info.isDirectory(),
        () => false,
      )
    ) {
      await cp(legal, path.join(staging, ARCHIVE_ENTRIES.legal), { recursive: true });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      takenBy: options.takenBy,
      files,
      jwtSecret,
      postgres,
    };
    await writeFile(path.join(staging, ARCHIVE_ENTRIES.manifest), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE,
    });
    return staging;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
