/**
 * The WhatsApp messages of the channels: each incoming one recorded once (Meta's id is unique, so a
 * delivery repeated, even concurrently, is recorded and acted on once), our replies with their
 * delivery state as Meta's status callbacks report it.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { allowedNumbers } from '../../db/schema';
import { whatsappMessages } from '../../db/sales-schema';
import type { IncomingMessage, StatusUpdate } from './payload';

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;

/** Kinds of reply worth telling apart later (the daily refusal is sent once a day). */
export type ReplyKind = 'answer' | 'refusal' | 'unidentified' | 'text_only' | 'entry';

/** A failed reply as staff see it: with the seller's name (while allowed) and the message it answered. */
export interface FailedReplyRow {
  id: number;
  phoneNumber: string | null;
  sellerName: string | null;
  body: string | null;
  error: string | null;
  failedAt: Date;
  question: string | null;
}

/** A seller's question answered from the knowledge (not a lead or an order), as staff see it. */
export interface SellerQuestionRow {
  id: number;
  phoneNumber: string | null;
  sellerName: string | null;
  question: string | null;
  askedAt: Date;
  answer: string | null;
  answeredAt: Date;
}

interface AssistantRef {
  institutionId: number;
  assistantId: number;
}

/** Why a reply whose attempt died mid-send is failed: it may or may not have reached the number. */
export const INTERRUPTED_SEND = 'the send was interrupted; it may not have reached the number';

/** The incoming message a reply answers. */
const question = alias(whatsappMessages, 'question');
/** Another reply to the same message (a job still at work on it has some queued). */
const sibling = alias(whatsappMessages, 'sibling');

const failedOf = (ref: AssistantRef) =>
  and(
    eq(whatsappMessages.institutionId, ref.institutionId),
    eq(whatsappMessages.assistantId, ref.assistantId),
    eq(whatsappMessages.direction, 'out'),
    eq(whatsappMessages.status, 'failed'),
  );

/** The allowed number (and so the seller's name) of a message's number, in its assistant. */
const sellerOf = (message: {
  institutionId: AnyPgColumn;
  assistantId: AnyPgColumn;
  phoneNumber: AnyPgColumn;
}) =>
  and(
    eq(allowedNumbers.institutionId, message.institutionId),
    eq(allowedNumbers.assistantId, message.assistantId),
    eq(allowedNumbers.phoneNumber, message.phoneNumber),
  );

export function whatsappMessagesRepo(db: DbOrTx) {
  return {
    /** Records an incoming message; its row id, or null when Meta's id was recorded before. */
    async recordIncoming(
      channel: { institutionId: number; assistantId: number },
      message: IncomingMessage,
    ): Promise<number | null> {
      const [row] = await db
        .insert(whatsappMessages)
        .values({
          ...channel,
          waMessageId: message.messageId,
          direction: 'in',
          phoneNumber: message.from,
          body: message.text,
          type: message.type,
        })
        .onConflictDoNothing({ target: whatsappMessages.waMessageId })
        .returning({ id: whatsappMessages.id });
      return row?.id ?? null;
    },

    /** An incoming message by row id. */
    async find(id: number): Promise<WhatsappMessageRow | null> {
      const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
      return row ?? null;
    },

    /**
     * Queues the replies to an incoming message (`db` may be a transaction, to queue them with the
     * writes they report); the job then sends what is queued, so a retry never sends twice.
     */
    async queueReplies(
      channel: { institutionId: number; assistantId: number },
      incomingId: number,
      to: string | null,
      replies: readonly { body: string; kind: ReplyKind }[],
    ): Promise<void> {
      if (replies.length === 0) return;
      await db.insert(whatsappMessages).values(
        replies.map((reply) => ({
          ...channel,
          direction: 'out',
          replyTo: incomingId,
          phoneNumber: to,
          body: reply.body,
          type: reply.kind,
          status: 'queued',
        })),
      );
    },

    /** Queues a message of our own, answering none (an entry's expiry); its row id. */
    async queueNotice(
      channel: { institutionId: number; assistantId: number },
      to: string,
      reply: { body: string; kind: ReplyKind },
    ): Promise<number> {
      const [row] = await db
        .insert(whatsappMessages)
        .values({
          ...channel,
          direction: 'out',
          phoneNumber: to,
          body: reply.body,
          type: reply.kind,
          status: 'queued',
        })
        .returning({ id: whatsappMessages.id });
      return row!.id;
    },

    /** Whether replies to an incoming message were queued already (a retried job). */
    async hasReplies(incomingId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.replyTo, incomingId))
        .limit(1);
      return !!row;
    },

    /** The replies to an incoming message still to send, in order. */
    async queued(incomingId: number): Promise<WhatsappMessageRow[]> {
      return db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.replyTo, incomingId), eq(whatsappMessages.status, 'queued')))
        .orderBy(asc(whatsappMessages.id));
    },

    /** A queued message of ours by id (none once sent or failed). */
    async queuedById(id: number): Promise<WhatsappMessageRow[]> {
      return db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'queued')));
    },

    /**
     * Claims a queued message of ours for sending (`queued` → `sending`); false when another attempt
     * claimed it first, or it was sent or failed since. Only the claimer sends it, so an attempt that
     * outlived its job's lease and the one that took the job over never both do.
     */
    async claim(id: number): Promise<boolean> {
      const rows = await db
        .update(whatsappMessages)
        .set({ status: 'sending', updatedAt: new Date() })
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'queued')))
        .returning({ id: whatsappMessages.id });
      return rows.length > 0;
    },

    /** Gives a claimed message back to the queue (a send worth retrying later). */
    async unclaim(id: number): Promise<void> {
      await db
        .update(whatsappMessages)
        .set({ status: 'queued', updatedAt: new Date() })
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'sending')));
    },

    /**
     * Of these messages of ours, those an attempt claimed and has not finished sending. Claims from
     * before `staleBefore` are marked failed first (their attempt died mid-send: whether Meta got the
     * message is unknown, so staff decide whether to send it again; it is never sent twice on its own).
     */
    async unfinishedClaims(
      where: { replyTo: number } | { ids: readonly number[] },
      staleBefore: Date,
    ): Promise<number> {
      const of = and(
        'replyTo' in where
          ? eq(whatsappMessages.replyTo, where.replyTo)
          : inArray(whatsappMessages.id, [...where.ids]),
        eq(whatsappMessages.status, 'sending'),
      );
      await db
        .update(whatsappMessages)
        .set({ status: 'failed', error: INTERRUPTED_SEND, updatedAt: new Date() })
        .where(and(of, lt(whatsappMessages.updatedAt, staleBefore)));
      const [row] = await db.select({ n: count() }).from(whatsappMessages).where(of);
      return Number(row?.n ?? 0);
    },

    /** A reply sent: Meta's id, for the status callbacks. */
    async markSent(id: number, waMessageId: string): Promise<void> {
      await db
        .update(whatsappMessages)
        .set({ waMessageId, status: 'sent', updatedAt: new Date() })
        .where(eq(whatsappMessages.id, id));
    },

    /** Replies that could not be sent: why (shown to staff, never silent). */
    async markFailed(ids: readonly number[], error: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(whatsappMessages)
        .set({ status: 'failed', error, updatedAt: new Date() })
        .where(inArray(whatsappMessages.id, [...ids]));
    },

    /** Replies to an incoming message still queued or being sent (the job gave up on them). */
    async unsent(incomingId: number): Promise<WhatsappMessageRow[]> {
      return db
        .select()
        .from(whatsappMessages)
        .where(
          and(
            eq(whatsappMessages.replyTo, incomingId),
            inArray(whatsappMessages.status, ['queued', 'sending']),
          ),
        );
    },

    /**
     * Applies a status callback to the reply it names, among the replies of the assistant whose
     * channel it came through (another tenant's ids are not its to change); false when it names none.
     */
    async recordStatus(ref: AssistantRef, status: StatusUpdate): Promise<boolean> {
      const updated = await db
        .update(whatsappMessages)
        .set({ status: status.status, error: status.error, updatedAt: new Date() })
        .where(
          and(
            eq(whatsappMessages.institutionId, ref.institutionId),
            eq(whatsappMessages.assistantId, ref.assistantId),
            eq(whatsappMessages.waMessageId, status.messageId),
            eq(whatsappMessages.direction, 'out'),
          ),
        )
        .returning({ id: whatsappMessages.id });
      return updated.length > 0;
    },

    /** A page of an assistant's replies that could not be sent, the latest failure first. */
    async listFailed(
      ref: AssistantRef,
      page: { page: number; perPage: number },
    ): Promise<{ items: FailedReplyRow[]; total: number }> {
      const where = failedOf(ref);
      const [items, [counted]] = await Promise.all([
        db
          .select({
            id: whatsappMessages.id,
            phoneNumber: whatsappMessages.phoneNumber,
            sellerName: allowedNumbers.sellerName,
            body: whatsappMessages.body,
            error: whatsappMessages.error,
            failedAt: whatsappMessages.updatedAt,
            question: question.body,
          })
          .from(whatsappMessages)
          .leftJoin(question, eq(question.id, whatsappMessages.replyTo))
          // The seller as the list names them now: a number removed since shows none.
          .leftJoin(allowedNumbers, sellerOf(whatsappMessages))
          .where(where)
          .orderBy(desc(whatsappMessages.updatedAt), desc(whatsappMessages.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ total: count() }).from(whatsappMessages).where(where),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    /**
     * A page of the questions sellers asked that were answered from the knowledge (a reply of kind
     * `answer`: neither a step of a lead or an order, nor a refusal), the latest first.
     */
    async listQuestions(
      ref: AssistantRef,
      page: { page: number; perPage: number },
    ): Promise<{ items: SellerQuestionRow[]; total: number }> {
      const where = and(
        eq(whatsappMessages.institutionId, ref.institutionId),
        eq(whatsappMessages.assistantId, ref.assistantId),
        eq(whatsappMessages.direction, 'out'),
        eq(whatsappMessages.type, 'answer'),
      );
      const [items, [counted]] = await Promise.all([
        db
          .select({
            id: question.id,
            phoneNumber: question.phoneNumber,
            sellerName: allowedNumbers.sellerName,
            question: question.body,
            askedAt: question.createdAt,
            answer: whatsappMessages.body,
            answeredAt: whatsappMessages.createdAt,
          })
          .from(whatsappMessages)
          .innerJoin(
            question,
            and(eq(question.id, whatsappMessages.replyTo), eq(question.institutionId, ref.institutionId)),
          )
          .leftJoin(allowedNumbers, sellerOf(question))
          .where(where)
          .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ total: count() }).from(whatsappMessages).where(where),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    /**
     * Queues failed replies again; the ids queued. Only failed replies of the assistant to a phone
     * number are, and none whose message's job still has replies queued (it would send this one
     * too). Meta's old id is dropped, so a late status callback for the failed send cannot land on
     * the new one. Run it in the transaction that queues their job.
     */
    async requeueFailed(ref: AssistantRef, ids: readonly number[]): Promise<number[]> {
      const rows = await db
        .update(whatsappMessages)
        .set({ status: 'queued', error: null, waMessageId: null, updatedAt: new Date() })
        .where(
          and(
            failedOf(ref),
            inArray(whatsappMessages.id, [...ids]),
            isNotNull(whatsappMessages.phoneNumber),
            or(
              isNull(whatsappMessages.replyTo),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(sibling)
                  .where(
                    and(
                      eq(sibling.replyTo, whatsappMessages.replyTo),
                      inArray(sibling.status, ['queued', 'sending']),
                    ),
                  ),
              ),
            ),
          ),
        )
        .returning({ id: whatsappMessages.id });
      return rows.map((row) => row.id);
    },

    /** An assistant's messages of ours by id that are still queued (or in these states), in order. */
    async queuedByIds(
      ref: AssistantRef,
      ids: readonly number[],
      statuses: readonly string[] = ['queued'],
    ): Promise<WhatsappMessageRow[]> {
      return db
        .select()
        .from(whatsappMessages)
        .where(
          and(
            eq(whatsappMessages.institutionId, ref.institutionId),
            eq(whatsappMessages.assistantId, ref.assistantId),
            inArray(whatsappMessages.id, [...ids]),
            inArray(whatsappMessages.status, [...statuses]),
          ),
        )
        .orderBy(asc(whatsappMessages.id));
    },

    /** Whether a reply of this kind went to the number since `since` (the once-a-day refusal). */
    async repliedSince(
      channel: { institutionId: number; assistantId: number },
      to: string,
      kind: ReplyKind,
      since: Date,
    ): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(whatsappMessages)
        .where(
          and(
            eq(whatsappMessages.institutionId, channel.institutionId),
            eq(whatsappMessages.assistantId, channel.assistantId),
            eq(whatsappMessages.direction, 'out'),
            eq(whatsappMessages.phoneNumber, to),
            eq(whatsappMessages.type, kind),
            gte(whatsappMessages.createdAt, since),
          ),
        )
        .limit(1);
      return !!row;
    },
  };
}
