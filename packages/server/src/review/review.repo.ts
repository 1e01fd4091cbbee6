/**
 * Ratings, corrections and the review queue (issue 35) in SQL. Every query names the institution
 * (docs/architecture.md#tenancy-and-auth); the trainer's preview conversations stay out of the queue
 * and the figures.
 */
import type { Correction, Rating } from '@conversa/contract/chat';
import type { ReviewItem, ReviewQuery, ReviewReason } from '@conversa/contract/review';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { dayAfter, dayStart } from '../db/days';
import { PREVIEW_CHANNEL } from '../chat';

type Row = Record<string, unknown>;
const rowsOf = async (db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** Where a queue or its figures look. */
export interface AssistantRef {
  institutionId: number;
  assistantId: number;
}

/**
 * Answers that may need a look (`m`: messages): rated, handed off or not known. The partial index
 * `messages_review_idx` (migration 0026) holds exactly these, so the queue and the figures read it.
 */
const MAY_NEED_REVIEW = sql`m.role = 'assistant' and (m.rating is not null or m.handoff or not m.answered)`;

/** The answers of each reason; none: any of them. */
const OF_REASON: Record<ReviewReason | 'any', SQL> = {
  down: sql`m.rating = 'down'`,
  handoff: sql`m.handoff`,
  unanswered: sql`not m.answered`,
  any: sql`(m.rating = 'down' or m.handoff or not m.answered)`,
};

/** An item's reason: rated down first, then not known, then handed off (an "I don't know" offers a person too). */
const REASON_OF = sql`(case when m.rating = 'down' then 'down' when not m.answered then 'unanswered' else 'handoff' end)`;

/** Still waiting for staff: neither corrected nor dismissed. */
const OPEN = sql`m.dismissed_at is null and m.corrected is null`;

/** The range's bounds on `column`, days in `tz`. */
function within(column: SQL, range: { from: string | null; to: string | null; tz: string }): SQL {
  return sql.join(
    [
      range.from ? sql` and ${column} >= ${dayStart(range.from, tz(range))}` : sql``,
      range.to ? sql` and ${column} < ${dayAfter(range.to, tz(range))}` : sql``,
    ],
    sql``,
  );
}
const tz = (range: { tz: string }) => range.tz;

/** The answers of an assistant's visitor conversations that may need a look (`m` joined to `c`). */
const answersOf = (ref: AssistantRef) => sql`messages m
  join conversations c on c.institution_id = m.institution_id and c.id = m.conversation_id
  where m.institution_id = ${ref.institutionId} and ${MAY_NEED_REVIEW}
    and c.product_id = ${ref.assistantId} and c.channel <> ${PREVIEW_CHANNEL}`;

/** The visitor's question an answer (`m`) replied to: the last before it. */
const QUESTION_OF = sql`(select u.content from messages u
  where u.institution_id = m.institution_id and u.conversation_id = m.conversation_id
    and u.role = 'user' and u.id < m.id order by u.id desc limit 1)`;

/** The review queries of one database (or transaction). */
export function reviewRepo(db: DbOrTx) {
  return {
    /**
     * Rates an answer of the conversation (a new rating replaces the last) and moves the
     * conversation's counts with it, in the caller's transaction. Null when the message is no
     * answer of this conversation.
     */
    async rate(input: {
      institutionId: number;
      conversationId: string;
      messageId: number;
      rating: Rating;
      reason: string | null;
      now: Date;
    }): Promise<{ rating: Rating; reason: string | null } | null> {
      const { institutionId, conversationId, messageId } = input;
      // The answer's row locked: two ratings of it at once count once.
      const [before] = await rowsOf(
        db,
        sql`select rating from messages
          where institution_id = ${institutionId} and conversation_id = ${conversationId}
            and id = ${messageId} and role = 'assistant'
          for update`,
      );
      if (!before) return null;
      const was = (before.rating ?? null) as Rating | null;
      await db.execute(sql`update messages
        set rating = ${input.rating}, rating_reason = ${input.reason}, rated_at = ${input.now}
        where institution_id = ${institutionId} and id = ${messageId}`);
      const up = Number(input.rating === 'up') - Number(was === 'up');
      const down = Number(input.rating === 'down') - Number(was === 'down');
      if (up !== 0 || down !== 0)
        await db.execute(sql`update conversations
          set rated_up = rated_up + ${up}, rated_down = rated_down + ${down}
          where institution_id = ${institutionId} and id = ${conversationId}`);
      return { rating: input.rating, reason: input.reason };
    },

    /** An answer of the conversation and the visitor's question it replied to; null when there is no such answer. */
    async answerOf(
      institutionId: number,
      conversationId: string,
      messageId: number,
    ): Promise<{ answer: string; question: string | null } | null> {
      const [row] = await rowsOf(
        db,
        sql`select m.content as answer, ${QUESTION_OF} as question from messages m
          where m.institution_id = ${institutionId} and m.conversation_id = ${conversationId}
            and m.id = ${messageId} and m.role = 'assistant'`,
      );
      return row ? { answer: String(row.answer), question: (row.question ?? null) as string | null } : null;
    },

    /** Marks an answer corrected (it then leaves the queue's count of what waits). */
    async markCorrected(institutionId: number, messageId: number, correction: Correction): Promise<void> {
      await db.execute(sql`update messages set corrected = ${JSON.stringify(correction)}::jsonb
        where institution_id = ${institutionId} and id = ${messageId}`);
    },

    /** A page of the queue, newest first, and how many items it has in all. */
    async queue(
      ref: AssistantRef,
      query: ReviewQuery,
      page: { page: number; perPage: number },
    ): Promise<{ items: ReviewItem[]; total: number }> {
      const where = sql`${answersOf(ref)} and m.dismissed_at is null and ${OF_REASON[query.reason ?? 'any']}${within(sql`m.created_at`, query)}`;
      const [rows, [counted]] = await Promise.all([
        rowsOf(
          db,
          sql`select m.conversation_id, m.id, m.content, m.rating, m.rating_reason, m.created_at,
              m.corrected, m.sources, ${REASON_OF} as reason, ${QUESTION_OF} as question
            from ${where}
            order by m.created_at desc, m.id desc
            limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
        ),
        rowsOf(db, sql`select count(*)::int as n from ${where}`),
      ]);
      return {
        total: Number(counted?.n ?? 0),
        items: rows.map((row) => ({
          conversation_id: String(row.conversation_id),
          message_id: Number(row.id),
          question: String(row.question ?? ''),
          answer: String(row.content),
          reason: row.reason as ReviewReason,
          rating: (row.rating ?? null) as Rating | null,
          comment: (row.rating_reason ?? null) as string | null,
          created_at: new Date(row.created_at as string | Date).toISOString(),
          corrected: (row.corrected ?? null) as Correction | null,
          sources: (row.sources ?? []) as ReviewItem['sources'],
        })),
      };
    },

    /**
     * Takes answers of the assistant out of the queue; false (nothing changed: the caller's
     * transaction rolls back) when any id is not an answer of its conversations.
     */
    async dismiss(ref: AssistantRef, ids: readonly number[], now: Date): Promise<number | null> {
      const wanted = [...new Set(ids)];
      const rows = await rowsOf(
        db,
        sql`update messages m set dismissed_at = coalesce(m.dismissed_at, ${now})
          from conversations c
          where m.institution_id = ${ref.institutionId}
            and m.id in (${sql.join(
              wanted.map((id) => sql`${id}`),
              sql`, `,
            )})
            and m.role = 'assistant'
            and c.institution_id = m.institution_id and c.id = m.conversation_id
            and c.product_id = ${ref.assistantId} and c.channel <> ${PREVIEW_CHANNEL}
          returning m.id`,
      );
      return rows.length === wanted.length ? rows.length : null;
    },

    /**
     * The dashboard's figures of ratings and review by day of the answer, in `tz`: answers rated,
     * rated up, and still waiting in the queue.
     */
    async figuresByDay(
      ref: AssistantRef,
      range: { from: string | null; to: string | null; tz: string },
    ): Promise<Map<string, { rated: number; rated_up: number; to_review: number }>> {
      const rows = await rowsOf(
        db,
        sql`select to_char(m.created_at at time zone ${range.tz}, 'YYYY-MM-DD') as day,
            count(*) filter (where m.rating is not null)::int as rated,
            count(*) filter (where m.rating = 'up')::int as rated_up,
            count(*) filter (where ${OPEN} and ${OF_REASON.any})::int as to_review
          from ${answersOf(ref)}${within(sql`m.created_at`, range)}
          group by 1`,
      );
      return new Map(
        rows.map((row) => [
          String(row.day),
          { rated: Number(row.rated), rated_up: Number(row.rated_up), to_review: Number(row.to_review) },
        ]),
      );
    },
  };
}
