/** Storage whose deletions a snapshot can hold back while it copies the files (docs/architecture.md#backups). */
import type { Logger } from 'pino';
import type { Storage } from '../storage/storage';

/** Storage whose deletions can be held back while a snapshot copies the files. */
export interface DeferringStorage extends Storage {
  /** Runs `fn` with deletions queued; they run once no hold is left. */
  holdDeletions<T>(fn: () => Promise<T>): Promise<T>;
}

export function deferDeletions(inner: Storage, logger: Logger): DeferringStorage {
  let holds = 0;
  const queued = new Set<string>();
  return {
    async put(key, bytes) {
      queued.delete(key);
      await inner.put(key, bytes);
    },
    async putStream(key, source) {
      queued.delete(key);
      return inner.putStream(key, source);
    },
    async get(key) {
      return queued.has(key) ? null : inner.get(key);
    },
    async delete(key) {
      if (holds > 0) queued.add(key);
      else await inner.delete(key);
    },
    async holdDeletions(fn) {
      holds += 1;
      try {
        return await fn();
      } finally {
        holds -= 1;
        if (holds === 0) {
          const keys = [...queued];
          queued.clear();
          await Promise.all(
            keys.map((key) =>
              inner
                .delete(key)
                .catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete stored file')),
            ),
          );
        }
      }
    },
  };
}
