/**
 * The numbers allowed to use a sales-support assistant on WhatsApp (docs/architecture.md#sales-support):
 * one row per E.164 number and assistant, always read within an institution.
 */
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { allowedNumbers } from '../db/schema';
import type { AssistantRef } from './records.repo';

export type AllowedNumberRow = typeof allowedNumbers.$inferSelect;

export function allowedNumbersRepo(db: Db) {
  const ofAssistant = (ref: AssistantRef) =>
    and(eq(allowedNumbers.institutionId, ref.institutionId), eq(allowedNumbers.assistantId, ref.assistantId));

  return {
    /** A page of an assistant's numbers, newest first; `q` in the number (digits) or the seller's name. */
    async list(
      ref: AssistantRef,
      q: string,
      page: { page: number; perPage: number },
    ): Promise<{ items: AllowedNumberRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [ofAssistant(ref)];
      const pattern = containsPattern(q);
      if (pattern) {
        // "612 34 56" finds +34612345678: the number is searched by its digits.
        const digits = containsPattern(q.replace(/\D/g, ''));
        conditions.push(
          or(
            ilike(allowedNumbers.sellerName, pattern),
            digits ? ilike(allowedNumbers.phoneNumber, digits) : undefined,
          ),
        );
      }
      const where = and(...conditions);
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(allowedNumbers)
          .where(where)
          .orderBy(desc(allowedNumbers.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ total: count() }).from(allowedNumbers).where(where),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    /** Allows a number; null when the assistant already allows it. */
    async add(ref: AssistantRef, phoneNumber: string, sellerName: string): Promise<AllowedNumberRow | null> {
      const [row] = await db
        .insert(allowedNumbers)
        .values({ ...ref, phoneNumber, sellerName })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Removes numbers of an institution, all or none: false when any id is not one of its numbers. */
    async deleteAll(institutionId: number, ids: readonly number[]): Promise<boolean> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const where = and(
          eq(allowedNumbers.institutionId, institutionId),
          inArray(allowedNumbers.id, unique),
        );
        const [found] = await tx.select({ n: count() }).from(allowedNumbers).where(where);
        if ((found?.n ?? 0) !== unique.length) return false;
        await tx.delete(allowedNumbers).where(where);
        return true;
      });
    },

    /** The allowed number of an assistant (E.164), with its seller's name; null when it is not allowed. */
    async find(ref: AssistantRef, phoneNumber: string): Promise<AllowedNumberRow | null> {
      const [row] = await db
        .select()
        .from(allowedNumbers)
        .where(and(ofAssistant(ref), eq(allowedNumbers.phoneNumber, phoneNumber)))
        .limit(1);
      return row ?? null;
    },
  };
}
