/**
 * Sending the channel's queued messages through the Graph API, each once: a message is claimed before
 * it is sent, so two attempts of a job (one that outlived its lease and the one that took it over)
 * never both send it; a refusal worth retrying gives it back to the queue, any other is recorded as
 * failed (staff see it), never silent.
 */
import type { Db } from '../../db/database';
import { GraphSendError, SEND_TIMEOUT_MS, sendText } from './graph';
import { type WhatsappMessageRow, whatsappMessagesRepo } from './messages.repo';

/** What sending needs: the database, the Graph API's base and (in tests) another `fetch`. */
export interface OutboxDeps {
  db: Db;
  graphUrl: string;
  fetch?: typeof fetch;
}

/** A claim older than this belongs to an attempt that died mid-send (a send is abandoned sooner). */
export const CLAIM_STALE_MS = 2 * SEND_TIMEOUT_MS;

/**
 * Throws (so the queue runs the job again later) while another attempt is still sending some of these
 * messages; claims of attempts that died mid-send are recorded as failed instead (never sent twice).
 */
export async function awaitOtherSenders(
  db: Db,
  where: { replyTo: number } | { ids: readonly number[] },
): Promise<void> {
  const unfinished = await whatsappMessagesRepo(db).unfinishedClaims(
    where,
    new Date(Date.now() - CLAIM_STALE_MS),
  );
  if (unfinished > 0) throw new Error(`${unfinished} message(s) still being sent by another attempt`);
}

/**
 * Sends queued messages of ours to `to`, in order, recording each as sent or failed. Each is claimed
 * first and skipped when another attempt holds it (a job that outlived its lease and the attempt that
 * took it over never both send one). A refusal worth retrying gives the message back to the queue and
 * is thrown when `retry` (the job runs again later); any other is recorded as failed.
 */
export async function sendAll(
  deps: OutboxDeps,
  queued: readonly WhatsappMessageRow[],
  to: string,
  channel: { phoneNumberId: string; accessToken: string | null } | null,
  retry: boolean,
): Promise<void> {
  const messages = whatsappMessagesRepo(deps.db);
  if (queued.length === 0) return;
  if (!channel?.accessToken) {
    await messages.markFailed(
      queued.map((row) => row.id),
      'no access token is set',
    );
    return;
  }
  for (const row of queued) {
    if (!(await messages.claim(row.id))) continue;
    try {
      const waMessageId = await sendText(
        { graphUrl: deps.graphUrl, phoneNumberId: channel.phoneNumberId, accessToken: channel.accessToken },
        to,
        row.body ?? '',
        deps.fetch,
      );
      await messages.markSent(row.id, waMessageId);
    } catch (error) {
      if (!(error instanceof GraphSendError)) throw error;
      if (retry && error.retryable) {
        await messages.unclaim(row.id);
        throw error;
      }
      await messages.markFailed([row.id], error.message);
    }
  }
}
