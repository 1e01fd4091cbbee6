/**
 * The SQL of deleting what staff created (docs/architecture.md#retention-and-erasure): assistants,
 * institutions and accounts. Rows go by the foreign keys' `ON DELETE CASCADE` from the assistant or
 * the institution (files, passages, website pages, conversations, records, numbers, channel), so a
 * table added later with `assistantRef()`/`institutionRef()` goes too; what lives outside the
 * database (stored bytes) is listed here first, for the job that removes it.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { assistants, auditEvents, emailVerifications, institutions, memberships, users } from '../db/schema';
import { assistantFiles } from '../db/knowledge-schema';
import { conversations } from '../db/conversations-schema';

/** An institution as a deletion needs it. */
export interface InstitutionToDelete {
  id: number;
  name: string;
  logo: string | null;
}

export function deletionRepo(db: DbOrTx) {
  return {
    /** The institution's assistants among `ids` (locked), with their logos. */
    async assistants(institutionId: number, ids: readonly number[]) {
      return db
        .select({ id: assistants.id, name: assistants.name, logo: assistants.logo })
        .from(assistants)
        .where(and(eq(assistants.institutionId, institutionId), inArray(assistants.id, [...ids])))
        .for('update');
    },

    /** The storage keys of the files of assistants `ids`. */
    async fileKeys(institutionId: number, ids: readonly number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ key: assistantFiles.storageKey })
        .from(assistantFiles)
        .where(
          and(eq(assistantFiles.institutionId, institutionId), inArray(assistantFiles.assistantId, [...ids])),
        );
      return rows.map((row) => row.key);
    },

    async deleteAssistants(institutionId: number, ids: readonly number[]): Promise<void> {
      await db
        .delete(assistants)
        .where(and(eq(assistants.institutionId, institutionId), inArray(assistants.id, [...ids])));
    },

    /** The institution (locked), or null. */
    async institution(id: number): Promise<InstitutionToDelete | null> {
      const [row] = await db
        .select({ id: institutions.id, name: institutions.name, logo: institutions.logo })
        .from(institutions)
        .where(eq(institutions.id, id))
        .for('update');
      return row ?? null;
    },

    async assistantIdsOf(institutionId: number) {
      return db
        .select({ id: assistants.id, logo: assistants.logo })
        .from(assistants)
        .where(eq(assistants.institutionId, institutionId));
    },

    async memberIds(institutionId: number): Promise<number[]> {
      const rows = await db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(eq(memberships.institutionId, institutionId));
      return rows.map((row) => row.id);
    },

    /**
     * Deletes the institution and all its rows (by cascade), and its audit events older than
     * `holdFrom` (younger ones stay until the audit sweep takes them); its members act elsewhere
     * from their next request.
     */
    async deleteInstitution(id: number, holdFrom: Date): Promise<void> {
      await db
        .delete(auditEvents)
        .where(and(eq(auditEvents.institutionId, id), lt(auditEvents.at, holdFrom)));
      await db.update(users).set({ lastInstitutionId: null }).where(eq(users.lastInstitutionId, id));
      await db.delete(institutions).where(eq(institutions.id, id));
    },

    /** The account and, per institution it belongs to, its role there, the members and the main ones. */
    async account(userId: number) {
      const [user] = await db
        .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return null;
      const places = await db
        .select({
          id: institutions.id,
          name: institutions.name,
          role: memberships.role,
          members: sql<number>`(select count(*) from memberships m where m.institution_id = ${institutions.id})::int`,
          mains: sql<number>`(select count(*) from memberships m where m.institution_id = ${institutions.id} and m.role = 'main')::int`,
        })
        .from(memberships)
        .innerJoin(institutions, eq(institutions.id, memberships.institutionId))
        .where(eq(memberships.userId, userId))
        .orderBy(institutions.name, institutions.id);
      return { user, places };
    },

    /** Deletes the account: its identities, sessions, memberships and resets go by cascade. */
    async deleteUser(userId: number, email: string): Promise<void> {
      await db.delete(emailVerifications).where(eq(emailVerifications.email, email));
      await db.delete(users).where(eq(users.id, userId));
    },

    /** Deletes a visitor's conversation of the assistant: its institution, or null when it is not there. */
    async deleteConversation(id: string, assistantId: number): Promise<number | null> {
      const [row] = await db
        .delete(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.assistantId, assistantId)))
        .returning({ institutionId: conversations.institutionId });
      return row?.institutionId ?? null;
    },
  };
}
