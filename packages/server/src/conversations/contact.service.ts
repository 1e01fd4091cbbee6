/**
 * A chat visitor leaves their details for a person to follow up (docs/architecture.md#conversations).
 * Rate-limited per conversation and per address; a phone number is stored international (a local
 * one reads with the institution's country). The contact is stored and the mail to the handoff
 * contact queued in one transaction: the mail is retried, the contact never lost.
 */
import type { Locale } from '@conversa/contract/constants';
import type { Contact, ContactBody } from '@conversa/contract/conversation';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { GuestScope } from '../auth/scope';
import { hasPublicChat } from '../assistants';
import { visitorConversationsRepo } from '../chat';
import type { AppDeps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { translate } from '../i18n/translate';
import { enqueue } from '../jobs/queue';
import { contactConversationLimit, contactIpLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { MAIL_JOB_ATTEMPTS } from '../users';
import { SEND_CONTACT_MAIL } from './contact-mail.job';
import { staffConversationsRepo } from './staff-conversations.repo';

/** Stores the visitor's contact (a second one replaces the first) and queues the handoff mail. */
export async function leaveContact(
  deps: AppDeps,
  { conversationId, assistantId }: GuestScope,
  body: ContactBody,
  request: { ip: string; locale: Locale },
): Promise<Contact> {
  const { db } = deps.database;
  const conversation = await visitorConversationsRepo(db).find(conversationId, assistantId);
  // Sales support has no public chat, so no visitor to leave a contact.
  if (!conversation || !hasPublicChat(conversation)) throw notFound();
  await takeLimits(deps, [contactConversationLimit(conversationId), contactIpLimit(request.ip)]);
  let phone: string | null = null;
  if (body.phone !== null) {
    const parsed = parsePhoneNumberFromString(body.phone, {
      defaultCountry: (conversation.country ?? undefined) as CountryCode | undefined,
    });
    if (!parsed?.isValid()) {
      throw new ApiError(400, 'validation_failed', {
        issues: [
          { path: 'phone', code: 'invalid_phone', message: translate(request.locale, 'invalid_phone') },
        ],
      });
    }
    phone = parsed.number;
  }
  const now = deps.clock.now();
  const contact: Contact = {
    name: body.name,
    email: body.email,
    phone,
    message: body.message,
    created_at: now.toISOString(),
  };
  const { institutionId } = conversation;
  await db.transaction(async (tx) => {
    await staffConversationsRepo(tx).saveContact(institutionId, conversationId, contact);
    await enqueue(tx, SEND_CONTACT_MAIL, { institutionId, conversationId }, now, {
      institutionId,
      maxAttempts: MAIL_JOB_ATTEMPTS,
    });
  });
  return contact;
}
