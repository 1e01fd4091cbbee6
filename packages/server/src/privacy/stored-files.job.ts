/**
 * `delete_stored`: removes stored bytes (files, logos) whose rows a deletion removed. Queued in the
 * deletion's transaction, so a rollback deletes nothing and a store that is down is retried by the
 * queue: the bytes leave storage with their rows, on disk and in S3 alike.
 */
import type { Logger } from 'pino';
import * as v from 'valibot';
import type { JobHandler } from '../jobs/runner';
import type { Storage } from '../storage/storage';

export const DELETE_STORED = 'delete_stored';

/** Keys one job removes at most (a deletion queues as many jobs as it needs). */
export const DELETE_STORED_BATCH = 500;

const PayloadSchema = v.object({ keys: v.array(v.string()) });

/** The handler of `delete_stored`: a missing key is no error, a failing store retries the job. */
export function deleteStoredJob(deps: { storage: Storage; logger: Logger }): JobHandler {
  return {
    async run(payload) {
      const { keys } = v.parse(PayloadSchema, payload);
      for (const key of keys) await deps.storage.delete(key);
      deps.logger.info({ count: keys.length }, 'stored files deleted');
    },
  };
}
