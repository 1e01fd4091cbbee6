/**
 * What a verified delivery of Meta's webhook does (webhook.routes.ts checks the delivery): a status
 * callback is recorded on the channel's reply it names; a new incoming message is recorded once
 * (Meta's id) and queued, in the same transaction, for the job that answers it.
 */
import type { Db } from '../../db/database';
import { enqueue } from '../../jobs/queue';
import { WHATSAPP_INCOMING } from './incoming.job';
import { whatsappMessagesRepo } from './messages.repo';
import type { WhatsAppEvent } from './payload';

/** Attempts of the job answering one message (its reply's send is retried with the queue's backoff). */
const INCOMING_ATTEMPTS = 5;

export function webhookService(deps: { db: Db }) {
  const messages = whatsappMessagesRepo(deps.db);
  return {
    /** Acts on one event of a number whose channel signed the delivery. */
    async receive(channel: { institutionId: number; assistantId: number }, event: WhatsAppEvent, now: Date) {
      const ref = { institutionId: channel.institutionId, assistantId: channel.assistantId };
      if (event.kind === 'status') {
        await messages.recordStatus(ref, event);
        return;
      }
      // The message and the job that answers it are committed together: never one without the other.
      await deps.db.transaction(async (tx) => {
        const recorded = await whatsappMessagesRepo(tx).recordIncoming(ref, event);
        if (recorded !== null) {
          await enqueue(
            tx,
            WHATSAPP_INCOMING,
            { messageId: recorded, userId: event.from ? null : event.userId },
            now,
            {
              institutionId: channel.institutionId,
              maxAttempts: INCOMING_ATTEMPTS,
            },
          );
        }
      });
    },
  };
}
