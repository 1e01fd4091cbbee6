/**
 * The timers of a visitor waiting for a person (docs/product.md#live-conversations), queued when the
 * conversation starts waiting, each for that wait only (a later takeover, hand-back or new request
 * makes it a no-op):
 * - `notify`, after the assistant's `notify_after_minutes`: the confirmed handoff e-mail is told,
 *   with the question and a link to the transcript (once: the queue retries a failed send);
 * - `timeout`, after `wait_minutes`: the conversation goes back to the assistant and the visitor is
 *   told nobody could answer (the chat then offers the contact form; nothing they wrote is lost).
 */
import { conversationPath } from '@conversa/contract/console-paths';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { assistantLocale, isHandoffConfirmed } from '../assistants';
import { toStaff, toVisitor } from '../chat';
import type { Db } from '../db/database';
import type { Clock } from '../deps';
import type { EventBus } from '../events/event-bus';
import type { JobHandler } from '../jobs/runner';
import type { Mailer } from '../mail/mailer';
import { waitingMail } from '../mail/templates';
import { contactMailRepo } from './contact-mail.repo';
import { liveRepo } from './live.repo';

export const LIVE_WAITING = 'live_waiting';

export interface LiveWaitingDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  events: EventBus;
  publicUrl: string;
  logger: Logger;
}

export const LiveWaitingPayloadSchema = v.object({
  step: v.picklist(['notify', 'timeout']),
  institutionId: v.number(),
  assistantId: v.number(),
  conversationId: v.string(),
  /** When the wait began (the conversation's `status_at`), ISO. */
  since: v.string(),
  /** The minutes the step waited, for the mail's words. */
  minutes: v.number(),
});
export type LiveWaitingPayload = v.InferOutput<typeof LiveWaitingPayloadSchema>;

/** The handler of `live_waiting`. */
export function liveWaitingJob(deps: LiveWaitingDeps): JobHandler {
  const mails = contactMailRepo(deps.db);
  const live = liveRepo(deps.db);
  return {
    async run(payload) {
      const job = v.parse(LiveWaitingPayloadSchema, payload);
      const { institutionId, assistantId, conversationId } = job;
      const since = new Date(job.since);
      if (job.step === 'timeout') {
        const state = await live.giveUpWaiting(institutionId, conversationId, since, deps.clock.now());
        if (!state) return;
        const ref = { institutionId, assistantId, conversationId };
        toStaff(deps.events, ref, state.status);
        toVisitor(deps.events, ref, {
          event: 'status',
          data: { status: state.status, agent_name: null, reason: 'no_one_answered' },
        });
        return;
      }
      const state = await live.state(institutionId, conversationId);
      if (state?.status !== 'waiting' || state.statusAt?.getTime() !== since.getTime()) return;
      const row = await mails.target(institutionId, conversationId);
      const to = row?.handoff?.email?.trim();
      if (!row || !to) return;
      if (!isHandoffConfirmed(row.handoff, row.confirmedEmail)) {
        deps.logger.info(
          { institutionId, assistantId, conversationId },
          'waiting mail skipped: the handoff address is not confirmed',
        );
        return;
      }
      await deps.mailer.send({
        to,
        ...waitingMail(assistantLocale(row), {
          assistant: row.assistant,
          minutes: job.minutes,
          question: await mails.lastQuestion(institutionId, conversationId),
          link: `${deps.publicUrl}${conversationPath(assistantId, conversationId)}`,
        }),
      });
    },
  };
}
