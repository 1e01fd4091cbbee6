/**
 * Failed replies sent again when staff ask (failed-replies.routes.ts): queued once more with the job
 * that sends them (resend.job.ts), together.
 */
import type { Db } from '../../db/database';
import type { Clock } from '../../deps';
import { notFound } from '../../http/errors';
import { enqueue } from '../../jobs/queue';
import { failedRepliesRepo } from './failed-replies.repo';
import { RESEND_ATTEMPTS, WHATSAPP_RESEND } from './resend.job';

export function failedRepliesService(deps: { db: Db; clock: Clock }) {
  return {
    /** Queues these failed replies of the assistant again; a 404 (and nothing queued) when any cannot be. */
    async retry(ref: { institutionId: number; assistantId: number }, ids: readonly number[]): Promise<void> {
      // The replies and the job that sends them are committed together; any id that cannot be sent
      // again rolls the others back.
      await deps.db.transaction(async (tx) => {
        const requeued = await failedRepliesRepo(tx).requeueFailed(ref, ids);
        if (requeued.length !== ids.length) throw notFound();
        await enqueue(tx, WHATSAPP_RESEND, { ...ref, ids }, deps.clock.now(), {
          institutionId: ref.institutionId,
          maxAttempts: RESEND_ATTEMPTS,
        });
      });
    },
  };
}
