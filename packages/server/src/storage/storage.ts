/**
 * Where uploaded bytes live (docs/architecture.md#running-and-configuration, #scale): a small key-value interface, so the local folder
 * (`DATA_DIR/files`, the default) and an S3-compatible bucket (`STORAGE_URL`, later) are
 * interchangeable. Keys are ours (random ids chosen by the server), never user file names.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { makePrivateDirAsync, PRIVATE_FILE } from '../paths';

/** Stored bytes by key. Implementations must make `put` atomic: a reader sees all bytes or none. */
export interface Storage {
  /** Stores bytes under a key, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes of a key; null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are `/`-separated segments of safe characters; no `.`/`..` segments, no leading slash. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}){0,7}$/;

/** True when a key is well formed (checked again by every implementation). */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

function checkKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Storage in a local folder. Writes go to a temporary file in the same folder, are flushed, then
 * renamed over the target: rename is atomic on one file system, so a crash leaves the old bytes
 * or the new ones, never half a file.
 */
export function localStorage(root: string): Storage {
  const file = (key: string) => {
    checkKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = file(key);
      await makePrivateDirAsync(path.dirname(target));
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(temp, 'wx', PRIVATE_FILE);
      try {
        await handle.chmod(PRIVATE_FILE);
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(file(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}
