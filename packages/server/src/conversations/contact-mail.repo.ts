/**
 * What the contact mail (`contact-mail.job.ts`) reads: the conversation's contact with its
 * assistant's handoff and language, and the visitor's last question. Every query names the
 * institution (docs/architecture.md#tenancy-and-auth).
 */
import { and, desc, eq } from 'drizzle-orm';
import { handoffMailColumns } from '../assistants';
import type { Db } from '../db/database';
import { assistants, institutions } from '../db/schema';
import { conversations, messages } from '../db/conversations-schema';

/** Contact-mail reads of one database. */
export function contactMailRepo(db: Db) {
  return {
    /** The conversation's contact and its assistant's handoff; null when either is not there. */
    async target(institutionId: number, conversationId: string) {
      const [row] = await db
        .select({ ...handoffMailColumns, contact: conversations.contact })
        .from(conversations)
        .innerJoin(
          assistants,
          and(eq(assistants.id, conversations.assistantId), eq(assistants.institutionId, institutionId)),
        )
        .innerJoin(institutions, eq(institutions.id, conversations.institutionId))
        .where(and(eq(conversations.institutionId, institutionId), eq(conversations.id, conversationId)))
        .limit(1);
      return row ?? null;
    },

    /** The visitor's last question in the conversation; null when there is none. */
    async lastQuestion(institutionId: number, conversationId: string): Promise<string | null> {
      const [question] = await db
        .select({ content: messages.content })
        .from(messages)
        .where(
          and(
            eq(messages.institutionId, institutionId),
            eq(messages.conversationId, conversationId),
            eq(messages.role, 'user'),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(1);
      return question?.content ?? null;
    },
  };
}
