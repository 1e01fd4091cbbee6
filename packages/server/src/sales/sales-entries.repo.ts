/**
 * Sellers' unfinished entries (one per seller and assistant, so two sellers never mix) and the
 * leads and orders they confirm (stored by records.repo.ts). `db` may be a transaction: a step of the dialog, the record it
 * completes and the replies it queues are written together.
 */
import type { EntryRecord, EntryState } from './entry-dialog';
import { BUILT_IN_KEYS } from '@conversa/contract/sales';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { salesEntries } from '../db/sales-schema';
import { recordsRepo } from './records.repo';

interface AssistantRef {
  institutionId: number;
  assistantId: number;
}

export function salesEntriesRepo(db: DbOrTx) {
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

    /** Stores a confirmed lead or order, with the seller as they were; its id. */
    async addRecord(
      ref: AssistantRef,
      seller: { number: string; name: string },
      record: EntryRecord,
    ): Promise<number> {
      const text = (key: string) => {
        const value = record.values[key];
        return typeof value === 'string' ? value : null;
      };
      const fields = Object.fromEntries(
        Object.entries(record.values).filter(([key]) => !BUILT_IN_KEYS[record.kind].includes(key)),
      );
      return recordsRepo(db).create(
        ref,
        record.kind,
        {
          company: text('company') ?? '',
          contactName: text('contact'),
          phone: text('phone'),
          email: text('email'),
          notes: text('notes'),
          fields,
          lines: record.lines.map((line) => ({
            product_code: line.product_code,
            product_description: line.description,
            quantity: line.quantity,
          })),
        },
        { name: seller.name, number: seller.number, userId: null, messageIds: record.messageIds },
      );
    },
  };
}
