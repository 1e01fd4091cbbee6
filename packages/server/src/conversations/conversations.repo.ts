/**
 * Conversations as staff read them: the owner of one (for the access check), the filtered list, the
 * CSV's rows in batches, the stored contact and overview, deletes and the dashboard's figures. Every
 * query names the institution (docs/architecture.md#tenancy-and-auth); preview conversations (the
 * trainer's "try it") stay out of the lists and figures.
 */
import type { Contact, ConversationFilters, Overview } from '@conversa/contract/conversation';
import type { MemberRole } from '@conversa/contract/roles';
import { and, count, desc, eq, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { conversations, memberships, messages } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { MAIL_JOB_ATTEMPTS } from '../users/password-mails.job';
import { SEND_CONTACT_MAIL } from './contact-mail.job';

/** The channel of the trainer's preview conversations. */
export const PREVIEW_CHANNEL = 'preview';

const UuidSchema = v.pipe(v.string(), v.uuid());

/** A conversation as the list shows it. */
export interface ConversationListRow {
  id: string;
  createdAt: Date;
  lastMessageAt: Date;
  messageCount: number;
  firstQuestion: string | null;
  locale: string;
  handoff: boolean;
  contact: Contact | null;
  overview: Overview | null;
}

/** Where a list, its download or the dashboard look. */
export interface AssistantRef {
  institutionId: number;
  assistantId: number;
}

const listColumns = {
  id: conversations.id,
  createdAt: conversations.createdAt,
  lastMessageAt: conversations.lastMessageAt,
  messageCount: conversations.messageCount,
  firstQuestion: conversations.firstQuestion,
  locale: conversations.locale,
  handoff: conversations.handoff,
  contact: conversations.contact,
  overview: conversations.overview,
};

/** The start of day `day` (YYYY-MM-DD) in time zone `tz`, as a timestamptz. */
export const dayStart = (day: string, tz: string) => sql`((${day}::date)::timestamp at time zone ${tz})`;
/** The start of the day after `day` in `tz`: an inclusive end. */
export const dayAfter = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

/** The conditions of a list (and its download). */
function listWhere(ref: AssistantRef, filters: ConversationFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(conversations.institutionId, ref.institutionId),
    eq(conversations.assistantId, ref.assistantId),
    ne(conversations.channel, PREVIEW_CHANNEL),
  ];
  if (filters.from)
    conditions.push(sql`${conversations.lastMessageAt} >= ${dayStart(filters.from, filters.tz)}`);
  if (filters.to) conditions.push(sql`${conversations.lastMessageAt} < ${dayAfter(filters.to, filters.tz)}`);
  if (filters.handoff) conditions.push(eq(conversations.handoff, true));
  if (filters.contact) conditions.push(isNotNull(conversations.contact));
  const pattern = containsPattern(filters.q);
  if (pattern) {
    conditions.push(sql`exists (
      select 1 from ${messages}
      where ${messages.institutionId} = ${conversations.institutionId}
        and ${messages.conversationId} = ${conversations.id}
        and ${messages.content} ilike ${pattern})`);
  }
  return and(...conditions)!;
}

/** The staff conversation queries of one database. */
export function staffConversationsRepo(db: Db) {
  return {
    /** A conversation's institution and assistant, with the user's role there (null: not a member); null when none. */
    async owner(
      id: string,
      userId: number,
    ): Promise<{ institutionId: number; assistantId: number; role: MemberRole | null } | null> {
      if (!v.is(UuidSchema, id)) return null;
      const [row] = await db
        .select({
          institutionId: conversations.institutionId,
          assistantId: conversations.assistantId,
          role: memberships.role,
        })
        .from(conversations)
        .leftJoin(
          memberships,
          and(eq(memberships.institutionId, conversations.institutionId), eq(memberships.userId, userId)),
        )
        .where(eq(conversations.id, id.toLowerCase()))
        .limit(1);
      return row ? { ...row, role: row.role as MemberRole | null } : null;
    },

    /** A page of the list, newest interaction first, and the number of matching conversations. */
    async list(
      ref: AssistantRef,
      filters: ConversationFilters,
      page: { page: number; perPage: number },
    ): Promise<{ items: ConversationListRow[]; total: number }> {
      const where = listWhere(ref, filters);
      const [items, [counted]] = await Promise.all([
        db
          .select(listColumns)
          .from(conversations)
          .where(where)
          .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ total: count() }).from(conversations).where(where),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    /**
     * The whole filtered list in the list's order, `batch` rows at a time (keyset pagination, so a
     * download of any size holds one batch in memory).
     */
    async *rows(
      ref: AssistantRef,
      filters: ConversationFilters,
      batch = 1_000,
    ): AsyncGenerator<ConversationListRow[]> {
      const where = listWhere(ref, filters);
      let after: { at: Date; id: string } | null = null;
      for (;;) {
        const rows: ConversationListRow[] = await db
          .select(listColumns)
          .from(conversations)
          .where(
            after
              ? and(
                  where,
                  or(
                    lt(conversations.lastMessageAt, after.at),
                    and(eq(conversations.lastMessageAt, after.at), lt(conversations.id, after.id)),
                  ),
                )
              : where,
          )
          .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
          .limit(batch);
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.lastMessageAt, id: last.id };
      }
    },

    /** One conversation of an institution, as the list holds it; null when none. */
    async find(institutionId: number, id: string): Promise<ConversationListRow | null> {
      const [row] = await db
        .select(listColumns)
        .from(conversations)
        .where(and(eq(conversations.institutionId, institutionId), eq(conversations.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** Stores a conversation's overview. */
    async saveOverview(institutionId: number, id: string, overview: Overview, now: Date): Promise<void> {
      await db
        .update(conversations)
        .set({ overview, overviewAt: now })
        .where(and(eq(conversations.institutionId, institutionId), eq(conversations.id, id)));
    },

    /**
     * Stores the contact a visitor left (a second one replaces the first) and queues the mail to the
     * handoff contact in the same transaction: the mail is retried, the contact never lost.
     */
    async saveContact(institutionId: number, id: string, contact: Contact, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(conversations)
          .set({ contact })
          .where(and(eq(conversations.institutionId, institutionId), eq(conversations.id, id)));
        await enqueue(tx, SEND_CONTACT_MAIL, { institutionId, conversationId: id }, now, {
          institutionId,
          maxAttempts: MAIL_JOB_ATTEMPTS,
        });
      });
    },

    /**
     * Deletes the conversations `ids` of an institution, all or none: false (nothing deleted) when
     * any of them is not the institution's.
     */
    async deleteAll(institutionId: number, ids: readonly string[]): Promise<boolean> {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      return db.transaction(async (tx) => {
        const where = and(eq(conversations.institutionId, institutionId), inArray(conversations.id, unique));
        const [found] = await tx.select({ n: count() }).from(conversations).where(where);
        if ((found?.n ?? 0) !== unique.length) return false;
        await tx.delete(conversations).where(where);
        return true;
      });
    },
  };
}

export type StaffConversationsRepo = ReturnType<typeof staffConversationsRepo>;
