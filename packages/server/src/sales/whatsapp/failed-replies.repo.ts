/**
 * The replies staff read and send again (docs/architecture.md#sales-support): those that could not
 * be sent, the sellers' questions answered from the knowledge, and failed replies queued once more.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { allowedNumbers } from '../../db/schema';
import { whatsappMessages } from '../../db/sales-schema';
import type { AssistantRef } from '../records.repo';

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

export function failedRepliesRepo(db: DbOrTx) {
  return {
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
  };
}
