/** The backup archive: its format, its manifest and the entries a restore accepts (docs/architecture.md#backups). */
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** The archive format written by `npm run backup` and read by `npm run restore`. */
export const BACKUP_FORMAT = 'conversa-backup';
export const BACKUP_VERSION = 1;

/** What `manifest.json`, the archive's first entry, says. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** Whether a running server took the snapshot, or the command opened the data dir itself. */
  takenBy: 'server' | 'backup';
  /** Stored objects (files under `files/`). */
  files: number;
  /** Whether DATA_DIR held a generated `jwt-secret` (absent when JWT_SECRET comes from the environment). */
  jwtSecret: boolean;
  /**
   * The embedded PostgreSQL's `server_version_num` (e.g. 170004): a data-dir dump loads only into
   * the same major version. Absent from the first archives written.
   */
  postgres?: number;
}

/** The major version of a `server_version_num` (170004 → 17). */
export const postgresMajor = (versionNum: number) => Math.floor(versionNum / 10_000);

/** The `server_version_num` of a PGlite instance. */
export async function postgresVersion(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
  return Number(rows[0]!.server_version_num);
}

/** The entries of an archive, relative to its root; nothing else is accepted on restore. */
export const ARCHIVE_ENTRIES = {
  manifest: 'manifest.json',
  /** PGlite's data-dir dump (an uncompressed tar, itself inside the archive's gzip). */
  database: 'db.tar',
  files: 'files',
  jwtSecret: 'jwt-secret',
  /** The operator's own terms and privacy pages (DATA_DIR/legal), when there are some. */
  legal: 'legal',
} as const;

/** The uploaded files' folder under a data dir (localStorage's root). */
export const filesFolder = (dataDir: string) => path.join(dataDir, 'files');
