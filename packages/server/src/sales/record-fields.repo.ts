/**
 * The fields an institution adds to a sales-support assistant's leads and orders (trainer tab
 * "Fields"), per kind, in order. Replacing them never touches stored records: a lead keeps the values
 * of a field removed since.
 */
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { recordFields } from '../db/sales-schema';
import type { AssistantRef } from './records.repo';

export function recordFieldsRepo(db: Db) {
  return {
    /** The fields of a kind, in order; none until set. */
    async get(ref: AssistantRef, kind: RecordKind): Promise<FieldDefinition[]> {
      const [row] = await db
        .select({ fields: recordFields.fields })
        .from(recordFields)
        .where(
          and(
            eq(recordFields.institutionId, ref.institutionId),
            eq(recordFields.assistantId, ref.assistantId),
            eq(recordFields.kind, kind),
          ),
        );
      return row?.fields ?? [];
    },

    /** Replaces the fields of a kind. */
    async set(ref: AssistantRef, kind: RecordKind, fields: FieldDefinition[]): Promise<FieldDefinition[]> {
      await db
        .insert(recordFields)
        .values({ ...ref, kind, fields })
        .onConflictDoUpdate({
          target: [recordFields.institutionId, recordFields.assistantId, recordFields.kind],
          set: { fields, updatedAt: new Date() },
        });
      return fields;
    },
  };
}
