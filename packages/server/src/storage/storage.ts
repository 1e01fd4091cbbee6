/**
 * Where uploaded bytes live (docs/architecture.md#running-and-configuration, #scale): a small key-value interface, so the local folder
 * (`DATA_DIR/files`, the default) and an S3-compatible bucket (`STORAGE_URL`, s3-storage.ts) are
 * interchangeable. Keys are ours (random ids chosen by the server), never user file names.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { makePrivateDirAsync, PRIVATE_FILE } from '../paths';

/** Bytes arriving over time: a Node stream or any async iterable of chunks. */
export type ByteSource = AsyncIterable<Uint8Array> | Readable;

/**
 * Stored bytes by key. Implementations must make writes atomic: a reader sees all bytes or none.
 * A failure of the store itself (unwritable folder, unreachable bucket) is a `StorageError`; a
 * failure of a `putStream` source is that source's own error, and stores nothing.
 */
export interface Storage {
  /** Stores bytes under a key, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores bytes as they arrive, without holding them all (a temporary file renamed into place,
   * a multipart upload); replaces what was there once the source ends. Resolves to the size.
   */
  putStream(key: string, source: ByteSource): Promise<{ size: number }>;
  /** The bytes of a key; null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** The file store failed (not the caller's input): answered as 503 `storage_unavailable`. */
export class StorageError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(
      `storage ${operation} of ${key} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'StorageError';
  }
}

/** Keys are `/`-separated segments of safe characters; no `.`/`..` segments, no leading slash. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}){0,7}$/;

/** True when a key is well formed (checked again by every implementation). */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** Throws on a key that is not ours (a programming error, not a store failure). */
export function checkKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Reads a source to its end, telling its own failures apart from the consumer's: the source's
 * error is kept in `failure.error` (and rethrown to the consumer's loop).
 */
export function watchSource(source: ByteSource): {
  chunks: AsyncIterable<Uint8Array>;
  failure: { error: unknown } | null;
} {
  const watched: { failure: { error: unknown } | null } = { failure: null };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const iterator = (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    let done = false;
    try {
      for (;;) {
        let step: IteratorResult<Uint8Array>;
        try {
          step = await iterator.next();
        } catch (error) {
          done = true;
          watched.failure = { error };
          throw error;
        }
        if (step.done) {
          done = true;
          return;
        }
        yield step.value;
      }
    } finally {
      // The consumer stopped early (the store failed): let the source go.
      if (!done) await iterator.return?.();
    }
  }
  return Object.assign(watched, { chunks: chunks() });
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

  /** Writes through a temporary file; `fill` writes the bytes and answers the size. */
  const write = async (
    key: string,
    fill: (write: (bytes: Uint8Array) => Promise<void>) => Promise<number>,
  ) => {
    const target = file(key);
    let temp: string | null = null;
    try {
      await makePrivateDirAsync(path.dirname(target));
      temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(temp, 'wx', PRIVATE_FILE);
      let size: number;
      try {
        await handle.chmod(PRIVATE_FILE);
        size = await fill(async (bytes) => {
          await handle.write(bytes);
        });
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
      return size;
    } catch (error) {
      if (temp) await rm(temp, { force: true }).catch(() => undefined);
      throw new StorageError('write', key, error);
    }
  };

  return {
    async put(key, bytes) {
      await write(key, async (writeBytes) => {
        await writeBytes(bytes);
        return bytes.length;
      });
    },
    async putStream(key, source) {
      const watched = watchSource(source);
      try {
        const size = await write(key, async (writeBytes) => {
          let total = 0;
          for await (const chunk of watched.chunks) {
            await writeBytes(chunk);
            total += chunk.length;
          }
          return total;
        });
        return { size };
      } catch (error) {
        if (watched.failure) throw watched.failure.error;
        throw error;
      }
    },
    async get(key) {
      const target = file(key);
      try {
        return new Uint8Array(await readFile(target));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new StorageError('read', key, error);
      }
    },
    async delete(key) {
      const target = file(key);
      try {
        await rm(target, { force: true });
      } catch (error) {
        throw new StorageError('delete', key, error);
      }
    },
  };
}
