/**
 * `whatsapp_resend`: sends again the failed replies staff asked for (`POST
 * institution-product/{id}/whatsapp/failed-replies/retry` re-queued them), each to its number. A
 * refusal worth retrying fails the job, so the queue retries it with backoff; any other, or the
 * attempts used up, records the reply as failed again: back on the console's list, never silent.
 */
import * as v from 'valibot';
import type { JobHandler } from '../../jobs/runner';
import { channelsRepo } from './channels.repo';
import type { IncomingJobDeps } from './incoming.job';
import { whatsappMessagesRepo } from './messages.repo';
import { awaitOtherSenders, sendAll } from './outbox.service';

export const WHATSAPP_RESEND = 'whatsapp_resend';
/** Attempts of a resend, as many as the job answering a message has. */
export const RESEND_ATTEMPTS = 5;

const PayloadSchema = v.object({
  institutionId: v.number(),
  assistantId: v.number(),
  ids: v.array(v.number()),
});

export function whatsappResendJob(deps: IncomingJobDeps): JobHandler {
  const messages = whatsappMessagesRepo(deps.db);
  const channels = channelsRepo(deps.db, deps.secretsKey);
  return {
    async run(payload) {
      const { ids, ...ref } = v.parse(PayloadSchema, payload);
      // A retried job finds only what is still queued, and claims each before sending: nothing is sent twice.
      const queued = await messages.queuedByIds(ref, ids);
      const channel = await channels.openFor(ref.institutionId, ref.assistantId);
      for (const to of new Set(queued.map((row) => row.phoneNumber))) {
        const rows = queued.filter((row) => row.phoneNumber === to);
        if (to) await sendAll(deps, rows, to, channel, true);
      }
      await awaitOtherSenders(deps.db, { ids });
    },

    async giveUp(payload, error) {
      const { ids, ...ref } = v.parse(PayloadSchema, payload);
      const queued = await messages.queuedByIds(ref, ids, ['queued', 'sending']);
      await messages.markFailed(
        queued.map((row) => row.id),
        error,
      );
    },
  };
}
