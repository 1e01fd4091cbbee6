/**
 * The sellers' policy (docs/architecture.md#sales-support): what a sales-support assistant answers
 * to a message on its WhatsApp number, in the seller's language (their message's, else the
 * assistant's):
 * - a sender Meta names only by a business-scoped user id: that they cannot be identified;
 * - a number not on the allowed list: one polite refusal a day, nothing else;
 * - an image, audio, document or location: that only text is read;
 * - a step of a lead or an order the seller is entering (entry-dialog.ts); with a model, free text
 *   that enters one is read into its fields first (extract-entry.ts);
 * - a question: answered from the assistant's knowledge as the public chat answers it (same
 *   retrieval, honest abstention), its sources named in the text.
 * The replies are queued with the writes they report; the channel's jobs (whatsapp/) send them.
 */
import type { Handoff } from '@conversa/contract/assistant';
import type { Locale } from '@conversa/contract/constants';
import { formatDate } from '@conversa/contract/date-format';
import { BUILT_IN_KEYS, type FieldDefinition, type RecordKind } from '@conversa/contract/sales';
import type { Logger } from 'pino';
import { channelAssistant } from '../assistants';
import { assistantLocale } from '../assistants';
import type { LlmConfig } from '../config';
import type { Db, DbOrTx } from '../db/database';
import type { Clock } from '../deps';
import { enqueue } from '../jobs/queue';
import { type AnswerEvent, type ComposedAnswer, composeAnswer, detectLanguage } from '../knowledge';
import { LlmError } from '../llm/llm';
import { type ModelCalls, modelCalls } from '../rate-limit/model-calls';
import { allowedNumbersRepo } from './allowed-numbers.repo';
import { stepEntry } from './entry-dialog';
import { ENTRY_TTL_MS, type EntryRecord, expiredText, isExpired } from './entry-state';
import { asEntryText, extractEntry } from './extract-entry';
import { recordFieldsRepo } from './record-fields.repo';
import { recordWritesRepo } from './record-writes.repo';
import { salesEntriesRepo } from './sales-entries.repo';
import { answerText, SELLER_TEXT } from './seller-text';
import { channelsRepo, type OpenChannel } from './whatsapp/channels.repo';
import { type ReplyKind, type WhatsappMessageRow, whatsappMessagesRepo } from './whatsapp/messages.repo';
import type { AssistantRef } from './records.repo';

/** Tells a seller their unfinished entry expired, when they stayed silent. */
export const WHATSAPP_ENTRY_EXPIRY = 'whatsapp_entry_expiry';

/** A number not on the list hears the refusal at most once in this long. */
const REFUSAL_EVERY_MS = 24 * 60 * 60_000;

export interface SellersDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  llm: LlmConfig | null;
  secretsKey: Uint8Array;
}

/** Stores a confirmed lead or order, with the seller as they were; its id. */
function addRecord(
  db: DbOrTx,
  ref: AssistantRef,
  seller: { number: string; name: string },
  record: EntryRecord,
): Promise<number> {
  const text = (key: string) => {
    const value = record.values[key];
    return typeof value === 'string' ? value : null;
  };
  const fields = Object.fromEntries(
    Object.entries(record.values).filter(([key]) => !BUILT_IN_KEYS[record.kind].includes(key)),
  );
  return recordWritesRepo(db).create(
    ref,
    record.kind,
    {
      company: text('company') ?? '',
      contactName: text('contact'),
      phone: text('phone'),
      email: text('email'),
      notes: text('notes'),
      fields,
      lines: record.lines.map((line) => ({
        product_code: line.product_code,
        product_description: line.description,
        quantity: line.quantity,
      })),
    },
    { name: seller.name, number: seller.number, userId: null, messageIds: record.messageIds },
  );
}

export function sellersService(deps: SellersDeps) {
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
    ref: AssistantRef;
    from: string | null;
    locale: Locale;
    assistant: { name: string; handoff: Handoff | null; website: string | null; country: string | null };
  }): Promise<void> {
    const { message, ref, from, locale, assistant } = input;
    const text = SELLER_TEXT[locale];
    const queue = (replies: { body: string; kind: ReplyKind }[], db: DbOrTx = deps.db) =>
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
        if (step.record) await addRecord(tx, ref, { number: from, name: seller.sellerName }, step.record);
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
    /**
     * Queues the replies to an incoming message (worked out once: a retried job finds them queued)
     * and tells whom to send them to, through which channel; null when nobody is to be answered (the
     * message is none of a seller's, or its assistant or channel was removed since).
     */
    async answer(
      messageId: number,
      userId: string | null,
    ): Promise<{ to: string; channel: OpenChannel } | null> {
      const message = await messages.find(messageId);
      if (!message || message.direction !== 'in') return null;
      const ref = { institutionId: message.institutionId, assistantId: message.assistantId };
      const assistant = await channelAssistant(deps.db, ref);
      const channel = await channels.openFor(ref.institutionId, ref.assistantId);
      // The assistant or its channel was removed since: nobody to answer as.
      if (!assistant || !channel) return null;
      const fallback = assistantLocale(assistant);
      const locale: Locale = (message.body && detectLanguage(message.body)) || fallback;
      const from = message.phoneNumber;
      const to = from ?? userId;
      if (!to) return null;
      if (!(await messages.hasReplies(message.id))) {
        await decide({ message, ref, from, locale, assistant });
      }
      return { to, channel };
    },

    /**
     * Discards a seller's entry when it is still the one the expiry was queued for (the seller wrote
     * nothing since) and has expired, and queues the notice that says so; the notice's id, or null.
     */
    async expireEntry(ref: AssistantRef, phoneNumber: string, updatedAt: string): Promise<number | null> {
      return deps.db.transaction(async (tx) => {
        const entries = salesEntriesRepo(tx);
        const state = await entries.get(ref, phoneNumber);
        if (!state || state.updatedAt !== updatedAt || !isExpired(state, deps.clock.now())) return null;
        await entries.save(ref, phoneNumber, null);
        return whatsappMessagesRepo(tx).queueNotice(ref, phoneNumber, {
          body: expiredText(state),
          kind: 'entry',
        });
      });
    },
  };
}
