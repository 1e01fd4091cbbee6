/**
 * `send_handoff_confirmation`: mails the assistant's handoff address a link that confirms it wants
 * visitors' contacts. The job makes the token itself (it never sits in the queue) and stores its
 * SHA-256, replacing the one before: only the latest mailed link works. A handoff whose address
 * changed since, or is confirmed already, is not mailed; a mail that fails leaves no working token.
 */
import { randomBytes } from 'node:crypto';
import { HANDOFF_CONFIRMATION_TTL_DAYS } from '@conversa/contract/assistant';
import * as v from 'valibot';
import { assistantLocale } from './assistants.service';
import type { Db } from '../db/database';
import type { Clock } from '../deps';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/runner';
import type { Mailer } from '../mail/mailer';
import { handoffConfirmationMail } from '../mail/templates';
import { MAIL_JOB_ATTEMPTS } from '../users';
import { isHandoffConfirmed } from './assistants.repo';
import { handoffConfirmationRepo, handoffTokenHash } from './handoff-confirmation.repo';

export const SEND_HANDOFF_CONFIRMATION = 'send_handoff_confirmation';
/** The public page a confirmation link opens (GET shows a button, POST confirms). */
export const HANDOFF_CONFIRMATION_PATH = '/confirm-handoff';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Queues the confirmation mail of an assistant's handoff address; pass a transaction to commit it with the save. */
export async function queueHandoffConfirmation(
  executor: Parameters<typeof enqueue>[0],
  institutionId: number,
  assistantId: number,
  now: Date,
): Promise<void> {
  await enqueue(executor, SEND_HANDOFF_CONFIRMATION, { institutionId, assistantId }, now, {
    institutionId,
    maxAttempts: MAIL_JOB_ATTEMPTS,
  });
}

export interface HandoffConfirmationDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
}

const PayloadSchema = v.object({ institutionId: v.number(), assistantId: v.number() });

/** The handler of `send_handoff_confirmation`. */
export function sendHandoffConfirmationJob(deps: HandoffConfirmationDeps): JobHandler {
  const repo = handoffConfirmationRepo(deps.db);
  return {
    async run(payload) {
      const { institutionId, assistantId } = v.parse(PayloadSchema, payload);
      const row = await repo.mailTarget(institutionId, assistantId);
      const email = row?.handoff?.email ?? null;
      if (!row || !email || isHandoffConfirmed(row.handoff, row.confirmedEmail)) return;
      const now = deps.clock.now();
      const token = randomBytes(32).toString('base64url');
      const hash = handoffTokenHash(token);
      const expiresAt = new Date(now.getTime() + HANDOFF_CONFIRMATION_TTL_DAYS * DAY_MS);
      if (!(await repo.issue(institutionId, assistantId, email, hash, expiresAt))) return;
      try {
        await deps.mailer.send({
          to: email,
          ...handoffConfirmationMail(assistantLocale(row), {
            assistant: row.assistant,
            link: `${deps.publicUrl}${HANDOFF_CONFIRMATION_PATH}?token=${token}`,
            days: HANDOFF_CONFIRMATION_TTL_DAYS,
          }),
        });
      } catch (error) {
        await repo.drop(hash);
        throw error;
      }
    },
  };
}
