/**
 * `send_contact_mail`: tells the assistant's handoff contact that a visitor left their details,
 * with the question and a link to the transcript, in the assistant's language. Queued in the same
 * transaction as the contact, so a mail failure is retried by the queue and the contact never lost.
 * Only a confirmed handoff address is mailed (issue 29: anyone could type someone else's); for
 * another the mail is skipped, logged without the address, and the contact stays in the console.
 */
import { conversationPath } from '@conversa/contract/console-paths';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { isHandoffConfirmed } from '../assistants';
import { assistantLocale } from '../assistants';
import type { Db } from '../db/database';
import type { Clock } from '../deps';
import type { JobHandler } from '../jobs/runner';
import type { Mailer } from '../mail/mailer';
import { contactMail } from '../mail/templates';
import { contactMailRepo } from './contact-mail.repo';

export const SEND_CONTACT_MAIL = 'send_contact_mail';

export interface ContactMailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  logger: Logger;
}

const PayloadSchema = v.object({ institutionId: v.number(), conversationId: v.string() });

/** The handler of `send_contact_mail`. A conversation deleted since, or no handoff e-mail: nothing to send. */
export function sendContactMailJob(deps: ContactMailDeps): JobHandler {
  const repo = contactMailRepo(deps.db);
  return {
    async run(payload) {
      const { institutionId, conversationId } = v.parse(PayloadSchema, payload);
      const row = await repo.target(institutionId, conversationId);
      const to = row?.handoff?.email?.trim();
      if (!row?.contact || !to) return;
      if (!isHandoffConfirmed(row.handoff, row.confirmedEmail)) {
        // No recipient in the log: which assistant and conversation is enough to follow it up.
        deps.logger.info(
          { institutionId, assistantId: row.assistantId, conversationId },
          'contact mail skipped: the handoff address is not confirmed',
        );
        return;
      }
      const question = await repo.lastQuestion(institutionId, conversationId);
      const locale = assistantLocale(row);
      const { name, email, phone, message } = row.contact;
      await deps.mailer.send({
        to,
        ...(email ? { replyTo: email } : {}),
        ...contactMail(locale, {
          assistant: row.assistant,
          name,
          email,
          phone,
          message,
          question,
          link: `${deps.publicUrl}${conversationPath(row.assistantId, conversationId)}`,
        }),
      });
    },
  };
}
