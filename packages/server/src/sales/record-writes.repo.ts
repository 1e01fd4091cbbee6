/**
 * Leads and orders written (docs/architecture.md#sales-support): created by a seller's chat or by
 * staff, many at once by an import, corrected by staff (each change kept in the history with its
 * author), and deleted in bulk, all or none. `db` may be a transaction. Reading them is records.repo.ts's.
 */
import type { FieldValues, OrderLine } from '@conversa/contract/records';
import type { RecordKind } from '@conversa/contract/sales';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { salesOrderLines, salesRecordHistory, salesRecords } from '../db/sales-schema';
import type { AssistantRef, RecordRow } from './records.repo';

/** What a lead or an order holds besides who entered it (an order's lines; a lead's contact). */
export interface RecordInput {
  company: string;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  fields: FieldValues;
  lines: OrderLine[];
}

/** Who creates or changes a record: a seller (their number, the messages) or a staff member. */
export interface Author {
  name: string;
  number: string | null;
  userId: number | null;
  messageIds?: string[];
}

/** Rows written by one statement of a bulk create. */
const CREATE_BATCH = 500;

/** The list's text search reads this: every text a user may look a record up by, lower-cased. */
const searchText = (input: RecordInput) =>
  [
    input.company,
    input.contactName,
    input.notes,
    ...input.lines.flatMap((line) => [line.product_code, line.product_description]),
  ]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();

/** The values a change compares, by the names the API uses. */
function comparable(input: RecordInput, kind: RecordKind): Record<string, unknown> {
  const base: Record<string, unknown> = { company: input.company, notes: input.notes };
  if (kind === 'lead')
    Object.assign(base, { contact_name: input.contactName, phone: input.phone, email: input.email });
  else base.lines = input.lines;
  for (const [key, value] of Object.entries(input.fields)) base[`fields.${key}`] = value;
  return base;
}

/** What changed from `before` to `after`: each key's value before and after. */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export function recordWritesRepo(db: DbOrTx) {
  /** Replaces an order's lines; each carries the order's assistant and entry time. */
  async function writeLines(ref: AssistantRef, order: { id: number; createdAt: Date }, lines: OrderLine[]) {
    await db.delete(salesOrderLines).where(eq(salesOrderLines.recordId, order.id));
    if (lines.length === 0) return;
    await db.insert(salesOrderLines).values(
      lines.map((line, position) => ({
        recordId: order.id,
        institutionId: ref.institutionId,
        assistantId: ref.assistantId,
        createdAt: order.createdAt,
        position,
        productCode: line.product_code,
        productDescription: line.product_description,
        quantity: line.quantity,
      })),
    );
  }

  const columns = (input: RecordInput) => ({
    company: input.company,
    contactName: input.contactName,
    phone: input.phone,
    email: input.email,
    notes: input.notes,
    fields: input.fields,
    search: searchText(input),
    // Kept with the lines, in the same write: the dashboard reads no line for an order's totals.
    lineCount: input.lines.length,
    quantity: input.lines.reduce((sum, line) => sum + line.quantity, 0),
  });

  return {
    /** Stores a new record with its lines and its "created" history entry; its id. */
    async create(ref: AssistantRef, kind: RecordKind, input: RecordInput, author: Author): Promise<number> {
      const [row] = await db
        .insert(salesRecords)
        .values({
          ...ref,
          kind,
          ...columns(input),
          sellerName: author.name,
          sellerNumber: author.number,
          messageIds: author.messageIds ?? [],
        })
        .returning({ id: salesRecords.id, createdAt: salesRecords.createdAt });
      const id = row!.id;
      await writeLines(ref, row!, input.lines);
      await db.insert(salesRecordHistory).values({
        recordId: id,
        institutionId: ref.institutionId,
        action: 'created',
        byName: author.name,
        byUserId: author.userId,
      });
      return id;
    },

    /**
     * Stores many leads at once (an import), with their "created" history entries: a few
     * statements per thousand rather than per record. The caller holds a transaction.
     */
    async createLeads(ref: AssistantRef, inputs: RecordInput[], author: Author): Promise<number> {
      for (let start = 0; start < inputs.length; start += CREATE_BATCH) {
        const batch = inputs.slice(start, start + CREATE_BATCH);
        const ids = await db
          .insert(salesRecords)
          .values(
            batch.map((input) => ({
              ...ref,
              kind: 'lead',
              ...columns(input),
              sellerName: author.name,
              sellerNumber: author.number,
            })),
          )
          .returning({ id: salesRecords.id });
        await db.insert(salesRecordHistory).values(
          ids.map(({ id }) => ({
            recordId: id,
            institutionId: ref.institutionId,
            action: 'created',
            byName: author.name,
            byUserId: author.userId,
          })),
        );
      }
      return inputs.length;
    },

    /**
     * Replaces a record's values (the caller holds a transaction and has just read it); the change
     * goes in the history with its author, when anything changed.
     */
    async update(ref: AssistantRef, current: RecordRow, input: RecordInput, author: Author): Promise<void> {
      const kind = current.kind as RecordKind;
      const before: RecordInput = {
        company: current.company,
        contactName: current.contactName,
        phone: current.phone,
        email: current.email,
        notes: current.notes,
        fields: current.fields,
        lines: current.lines,
      };
      const changes = changesOf(comparable(before, kind), comparable(input, kind));
      if (Object.keys(changes).length === 0) return;
      await db
        .update(salesRecords)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(eq(salesRecords.id, current.id));
      if (kind === 'order') await writeLines(ref, current, input.lines);
      await db.insert(salesRecordHistory).values({
        recordId: current.id,
        institutionId: ref.institutionId,
        action: 'updated',
        byName: author.name,
        byUserId: author.userId,
        changes,
      });
    },

    /**
     * Deletes records of a kind of the institution: all of `ids` or, when any is not one of them,
     * none (false).
     */
    async remove(institutionId: number, kind: RecordKind, ids: readonly number[]): Promise<boolean> {
      const unique = [...new Set(ids)];
      const where = and(
        eq(salesRecords.institutionId, institutionId),
        eq(salesRecords.kind, kind),
        inArray(salesRecords.id, unique),
      );
      const [found] = await db.select({ n: count() }).from(salesRecords).where(where);
      if ((found?.n ?? 0) !== unique.length) return false;
      await db.delete(salesRecords).where(where);
      return true;
    },
  };
}
