/**
 * Conversations as staff read them: the owner of one (for the access check), the filtered list, the
 * CSV's lines in chunks, the stored contact and overview, deletes and the dashboard's figures. Every
 * query names the institution (docs/architecture.md#tenancy-and-auth); preview conversations (the
 * trainer's "try it") stay out of the lists and figures.
 */
import type {
  Contact,
  ConversationFilters,
  ConversationStatus,
  Overview,
} from '@conversa/contract/conversation';
import { and, count, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { containsPattern } from '../db/like';
import { conversations, messages } from '../db/conversations-schema';
import { conversationTotals } from '../db/stats-schema';
import { dayAfter, dayStart } from '../db/days';
import { agentName } from '../chat';

// The channel of the trainer's preview conversations is the chat's (review/ reads it too).
import { PREVIEW_CHANNEL } from '../chat';
export { PREVIEW_CHANNEL };

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
  status: ConversationStatus;
  agentId: number | null;
  agentName: string | null;
  overview: Overview | null;
  ratedUp: number;
  ratedDown: number;
}

/** A line per conversation: its fields (over `conversations`), and the line made of them. */
export interface LineRecord {
  fields: SQL[];
  line: (fields: SQL[]) => SQL;
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
  status: conversations.status,
  agentId: conversations.agentId,
  agentName: agentName(conversations.agentId),
  ratedUp: conversations.ratedUp,
  ratedDown: conversations.ratedDown,
};

/**
 * The kept number of an assistant's conversations that a list with no date or text filter counts
 * (the triggers of migration 0009 keep it): counting 100k rows would take longer than the page.
 */
function totalColumn(filters: ConversationFilters) {
  if (filters.handoff)
    return filters.contact ? conversationTotals.handedOffContacts : conversationTotals.handedOff;
  return filters.contact ? conversationTotals.contacts : conversationTotals.conversations;
}

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
  if (filters.status) conditions.push(eq(conversations.status, filters.status));
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
export function staffConversationsRepo(db: DbOrTx) {
  return {
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
        filters.from || filters.to || filters.q.trim() || filters.status
          ? db.select({ total: count() }).from(conversations).where(where)
          : db
              .select({ total: totalColumn(filters) })
              .from(conversationTotals)
              .where(
                and(
                  eq(conversationTotals.institutionId, ref.institutionId),
                  eq(conversationTotals.assistantId, ref.assistantId),
                ),
              ),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    /**
     * The whole filtered list in the list's order as text: one line per conversation, made by the
     * database from the record's fields (each worked out once), joined by newlines; `batch`
     * conversations a chunk (the first chunk `first`, so the first bytes leave at once). Every
     * aggregate reads the page in the order it comes in (the chunk's last key is the last element),
     * so PostgreSQL 16+ sorts nothing again: 15-30% faster than ordering the keys the other way. Building
     * a JavaScript row per conversation costs ten times more. Keyset pagination, so a download of
     * any size holds one chunk in memory. `counted` hears each chunk's size (the audit's count).
     */
    async *lines(
      ref: AssistantRef,
      filters: ConversationFilters,
      record: LineRecord,
      options: { first?: number; batch?: number; counted?: (rows: number) => void } = {},
    ): AsyncGenerator<string> {
      const { first = 200, batch = 5_000, counted } = options;
      const where = listWhere(ref, filters);
      const fields = sql.join(
        record.fields.map((field, i) => sql`${field} as ${sql.identifier(`f${i}`)}`),
        sql`, `,
      );
      const line = record.line(record.fields.map((_, i) => sql`v.${sql.identifier(`f${i}`)}`));
      // The last row's key as text: a Date would drop the microseconds and skip rows. The plain
      // `<=` lets the index on the last interaction find where the chunk starts.
      let after: { at: string; id: string } | null = null;
      for (let size = first; ; size = batch) {
        const keyset = after
          ? sql` and ${conversations.lastMessageAt} <= ${after.at}::timestamptz
              and (${conversations.lastMessageAt}, ${conversations.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : sql``;
        const result = (await db.execute(sql`
          select string_agg(page.line, E'\n' order by page.at desc, page.id desc) as text,
            count(*)::int as n,
            (array_agg(page.at::text order by page.at desc, page.id desc))[count(*)::int] as last_at,
            (array_agg(page.id order by page.at desc, page.id desc))[count(*)::int] as last_id
          from (
            select v.id, v.at, ${line} as line from (
              select ${conversations.id} as id, ${conversations.lastMessageAt} as at, ${fields}
              from ${conversations} where ${where}${keyset}
              order by ${conversations.lastMessageAt} desc, ${conversations.id} desc limit ${size}
            ) v
          ) page`)) as unknown as {
          rows: { text: string | null; n: number; last_at: string; last_id: string }[];
        };
        const chunk = result.rows[0];
        if (!chunk || chunk.n === 0 || chunk.text === null) return;
        counted?.(chunk.n);
        yield chunk.text;
        if (chunk.n < size) return;
        after = { at: chunk.last_at, id: chunk.last_id };
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

    /** Stores the contact a visitor left (a second one replaces the first). */
    async saveContact(institutionId: number, id: string, contact: Contact): Promise<void> {
      await db
        .update(conversations)
        .set({ contact })
        .where(and(eq(conversations.institutionId, institutionId), eq(conversations.id, id)));
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
