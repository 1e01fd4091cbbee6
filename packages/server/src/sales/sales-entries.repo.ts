/**
 * Sellers' unfinished entries (one per seller and assistant, so two sellers never mix) and the
 * leads and orders they confirmed. `db` may be a transaction: a step of the dialog, the record it
 * completes and the replies it queues are written together.
 */
import type { EntryRecord, EntryState } from './entry-dialog';
import type { RecordKind } from '@conversa/contract/sales';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { salesEntries, salesRecords } from '../db/schema';

export type SalesRecordRow = typeof salesRecords.$inferSelect;

interface AssistantRef {
  institutionId: number;
  assistantId: number;
}

export function salesEntriesRepo(db: Db) {
  const ofSeller = (ref: AssistantRef, phoneNumber: string) =>
    and(
      eq(salesEntries.institutionId, ref.institutionId),
      eq(salesEntries.assistantId, ref.assistantId),
      eq(salesEntries.phoneNumber, phoneNumber),
    );
  return {
    /** A seller's unfinished entry; null when none. */
    async get(ref: AssistantRef, phoneNumber: string): Promise<EntryState | null> {
      const [row] = await db
        .select({ state: salesEntries.state })
        .from(salesEntries)
        .where(ofSeller(ref, phoneNumber));
      return (row?.state as EntryState | undefined) ?? null;
    },

    /** Keeps the entry, or forgets it (null: finished, cancelled or expired). */
    async save(ref: AssistantRef, phoneNumber: string, state: EntryState | null): Promise<void> {
      if (state === null) {
        await db.delete(salesEntries).where(ofSeller(ref, phoneNumber));
        return;
      }
      await db
        .insert(salesEntries)
        .values({ ...ref, phoneNumber, state })
        .onConflictDoUpdate({
          target: [salesEntries.institutionId, salesEntries.assistantId, salesEntries.phoneNumber],
          set: { state, updatedAt: new Date() },
        });
    },

    /** A page of an assistant's records of a kind, newest first. */
    async listRecords(
      ref: AssistantRef,
      kind: RecordKind,
      page: { page: number; perPage: number },
    ): Promise<{ items: SalesRecordRow[]; total: number }> {
      const where = and(
        eq(salesRecords.institutionId, ref.institutionId),
        eq(salesRecords.assistantId, ref.assistantId),
        eq(salesRecords.kind, kind),
      );
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(salesRecords)
          .where(where)
          .orderBy(desc(salesRecords.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ total: count() }).from(salesRecords).where(where),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    /** Stores a confirmed lead or order, with the seller as they were; its id. */
    async addRecord(
      ref: AssistantRef,
      seller: { number: string; name: string },
      record: EntryRecord,
    ): Promise<number> {
      const company = record.values.company;
      const [row] = await db
        .insert(salesRecords)
        .values({
          ...ref,
          kind: record.kind,
          sellerNumber: seller.number,
          sellerName: seller.name,
          company: typeof company === 'string' ? company : null,
          values: record.values,
          lines: record.lines,
          messageIds: record.messageIds,
        })
        .returning({ id: salesRecords.id });
      return row!.id;
    },
  };
}
