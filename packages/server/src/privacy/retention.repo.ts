/**
 * The retention settings and the purge's statements (docs/architecture.md#retention-and-erasure).
 * Each purge deletes a batch of one assistant's rows past a cutoff, walking the index that leads
 * with the institution and the assistant, so a run is many short statements and requests go
 * between them.
 */
import type { RetentionCounts, RetentionPeriods } from '@conversa/contract/privacy';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { institutionRetention } from '../db/privacy-schema';
import { assistants } from '../db/schema';

export type RetentionRow = typeof institutionRetention.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Marks the transaction as one that removes text but keeps the figures: the trigger on
 * `conversations` (migration 0027) then leaves the dashboards' stats as they are and moves only
 * the list's totals.
 */
export async function keepStats(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('conversa.keep_stats', 'on', true)`);
}

/** The count of a `with gone as (delete … returning 1)` statement. */
async function countGone(tx: DbOrTx, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`with gone as (${statement}) select count(*) as n from gone`),
  );
  return Number(row?.n ?? 0);
}

/** What the purge deletes in batches, and the column its cutoff reads. */
type Purged =
  | ['conversations', 'last_message_at']
  | ['whatsapp_messages', 'created_at']
  | ['sales_records', 'updated_at'];

/** Deletes up to `limit` rows of one assistant whose `column` is before `cutoff`; how many went. */
function deleteBatch(
  db: DbOrTx,
  [table, column]: Purged,
  institutionId: number,
  assistantId: number,
  cutoff: Date,
  limit: number,
) {
  return countGone(
    db,
    sql`delete from ${sql.identifier(table)} where id in (
      select id from ${sql.identifier(table)}
      where institution_id = ${institutionId} and product_id = ${assistantId} and ${sql.identifier(column)} < ${cutoff}
      limit ${limit}
    ) returning 1`,
  );
}

export function retentionRepo(db: DbOrTx) {
  return {
    async find(institutionId: number): Promise<RetentionRow | null> {
      const [row] = await db
        .select()
        .from(institutionRetention)
        .where(eq(institutionRetention.institutionId, institutionId));
      return row ?? null;
    },

    async save(institutionId: number, periods: RetentionPeriods, timeZone: string, now: Date) {
      const values = {
        conversationsDays: periods.conversations_days,
        contactsDays: periods.contacts_days,
        whatsappDays: periods.whatsapp_days,
        recordsDays: periods.records_days,
        timeZone,
        updatedAt: now,
      };
      await db
        .insert(institutionRetention)
        .values({ institutionId, ...values })
        .onConflictDoUpdate({ target: institutionRetention.institutionId, set: values });
    },

    async noteRun(institutionId: number, counts: RetentionCounts, now: Date): Promise<void> {
      await db
        .update(institutionRetention)
        .set({ lastRunAt: now, lastRun: counts })
        .where(eq(institutionRetention.institutionId, institutionId));
    },

    /** The institutions with any period set: each gets a run. */
    async institutionsWithPeriods(): Promise<number[]> {
      const rows = await db
        .select({ id: institutionRetention.institutionId })
        .from(institutionRetention)
        .where(
          sql`coalesce(${institutionRetention.conversationsDays}, ${institutionRetention.contactsDays},
            ${institutionRetention.whatsappDays}, ${institutionRetention.recordsDays}) is not null`,
        );
      return rows.map((row) => row.id);
    },

    async assistantIds(institutionId: number): Promise<number[]> {
      const rows = await db
        .select({ id: assistants.id })
        .from(assistants)
        .where(eq(assistants.institutionId, institutionId));
      return rows.map((row) => row.id);
    },

    /** Deletes up to `limit` conversations (messages, overview, contact with them) last active before `cutoff`. */
    conversationsBefore(institutionId: number, assistantId: number, cutoff: Date, limit: number) {
      return deleteBatch(db, ['conversations', 'last_message_at'], institutionId, assistantId, cutoff, limit);
    },

    /** Clears up to `limit` contacts left before `cutoff`; the conversations stay. */
    contactsBefore(institutionId: number, assistantId: number, cutoff: Date, limit: number) {
      return countGone(
        db,
        sql`update conversations set contact = null where id in (
          select id from conversations
          where institution_id = ${institutionId} and product_id = ${assistantId}
            and contact is not null and (contact->>'created_at')::timestamptz < ${cutoff}
          limit ${limit}
        ) returning 1`,
      );
    },

    /** Deletes up to `limit` WhatsApp messages older than `cutoff`. */
    whatsappBefore(institutionId: number, assistantId: number, cutoff: Date, limit: number) {
      return deleteBatch(db, ['whatsapp_messages', 'created_at'], institutionId, assistantId, cutoff, limit);
    },

    /** Sellers' unfinished entries untouched since `cutoff` (they quote the messages). */
    entriesBefore(institutionId: number, assistantId: number, cutoff: Date) {
      return countGone(
        db,
        sql`delete from sales_entries
          where institution_id = ${institutionId} and product_id = ${assistantId} and updated_at < ${cutoff}
          returning 1`,
      );
    },

    /** Deletes up to `limit` leads and orders (lines and history with them) last changed before `cutoff`. */
    recordsBefore(institutionId: number, assistantId: number, cutoff: Date, limit: number) {
      return deleteBatch(db, ['sales_records', 'updated_at'], institutionId, assistantId, cutoff, limit);
    },
  };
}
