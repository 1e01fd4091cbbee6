import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';

// Kept at the top of src/ so the same relative URLs work from src/ (tsx, tests) and from the bundle
// in dist/: both are one level below the package folder.
/** Committed SQL migrations. */
export const migrationsFolder = new URL('../drizzle/', import.meta.url);
/** The built admin console (`packages/admin/dist`), served on the API's port when it exists. */
export const adminDistFolder = new URL('../../admin/dist/', import.meta.url);
/** The built widget (`packages/widget/dist`: embed.js and the chat app), served when it exists. */
export const widgetDistFolder = new URL('../../widget/dist/', import.meta.url);
/** The embedded database's folder (PGlite) under a DATA_DIR. */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'db');
/** Files the server ships and serves itself: the default share image, the default legal texts. */
export const assetsFolder = new URL('../assets/', import.meta.url);

/**
 * Creates a folder (and any missing parents) that only this user may open: 0700 whatever the umask,
 * and an existing folder is tightened too. Everything under DATA_DIR (database, uploads, mails,
 * secrets) goes through this or `makePrivateDirAsync`.
 */
export function makePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  for (const folder of createdFolders(dir, first)) chmodSync(folder, PRIVATE_DIR);
}

/** `makePrivateDir`, without blocking. */
export async function makePrivateDirAsync(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  for (const folder of createdFolders(dir, first)) await chmod(folder, PRIVATE_DIR);
}

/** Writes a new file only this user may read (0600 whatever the umask); fails if it exists. */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const fd = openSync(file, 'wx', PRIVATE_FILE);
  try {
    fchmodSync(fd, PRIVATE_FILE);
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** `dir` and the parents `mkdir` just made (from `first`, the outermost, inwards). */
function createdFolders(dir: string, first: string | undefined): string[] {
  const target = path.resolve(dir);
  const folders = [target];
  if (first === undefined) return folders;
  const outermost = path.resolve(first);
  for (let folder = path.dirname(target); folder.startsWith(outermost); folder = path.dirname(folder)) {
    folders.push(folder);
    if (folder === outermost) break;
  }
  return folders;
}
