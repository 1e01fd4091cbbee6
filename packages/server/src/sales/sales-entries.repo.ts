/**
 * Sellers' unfinished entries, one per seller and assistant, so two sellers never mix. `db` may be a
 * transaction: a step of the dialog, the record it completes and the replies it queues are written
 * together (sellers.service.ts).
 */
import type { EntryState } from './entry-state';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { salesEntries } from '../db/sales-schema';
import type { AssistantRef } from './records.repo';

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
  };
}
