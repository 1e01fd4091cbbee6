/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (docs/architecture.md#backups):
 * one tar.gz holding manifest.json, PGlite's data-dir dump (db.tar), the stored files and the
 * generated jwt-secret. Single-machine deployments only: PostgreSQL and a bucket are backed up with
 * their own tools, and the commands say so instead of writing an empty archive.
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { loadDataLocation } from '../config';
import { createPglite } from '../db/database';
import { makePrivateDirAsync, pgliteFolder, PRIVATE_FILE } from '../paths';
import { localStorage } from '../storage/storage';
import {
  ARCHIVE_ENTRIES,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  filesFolder,
  postgresMajor,
  postgresVersion,
} from './archive';
import { askControl, claimDataDir, CONTROL_SOCKET, DataDirBusyError } from './control-socket';
import { deferDeletions } from './deferring-storage';
import { takeSnapshot } from './snapshot';
import { BackupEncryptionError, decryptFile, encryptFile, isEncrypted, passphraseFrom } from './encryption';

/** A refusal or failure the user can act on: printed as it is, without a stack. */
export class BackupError extends Error {}

const SCALED_OUT =
  'back up PostgreSQL with pg_dump (or your provider’s snapshots) and the bucket with its versioning ' +
  'or replication; see README, "Deploying".';

/** Refuses the deployments whose data is not in DATA_DIR. */
function singleMachine(env: NodeJS.ProcessEnv, verb: 'back up' | 'restore'): { dataDir: string } {
  const { dataDir, databaseUrl } = loadDataLocation(env);
  if (databaseUrl) {
    throw new BackupError(
      `DATABASE_URL is set: this command can only ${verb} the embedded database and files in DATA_DIR. ` +
        `With PostgreSQL, ${SCALED_OUT}`,
    );
  }
  if (env.STORAGE_URL) {
    throw new BackupError(
      `STORAGE_URL is set: the files are in a bucket, which this command does not ${verb}. ${SCALED_OUT}`,
    );
  }
  return { dataDir };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Writes `staging` as a tar.gz at `target` (0600: it holds secrets), through a temporary file;
 * with a `passphrase`, the tar.gz is written inside the staging folder (in DATA_DIR, private) and
 * only its encryption beside the target.
 */
async function pack(
  staging: string,
  target: string,
  manifest: BackupManifest,
  passphrase: string | null,
): Promise<void> {
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const plain = passphrase === null ? temp : path.join(staging, 'archive.tar.gz');
  await (await open(plain, 'wx', PRIVATE_FILE)).close();
  try {
    const entries: string[] = [ARCHIVE_ENTRIES.manifest, ARCHIVE_ENTRIES.database];
    if (await exists(path.join(staging, ARCHIVE_ENTRIES.files))) entries.push(ARCHIVE_ENTRIES.files);
    if (manifest.jwtSecret) entries.push(ARCHIVE_ENTRIES.jwtSecret);
    if (await exists(path.join(staging, ARCHIVE_ENTRIES.legal))) entries.push(ARCHIVE_ENTRIES.legal);
    await tar.c({ gzip: true, file: plain, cwd: staging, portable: true }, entries);
    if (passphrase !== null) await encryptFile(plain, temp, passphrase);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes a backup of DATA_DIR to `file`: asked of the running server over its control socket, or,
 * with none running, taken by this process (which holds the data dir meanwhile).
 */
export async function backup(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { encrypt?: boolean } = {},
): Promise<{ file: string; manifest: BackupManifest }> {
  const { dataDir } = singleMachine(env, 'back up');
  // Refused before any snapshot is taken.
  const passphrase = options.encrypt ? explained(() => passphraseFrom(env, 'encrypt')) : null;
  const target = path.resolve(file);
  if (!(await exists(path.join(pgliteFolder(dataDir), 'PG_VERSION')))) {
    throw new BackupError(`Nothing to back up: DATA_DIR ${dataDir} holds no database.`);
  }
  if (!(await exists(path.dirname(target)))) {
    throw new BackupError(`The folder of ${target} does not exist.`);
  }
  let staging: string;
  const reply = await askControl(dataDir, { command: 'snapshot' });
  if (reply) {
    if (!reply.ok || !reply.staging) {
      throw new BackupError(
        `The process holding DATA_DIR could not take a snapshot: ${reply.ok ? '?' : reply.error}`,
      );
    }
    staging = await ownStaging(dataDir, reply.staging);
  } else {
    const claim = await claimOrExplain(dataDir, 'backup');
    try {
      const client = await createPglite({ dataDir: pgliteFolder(dataDir) });
      try {
        const storage = deferDeletions(localStorage(filesFolder(dataDir)), silentLogger);
        staging = await takeSnapshot({ dataDir, client, storage, takenBy: 'backup' });
      } finally {
        await client.close();
      }
    } finally {
      await claim.release();
    }
  }
  try {
    const manifest = JSON.parse(
      await readFile(path.join(staging, ARCHIVE_ENTRIES.manifest), 'utf8'),
    ) as BackupManifest;
    await pack(staging, target, manifest, passphrase);
    return { file: target, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The name of a snapshot's staging folder in DATA_DIR (snapshot.ts's takeSnapshot). */
const STAGING_NAME = /^\.backup-[0-9a-f]+$/;

/**
 * The staging folder a server named over the control socket, accepted only when it is one of
 * DATA_DIR's own (`DATA_DIR/.backup-…`, a real folder, not a link): the command packs it and then
 * deletes it, so an answer naming any other folder is refused before anything is read or removed.
 */
async function ownStaging(dataDir: string, named: string): Promise<string> {
  const refuse = () =>
    new BackupError(
      `The process holding DATA_DIR named the staging folder ${JSON.stringify(named)}, which is not one of DATA_DIR's; nothing was written or removed.`,
    );
  if (!path.isAbsolute(named) || !STAGING_NAME.test(path.basename(named))) throw refuse();
  const staging = path.join(dataDir, path.basename(named));
  if (path.resolve(named) !== path.resolve(staging)) throw refuse();
  const info = await lstat(staging).catch(() => null);
  if (!info?.isDirectory()) throw refuse();
  return staging;
}

/** Runs `fn`, its encryption refusals turned into the command's own. */
function explained<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof BackupEncryptionError) throw new BackupError(error.message);
    throw error;
  }
}

/** A snapshot taken by the command itself logs nothing (it has no deletions to report). */
const silentLogger = { warn: () => undefined } as unknown as Parameters<typeof deferDeletions>[1];

async function claimOrExplain(dataDir: string, role: 'backup' | 'restore') {
  try {
    return await claimDataDir(dataDir, role);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const advice =
      role === 'restore' && error.holder.role === 'server'
        ? ' Stop it before restoring: a restore replaces the data under a running server.'
        : ' Try again once it has finished.';
    throw new BackupError(`${error.message}${advice}`);
  }
}

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ALLOWED_ENTRY = new RegExp(
  `^(${[ARCHIVE_ENTRIES.manifest, ARCHIVE_ENTRIES.database, ARCHIVE_ENTRIES.jwtSecret].map(escape).join('|')}` +
    `|(${escape(ARCHIVE_ENTRIES.files)}|${escape(ARCHIVE_ENTRIES.legal)})(/.*)?)$`,
);

/** Reads and checks an archive's manifest and entry names without extracting anything. */
export async function inspectArchive(file: string): Promise<BackupManifest> {
  const source = path.resolve(file);
  if (!(await exists(source))) throw new BackupError(`${source} does not exist.`);
  const bad = (why: string) => new BackupError(`${source} is not a Conversa backup: ${why}.`);
  let manifestText: string | null = null;
  const names: string[] = [];
  const kinds = new Set<string>();
  try {
    await tar.t({
      file: source,
      strict: true,
      onReadEntry(entry) {
        const name = entry.path.replace(/\/$/, '');
        names.push(name);
        kinds.add(entry.type);
        if (name === ARCHIVE_ENTRIES.manifest) {
          const chunks: Buffer[] = [];
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          entry.on('end', () => (manifestText = Buffer.concat(chunks).toString('utf8')));
        } else {
          entry.resume();
        }
      },
    });
  } catch (error) {
    throw bad(`it cannot be read as a tar.gz archive (${(error as Error).message})`);
  }
  if (names.length === 0) throw bad('it is empty or not a tar.gz archive');
  const stray = names.find((name) => !ALLOWED_ENTRY.test(name));
  if (stray !== undefined) throw bad(`unexpected entry ${JSON.stringify(stray)}`);
  // Plain files and folders only: no links that could point outside DATA_DIR.
  const odd = [...kinds].find((kind) => kind !== 'File' && kind !== 'Directory');
  if (odd !== undefined) throw bad(`it holds an entry of type ${odd}`);
  if (manifestText === null) throw bad(`no ${ARCHIVE_ENTRIES.manifest}`);
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(manifestText) as Partial<BackupManifest>;
  } catch {
    throw bad(`${ARCHIVE_ENTRIES.manifest} is not JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw bad(`its format is ${JSON.stringify(manifest.format)}`);
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${source} is a Conversa backup of version ${String(manifest.version)}; this version of Conversa restores version ${BACKUP_VERSION}.`,
    );
  }
  if (!names.includes(ARCHIVE_ENTRIES.database)) throw bad(`no ${ARCHIVE_ENTRIES.database}`);
  return manifest as BackupManifest;
}

/** DATA_DIR's own entries (not the control socket, nor the leftovers of backups and restores). */
async function liveEntries(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(dataDir)).filter((name) => name !== CONTROL_SOCKET && !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Restores a backup into DATA_DIR. The archive is checked first; then, holding the data dir (so no
 * server starts meanwhile), it is extracted into `DATA_DIR/.restore-…` and the database is opened
 * there once (PGlite loads its dump); only then are the current entries moved aside into
 * `DATA_DIR/.before-restore-…` (kept, with `force`) and the restored ones moved in, entry by entry
 * (renames within one folder, which also works when DATA_DIR is a mounted volume).
 */
export async function restore(
  file: string,
  options: { force?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<{ dataDir: string; manifest: BackupManifest; previous: string | null }> {
  const env = options.env ?? process.env;
  const { dataDir } = singleMachine(env, 'restore');
  const given = path.resolve(file);
  if (!(await exists(given))) throw new BackupError(`${given} does not exist.`);
  if (!(await isEncrypted(given))) return restoreArchive(given, dataDir, options.force ?? false);
  const passphrase = explained(() => passphraseFrom(env, 'decrypt'));
  // Decrypted into DATA_DIR (private, the data's own disk), removed once restored or refused.
  await makePrivateDirAsync(dataDir);
  const decrypted = path.join(dataDir, `.decrypted-${randomBytes(6).toString('hex')}.tar.gz`);
  try {
    try {
      await decryptFile(given, decrypted, passphrase);
    } catch (error) {
      if (error instanceof BackupEncryptionError) {
        throw new BackupError(`${error.message} DATA_DIR is unchanged.`);
      }
      throw error;
    }
    return await restoreArchive(decrypted, dataDir, options.force ?? false);
  } finally {
    await rm(decrypted, { force: true });
  }
}

let embeddedVersion: Promise<number> | null = null;
/**
 * The `server_version_num` of the PostgreSQL that this build embeds. Asking it starts a throwaway
 * PGlite (initdb: seconds), so a process asks once; a failed start is asked again next time.
 */
function embeddedPostgresVersion(): Promise<number> {
  embeddedVersion ??= (async () => {
    const embedded = await createPglite();
    return postgresVersion(embedded).finally(() => embedded.close());
  })().catch((error: unknown) => {
    embeddedVersion = null;
    throw error;
  });
  return embeddedVersion;
}

/** `restore` of a plain archive. */
async function restoreArchive(
  source: string,
  dataDir: string,
  force: boolean,
): Promise<{ dataDir: string; manifest: BackupManifest; previous: string | null }> {
  const manifest = await inspectArchive(source);
  if (manifest.postgres !== undefined) {
    const here = await embeddedPostgresVersion();
    if (postgresMajor(here) !== postgresMajor(manifest.postgres)) {
      throw new BackupError(
        `${source} holds a PostgreSQL ${postgresMajor(manifest.postgres)} database (embedded); this version ` +
          `of Conversa embeds PostgreSQL ${postgresMajor(here)}, which cannot load it. Restore it with the ` +
          'Conversa version that wrote it, and move the data on with pg_dump. DATA_DIR is unchanged.',
      );
    }
  }
  const claim = await claimOrExplain(dataDir, 'restore');
  const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const staging = path.join(dataDir, `.restore-${stamp}`);
  let previous: string | null = null;
  try {
    const current = await liveEntries(dataDir);
    if (current.length > 0 && !force) {
      throw new BackupError(
        `DATA_DIR ${dataDir} already holds data (${current.join(', ')}). Pass --force to replace it ` +
          '(the current data is moved aside into DATA_DIR/.before-restore-…, not deleted).',
      );
    }
    await mkdir(staging, { mode: 0o700 });
    try {
      await tar.x({ file: source, cwd: staging, strict: true });
      // PGlite loads its own dump into the new folder: this also proves the database opens.
      const dump = new Blob([await readFile(path.join(staging, ARCHIVE_ENTRIES.database))]);
      const client = await createPglite({ dataDir: pgliteFolder(staging), loadDataDir: dump });
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
      await rm(path.join(staging, ARCHIVE_ENTRIES.database));
      await rm(path.join(staging, ARCHIVE_ENTRIES.manifest));
      if (manifest.jwtSecret) await chmod(path.join(staging, ARCHIVE_ENTRIES.jwtSecret), PRIVATE_FILE);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(
        `Could not restore ${source}: ${(error as Error).message}. DATA_DIR is unchanged.`,
      );
    }

    const present = await liveEntries(dataDir);
    if (present.length > 0) {
      previous = path.join(dataDir, `.before-restore-${stamp}`);
      await mkdir(previous, { mode: 0o700 });
      for (const name of present) await rename(path.join(dataDir, name), path.join(previous, name));
    }
    for (const name of await readdir(staging)) {
      await rename(path.join(staging, name), path.join(dataDir, name));
    }
    await rm(staging, { recursive: true, force: true });
  } finally {
    await claim.release();
  }
  return { dataDir, manifest, previous };
}
