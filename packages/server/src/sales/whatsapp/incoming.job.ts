/**
 * `whatsapp_incoming`: answers one message a seller sent to a sales-support assistant's WhatsApp
 * number (docs/architecture.md#sales-support), in the seller's language (their message's, else the
 * assistant's):
 * - a sender Meta names only by a business-scoped user id: that they cannot be identified;
 * - a number not on the allowed list: one polite refusal a day, nothing else;
 * - an image, audio, document or location: that only text is read;
 * - a step of a lead or an order the seller is entering (sales/entry-dialog.ts); with a model, free
 *   text that enters one is read into its fields first (sales/extract-entry.ts);
 * - a question: answered from the assistant's knowledge as the public chat answers it (same
 *   retrieval, honest abstention), its sources named in the text.
 * The reply goes through the Graph API; a refusal worth retrying (rate limits, Meta down) fails the
 * job so the queue retries it with backoff; any other is recorded as a failed reply, never silent.
 */
import type { Handoff } from '@conversa/contract/assistant';
import type { Source } from '@conversa/contract/chat';
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { formatDate } from '@conversa/contract/date-format';
import type { Locale } from '@conversa/contract/constants';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { channelAssistant } from '../../assistants';
import { assistantLocale } from '../../chat';
import type { LlmConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../deps';
import type { JobHandler } from '../../jobs/runner';
import { type AnswerEvent, type ComposedAnswer, composeAnswer } from '../../knowledge';
import { LlmError } from '../../llm/llm';
import { detectLanguage } from '../../knowledge';
import { allowedNumbersRepo } from '..';
import { CHANNEL_TEXT } from './channel-text';
import { channelsRepo } from './channels.repo';
import { GraphSendError, SEND_TIMEOUT_MS, sendText } from './graph';
import { type ReplyKind, type WhatsappMessageRow, whatsappMessagesRepo } from './messages.repo';
import { ENTRY_TTL_MS, expiredText, isExpired, stepEntry } from '..';
import { enqueue } from '../../jobs/queue';
import { recordFieldsRepo } from '..';
import { salesEntriesRepo } from '..';
import { asEntryText, extractEntry } from '..';
import { type ModelCalls, modelCalls } from '../../rate-limit/model-calls';

export const WHATSAPP_INCOMING = 'whatsapp_incoming';
/** Tells a seller their unfinished entry expired, when they stayed silent. */
export const WHATSAPP_ENTRY_EXPIRY = 'whatsapp_entry_expiry';

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

/**
 * Sends queued messages of ours to `to`, in order, recording each as sent or failed. Each is claimed
 * first and skipped when another attempt holds it (a job that outlived its lease and the attempt that
 * took it over never both send one). A refusal worth retrying gives the message back to the queue and
 * is thrown when `retry` (the job runs again later); any other is recorded as failed.
 */
export async function sendAll(
  deps: IncomingJobDeps,
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

export function whatsappIncomingJob(deps: IncomingJobDeps): JobHandler {
  /** A seller's free text as a one-message entry, when the model reads one in it; else null (a question). */
  async function readEntry(
    llm: LlmConfig,
    calls: ModelCalls,
    text: string,
    locale: Locale,
    configured: Record<RecordKind, readonly FieldDefinition[]>,
  ): Promise<string | null> {
    // Beyond the seller's or the institution's budget the message is answered as a question.
    if (!(await calls.admit())) return null;
    try {
      const today = formatDate(deps.clock.now());
      const extraction = await extractEntry(llm, text, configured, today);
      await calls.settle(null);
      return asEntryText(extraction, locale, configured);
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      await calls.settle(error.reason);
      // The model is down or answered badly: the message is answered as a question instead.
      deps.logger.warn({ reason: error.reason }, 'whatsapp: free-text entry not read');
      return null;
    }
  }

  const messages = whatsappMessagesRepo(deps.db);
  const channels = channelsRepo(deps.db, deps.secretsKey);
  const numbers = allowedNumbersRepo(deps.db);
  const fields = recordFieldsRepo(deps.db);

  /** Works out the replies to one message and queues them, with the entry writes they report. */
  async function decide(input: {
    message: WhatsappMessageRow;
    ref: { institutionId: number; assistantId: number };
    from: string | null;
    locale: Locale;
    assistant: { name: string; handoff: Handoff | null; website: string | null; country: string | null };
  }): Promise<void> {
    const { message, ref, from, locale, assistant } = input;
    const text = CHANNEL_TEXT[locale];
    const queue = (replies: { body: string; kind: ReplyKind }[], db: Db = deps.db) =>
      whatsappMessagesRepo(db).queueReplies(ref, message.id, from, replies);
    if (!from) return queue([{ body: text.unidentified, kind: 'unidentified' }]);
    const seller = await numbers.find(ref, from);
    if (!seller) {
      const since = new Date(deps.clock.now().getTime() - REFUSAL_EVERY_MS);
      if (await messages.repliedSince(ref, from, 'refusal', since)) return;
      return queue([{ body: text.notAllowed(assistant.name), kind: 'refusal' }]);
    }
    if (message.type !== 'text' || !message.body?.trim()) {
      return queue([{ body: text.textOnly, kind: 'text_only' }]);
    }
    const body = message.body;
    const configured = { lead: await fields.get(ref, 'lead'), order: await fields.get(ref, 'order') };
    // A step of the seller's entry, the record it completes and its replies, written together.
    const entryStep = (entryText: string) =>
      deps.db.transaction(async (tx) => {
        const entries = salesEntriesRepo(tx);
        const step = stepEntry(await entries.get(ref, from), {
          text: entryText,
          messageId: message.waMessageId ?? String(message.id),
          now: deps.clock.now(),
          locale,
          country: assistant.country,
          configured,
        });
        await entries.save(ref, from, step.state);
        // Thirty minutes of silence: the expiry job says so, unless the seller wrote again since.
        if (step.state) {
          await enqueue(
            tx,
            WHATSAPP_ENTRY_EXPIRY,
            { ...ref, phoneNumber: from, updatedAt: step.state.updatedAt },
            deps.clock.now(),
            {
              institutionId: ref.institutionId,
              runAt: new Date(Date.parse(step.state.updatedAt) + ENTRY_TTL_MS + 1_000),
            },
          );
        }
        if (step.record) await entries.addRecord(ref, { number: from, name: seller.sellerName }, step.record);
        await queue(
          step.replies.map((reply) => ({ body: reply, kind: 'entry' as const })),
          tx,
        );
        return step.handled;
      });
    if (await entryStep(body)) return;
    // With a model, free text that enters a lead or an order is read into the same fields and goes
    // through the dialog as if typed in one message: checked alike, and only what is missing asked for.
    const calls = deps.llm
      ? modelCalls(
          { clock: deps.clock, database: { db: deps.db }, logger: deps.logger },
          deps.llm,
          { kind: 'seller', institutionId: ref.institutionId, phoneNumber: from },
          'fallback',
        )
      : undefined;
    const read = deps.llm && calls ? await readEntry(deps.llm, calls, body, locale, configured) : null;
    if (read && (await entryStep(read))) return;
    // A question: answered from the knowledge as the public chat answers it.
    const answer = composeAnswer({
      db: deps.db,
      llm: deps.llm,
      logger: deps.logger,
      institutionId: ref.institutionId,
      assistantId: ref.assistantId,
      question: body,
      assistantName: assistant.name,
      website: assistant.website,
      fallbackLocale: locale,
      handoff: assistant.handoff,
      calls,
    });
    let step: IteratorResult<AnswerEvent, ComposedAnswer>;
    do step = await answer.next();
    while (!step.done);
    return queue([{ body: answerText(step.value, locale), kind: 'answer' }]);
  }

  return {
    async run(payload) {
      const { messageId, userId } = v.parse(PayloadSchema, payload);
      const message = await messages.find(messageId);
      if (!message || message.direction !== 'in') return;
      const ref = { institutionId: message.institutionId, assistantId: message.assistantId };
      const assistant = await channelAssistant(deps.db, ref);
      const channel = await channels.openFor(ref.institutionId, ref.assistantId);
      // The assistant or its channel was removed since: nobody to answer as.
      if (!assistant || !channel) return;
      const fallback = assistantLocale(assistant);
      const locale: Locale = (message.body && detectLanguage(message.body)) || fallback;
      const from = message.phoneNumber;
      const to = from ?? userId;
      if (!to) return;

      // What to say is worked out (and queued) once; a retried job only sends what is still queued.
      if (!(await messages.hasReplies(message.id))) {
        await decide({ message, ref, from, locale, assistant });
      }
      // A refusal worth retrying fails the job: the queue runs it again with backoff.
      await sendAll(deps, await messages.queued(message.id), to, channel, true);
      await awaitOtherSenders(deps.db, { replyTo: message.id });
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
  return {
    async run(payload) {
      const { institutionId, assistantId, phoneNumber, updatedAt } = v.parse(ExpiryPayloadSchema, payload);
      const ref = { institutionId, assistantId };
      const notice = await deps.db.transaction(async (tx) => {
        const entries = salesEntriesRepo(tx);
        const state = await entries.get(ref, phoneNumber);
        if (!state || state.updatedAt !== updatedAt || !isExpired(state, deps.clock.now())) return null;
        await entries.save(ref, phoneNumber, null);
        return whatsappMessagesRepo(tx).queueNotice(ref, phoneNumber, {
          body: expiredText(state),
          kind: 'entry',
        });
      });
      if (notice === null) return;
      const channel = await channels.openFor(institutionId, assistantId);
      // One notice, sent once: a refusal of any kind is recorded, not retried.
      await sendAll(deps, await messages.queuedById(notice), phoneNumber, channel, false);
    },
  };
}
