/**
 * The WhatsApp messages of the channels: each incoming one recorded once (Meta's id is unique, so a
 * delivery repeated, even concurrently, is recorded and acted on once), our replies with their
 * delivery state as Meta's status callbacks report it. What staff read of them (failed replies,
 * sellers' questions) is failed-replies.repo.ts's.
 */
import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { whatsappMessages } from '../../db/sales-schema';
import type { IncomingMessage, StatusUpdate } from './payload';
import type { AssistantRef } from '../records.repo';

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;

/** Kinds of reply worth telling apart later (the daily refusal is sent once a day). */
export type ReplyKind = 'answer' | 'refusal' | 'unidentified' | 'text_only' | 'entry';

/** Why a reply whose attempt died mid-send is failed: it may or may not have reached the number. */
export const INTERRUPTED_SEND = 'the send was interrupted; it may not have reached the number';

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
