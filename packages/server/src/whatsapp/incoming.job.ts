/**
 * `whatsapp_incoming`: answers one message a seller sent to a sales-support assistant's WhatsApp
 * number (docs/architecture.md#sales-support), in the seller's language (their message's, else the
 * assistant's):
 * - a sender Meta names only by a business-scoped user id: that they cannot be identified;
 * - a number not on the allowed list: one polite refusal a day, nothing else;
 * - an image, audio, document or location: that only text is read;
 * - a question: answered from the assistant's knowledge as the public chat answers it (same
 *   retrieval, honest abstention), its sources named in the text.
 * The reply goes through the Graph API; a refusal worth retrying (rate limits, Meta down) fails the
 * job so the queue retries it with backoff; any other is recorded as a failed reply, never silent.
 */
import type { Source } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { assistantLocale } from '../chat/chat.service';
import { ownerLocale } from '../chat/conversations.repo';
import type { LlmConfig } from '../config';
import type { Db } from '../db/database';
import { assistants, institutions } from '../db/schema';
import type { Clock } from '../deps';
import type { JobHandler } from '../jobs/runner';
import { type AnswerEvent, type ComposedAnswer, composeAnswer } from '../knowledge/answer/compose';
import { detectLanguage } from '../knowledge/text/language';
import { allowedNumbersRepo } from '../sales/allowed-numbers.repo';
import { CHANNEL_TEXT } from './channel-text';
import { channelsRepo } from './channels.repo';
import { GraphSendError, sendText } from './graph';
import { type ReplyKind, whatsappMessagesRepo } from './messages.repo';

export const WHATSAPP_INCOMING = 'whatsapp_incoming';

/** A number not on the list hears the refusal at most once in this long. */
const REFUSAL_EVERY_MS = 24 * 60 * 60_000;

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

const SOURCES: Record<Locale, string> = { en: 'Sources', es: 'Fuentes' };
const KNOWLEDGE_BASE: Record<Locale, string> = { en: 'the knowledge base', es: 'la base de conocimiento' };

/** An answer as one WhatsApp text: the answer, then the sources it came from, by name. */
export function answerText(answer: Pick<ComposedAnswer, 'text' | 'sources'>, locale: Locale): string {
  const names = [
    ...new Set(answer.sources.map((source: Source) => source.title?.trim() || KNOWLEDGE_BASE[locale])),
  ];
  return names.length > 0 ? `${answer.text}\n\n${SOURCES[locale]}: ${names.join('; ')}` : answer.text;
}

export function whatsappIncomingJob(deps: IncomingJobDeps): JobHandler {
  const messages = whatsappMessagesRepo(deps.db);
  const channels = channelsRepo(deps.db, deps.secretsKey);
  const numbers = allowedNumbersRepo(deps.db);

  return {
    async run(payload) {
      const { messageId, userId } = v.parse(PayloadSchema, payload);
      const message = await messages.find(messageId);
      if (!message || message.direction !== 'in') return;
      const ref = { institutionId: message.institutionId, assistantId: message.assistantId };
      const [assistant] = await deps.db
        .select({
          name: assistants.name,
          handoff: assistants.handoff,
          website: institutions.websiteUrl,
          country: institutions.country,
          ownerLocale,
        })
        .from(assistants)
        .innerJoin(institutions, eq(institutions.id, assistants.institutionId))
        .where(and(eq(assistants.institutionId, ref.institutionId), eq(assistants.id, ref.assistantId)));
      const channel = await channels.openFor(ref.institutionId, ref.assistantId);
      // The assistant or its channel was removed since: nobody to answer as.
      if (!assistant || !channel) return;
      const fallback = assistantLocale(assistant);
      const locale: Locale = (message.body && detectLanguage(message.body)) || fallback;
      const text = CHANNEL_TEXT[locale];

      let reply: { body: string; kind: ReplyKind } | null;
      const from = message.phoneNumber;
      if (!from) reply = { body: text.unidentified, kind: 'unidentified' };
      else if (!(await numbers.find(ref, from))) {
        const since = new Date(deps.clock.now().getTime() - REFUSAL_EVERY_MS);
        reply = (await messages.repliedSince(ref, from, 'refusal', since))
          ? null
          : { body: text.notAllowed(assistant.name), kind: 'refusal' };
      } else if (message.type !== 'text' || !message.body?.trim()) {
        reply = { body: text.textOnly, kind: 'text_only' };
      } else {
        const answer = composeAnswer({
          db: deps.db,
          llm: deps.llm,
          logger: deps.logger,
          institutionId: ref.institutionId,
          assistantId: ref.assistantId,
          question: message.body,
          assistantName: assistant.name,
          website: assistant.website,
          fallbackLocale: locale,
          handoff: assistant.handoff,
        });
        let step: IteratorResult<AnswerEvent, ComposedAnswer>;
        do step = await answer.next();
        while (!step.done);
        reply = { body: answerText(step.value, locale), kind: 'answer' };
      }
      if (!reply) return;

      const to = from ?? userId;
      if (!to) return;
      if (!channel.accessToken) {
        await messages.recordReply(ref, {
          to: from,
          ...reply,
          waMessageId: null,
          error: 'no access token is set',
        });
        return;
      }
      try {
        const waMessageId = await sendText(
          { graphUrl: deps.graphUrl, phoneNumberId: channel.phoneNumberId, accessToken: channel.accessToken },
          to,
          reply.body,
          deps.fetch,
        );
        await messages.recordReply(ref, { to: from, ...reply, waMessageId, error: null });
      } catch (error) {
        if (!(error instanceof GraphSendError)) throw error;
        // Worth another try: the queue runs the job again later (and records the failure when it gives up).
        if (error.retryable) throw error;
        await messages.recordReply(ref, { to: from, ...reply, waMessageId: null, error: error.message });
      }
    },

    async giveUp(payload, error) {
      const { messageId } = v.parse(PayloadSchema, payload);
      const message = await messages.find(messageId);
      if (!message) return;
      await messages.recordReply(
        { institutionId: message.institutionId, assistantId: message.assistantId },
        { to: message.phoneNumber, body: '', kind: 'answer', waMessageId: null, error },
      );
    },
  };
}
