/**
 * The WhatsApp messages of the channels: each incoming one recorded once (Meta's id is unique, so a
 * delivery repeated, even concurrently, is recorded and acted on once), our replies with their
 * delivery state as Meta's status callbacks report it.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { whatsappMessages } from '../db/schema';
import type { IncomingMessage, StatusUpdate } from './payload';

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;

/** Kinds of reply worth telling apart later (the daily refusal is sent once a day). */
export type ReplyKind = 'answer' | 'refusal' | 'unidentified' | 'text_only' | 'entry';

export function whatsappMessagesRepo(db: Db) {
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

    /** Records a reply: sent (with Meta's id) or failed (with why). */
    async recordReply(
      channel: { institutionId: number; assistantId: number },
      reply: {
        to: string | null;
        body: string;
        kind: ReplyKind;
        waMessageId: string | null;
        error: string | null;
      },
    ): Promise<void> {
      await db
        .insert(whatsappMessages)
        .values({
          ...channel,
          waMessageId: reply.waMessageId,
          direction: 'out',
          phoneNumber: reply.to,
          body: reply.body,
          type: reply.kind,
          status: reply.error ? 'failed' : 'sent',
          error: reply.error,
        })
        // Recorded already (a retried job whose send had gone through): once is enough.
        .onConflictDoNothing({ target: whatsappMessages.waMessageId });
    },

    /** Applies a status callback to the reply it names; false when it names none of ours. */
    async recordStatus(status: StatusUpdate): Promise<boolean> {
      const updated = await db
        .update(whatsappMessages)
        .set({ status: status.status, error: status.error, updatedAt: new Date() })
        .where(and(eq(whatsappMessages.waMessageId, status.messageId), eq(whatsappMessages.direction, 'out')))
        .returning({ id: whatsappMessages.id });
      return updated.length > 0;
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
