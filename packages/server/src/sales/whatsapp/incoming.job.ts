/**
 * The WhatsApp channel's jobs of a seller's message (docs/architecture.md#sales-support). Each reads
 * its payload, asks the sellers' policy (sales/sellers.service.ts) what to say, and sends what it
 * queued through the Graph API (outbox.service.ts): a refusal worth retrying (rate limits, Meta down)
 * fails the job so the queue retries it with backoff; any other is recorded as a failed reply, never
 * silent.
 */
import type { Logger } from 'pino';
import * as v from 'valibot';
import type { LlmConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../deps';
import type { JobHandler } from '../../jobs/runner';
import { sellersService } from '../sellers.service';
import { channelsRepo } from './channels.repo';
import { whatsappMessagesRepo } from './messages.repo';
import { awaitOtherSenders, sendAll } from './outbox.service';

/** `whatsapp_incoming`: answers one message a seller sent to a sales-support assistant's number. */
export const WHATSAPP_INCOMING = 'whatsapp_incoming';

export interface IncomingJobDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  llm: LlmConfig | null;
  secretsKey: Uint8Array;
  graphUrl: string;
  fetch?: typeof fetch;
}

const PayloadSchema = v.object({ messageId: v.number(), userId: v.optional(v.nullable(v.string()), null) });

export function whatsappIncomingJob(deps: IncomingJobDeps): JobHandler {
  const messages = whatsappMessagesRepo(deps.db);
  const sellers = sellersService(deps);
  return {
    async run(payload) {
      const { messageId, userId } = v.parse(PayloadSchema, payload);
      const reply = await sellers.answer(messageId, userId);
      if (!reply) return;
      // A refusal worth retrying fails the job: the queue runs it again with backoff.
      await sendAll(deps, await messages.queued(messageId), reply.to, reply.channel, true);
      await awaitOtherSenders(deps.db, { replyTo: messageId });
    },

    async giveUp(payload, error) {
      const { messageId } = v.parse(PayloadSchema, payload);
      const queued = await messages.unsent(messageId);
      await messages.markFailed(
        queued.map((reply) => reply.id),
        error,
      );
    },
  };
}

const ExpiryPayloadSchema = v.object({
  institutionId: v.number(),
  assistantId: v.number(),
  phoneNumber: v.string(),
  updatedAt: v.string(),
});

/**
 * `whatsapp_entry_expiry`: queued with each step of an entry, for 30 minutes later. When the entry is
 * still the one it was queued for (the seller wrote nothing since) and has expired, it is discarded
 * and the seller told so; otherwise nothing.
 */
export function whatsappEntryExpiryJob(deps: IncomingJobDeps): JobHandler {
  const messages = whatsappMessagesRepo(deps.db);
  const channels = channelsRepo(deps.db, deps.secretsKey);
  const sellers = sellersService(deps);
  return {
    async run(payload) {
      const { institutionId, assistantId, phoneNumber, updatedAt } = v.parse(ExpiryPayloadSchema, payload);
      const notice = await sellers.expireEntry({ institutionId, assistantId }, phoneNumber, updatedAt);
      if (notice === null) return;
      const channel = await channels.openFor(institutionId, assistantId);
      // One notice, sent once: a refusal of any kind is recorded, not retried.
      await sendAll(deps, await messages.queuedById(notice), phoneNumber, channel, false);
    },
  };
}
