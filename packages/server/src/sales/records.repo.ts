/**
 * Leads and orders (docs/architecture.md#sales-support): created by a seller's chat or by staff,
 * corrected by staff (each change kept in the history with its author), listed with the console's
 * filters a page at a time, and deleted in bulk, all or none. `db` may be a transaction.
 */
import type { FieldValues, OrderLine, RecordFilters, RecordListQuery } from '@conversa/contract/records';
import type { RecordKind } from '@conversa/contract/sales';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { dayAfter, dayStart } from '../db/days';
import { salesOrderLines, salesRecordHistory, salesRecords, whatsappMessages } from '../db/sales-schema';

export interface AssistantRef {
  institutionId: number;
  assistantId: number;
}

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

export type RecordRow = typeof salesRecords.$inferSelect & { lines: OrderLine[] };

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

/** `%text%` for LIKE, its wildcards taken literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

export function recordsRepo(db: DbOrTx) {
  const ofKind = (ref: AssistantRef, kind: RecordKind) =>
    and(
      eq(salesRecords.institutionId, ref.institutionId),
      eq(salesRecords.assistantId, ref.assistantId),
      eq(salesRecords.kind, kind),
    );

  /** Each record's lines, in order, by record id. */
  async function linesOf(ids: number[]): Promise<Map<number, OrderLine[]>> {
    const byRecord = new Map<number, OrderLine[]>();
    if (ids.length === 0) return byRecord;
    const rows = await db
      .select()
      .from(salesOrderLines)
      .where(inArray(salesOrderLines.recordId, ids))
      .orderBy(salesOrderLines.recordId, salesOrderLines.position);
    for (const row of rows) {
      const lines = byRecord.get(row.recordId) ?? [];
      lines.push({
        product_code: row.productCode,
        product_description: row.productDescription,
        quantity: row.quantity,
      });
      byRecord.set(row.recordId, lines);
    }
    return byRecord;
  }

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

  /** The filters of the list and the download, as conditions. */
  function conditions(
    ref: AssistantRef,
    kind: RecordKind,
    query: Omit<RecordListQuery, 'page' | 'per-page'>,
  ) {
    const where: SQL[] = [ofKind(ref, kind)!];
    if (query.from) where.push(sql`${salesRecords.createdAt} >= ${dayStart(query.from, query.tz)}`);
    if (query.to) where.push(sql`${salesRecords.createdAt} < ${dayAfter(query.to, query.tz)}`);
    if (query.q) where.push(sql`${salesRecords.search} like ${contains(query.q)}`);
    if (query.company) where.push(sql`lower(${salesRecords.company}) like ${contains(query.company)}`);
    if (query.seller) where.push(sql`lower(${salesRecords.sellerName}) = ${query.seller.toLowerCase()}`);
    return and(...where);
  }

  /** The list's order: newest first, or by company (lower-cased); the id breaks ties. */
  const orderOf = (sort: RecordFilters['sort']) =>
    sort === 'company'
      ? [asc(sql`lower(${salesRecords.company})`), asc(salesRecords.id)]
      : [desc(salesRecords.createdAt), desc(salesRecords.id)];

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

    /** One record of the assistant, with its lines; null when none of the kind has that id. */
    async find(ref: AssistantRef, kind: RecordKind, id: number): Promise<RecordRow | null> {
      const row = await this.findInInstitution(ref.institutionId, kind, id);
      return row?.assistantId === ref.assistantId ? row : null;
    },

    /** One record of the institution, whichever its assistant, with its lines; null when none. */
    async findInInstitution(institutionId: number, kind: RecordKind, id: number): Promise<RecordRow | null> {
      const [row] = await db
        .select()
        .from(salesRecords)
        .where(
          and(
            eq(salesRecords.institutionId, institutionId),
            eq(salesRecords.kind, kind),
            eq(salesRecords.id, id),
          ),
        );
      if (!row) return null;
      return { ...row, lines: (await linesOf([id])).get(id) ?? [] };
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

    /** A page of the assistant's records of a kind, filtered and sorted, with their lines. */
    async list(
      ref: AssistantRef,
      kind: RecordKind,
      query: RecordListQuery,
    ): Promise<{ items: RecordRow[]; total: number }> {
      const where = conditions(ref, kind, query);
      const order = orderOf(query.sort);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(salesRecords)
          .where(where)
          .orderBy(...order)
          .limit(query['per-page'])
          .offset((query.page - 1) * query['per-page']),
        db.select({ total: count() }).from(salesRecords).where(where),
      ]);
      const lines =
        kind === 'order' ? await linesOf(rows.map((row) => row.id)) : new Map<number, OrderLine[]>();
      return {
        items: rows.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] })),
        total: counted?.total ?? 0,
      };
    },

    /**
     * Every record the filters keep, in the list's order, a chunk at a time (keyset pages: memory
     * stays flat however many there are), each record as the cells `cells` makes of it: each
     * chunk's rows as one JSON text the database builds (reading a row per record and line cost
     * three times more). `counted` hears each chunk's size (the audit's count).
     */
    async *stream(
      ref: AssistantRef,
      kind: RecordKind,
      filters: RecordFilters,
      cells: readonly SQL[],
      options: { first?: number; batch?: number; counted?: (rows: number) => void } = {},
    ): AsyncGenerator<string> {
      const { first = 200, batch = 5_000, counted } = options;
      const where = conditions(ref, kind, filters);
      const byCompany = filters.sort === 'company';
      // The last record's key: its time as text (a Date would drop the microseconds and skip rows).
      let after: { at: string; company: string; id: number } | null = null;
      // A small first chunk, so the first bytes leave at once.
      for (let chunk = first; ; chunk = batch) {
        let page = where;
        if (after && byCompany)
          page = and(
            where,
            sql`(lower(${salesRecords.company}), ${salesRecords.id}) > (lower(${after.company}), ${after.id})`,
          );
        else if (after)
          page = and(
            where,
            sql`(${salesRecords.createdAt}, ${salesRecords.id}) < (${after.at}::timestamptz, ${after.id})`,
          );
        // The page under the table's own name, so `cells` reads it; every aggregate reads it in
        // the list's order (the last key is the last element).
        const order = sql.join(orderOf(filters.sort), sql`, `);
        const built = (await db.execute(sql`
          select coalesce(json_agg(json_build_array(${sql.join([...cells], sql`, `)}) order by ${order}), '[]')::text as rows,
            count(*)::int as size,
            (array_agg(json_build_array(${salesRecords.createdAt}::text, ${salesRecords.company}, ${salesRecords.id})
              order by ${order}))[count(*)::int]::text as last
          from (select * from ${salesRecords} where ${page} order by ${order} limit ${chunk}) as ${salesRecords}`)) as unknown as {
          rows: { rows: string; last: string | null; size: number }[];
        };
        const { rows, last, size } = built.rows[0]!;
        counted?.(size);
        if (size > 0) yield rows;
        if (size < chunk) return;
        const [at, company, id] = JSON.parse(last!) as [string, string, number];
        after = { at, company, id };
      }
    },

    /**
     * The WhatsApp messages a record came from (the seller's, by their WhatsApp ids) and the
     * replies to them, in order.
     */
    async messages(row: RecordRow) {
      const incoming =
        row.messageIds.length === 0
          ? []
          : await db
              .select({ id: whatsappMessages.id })
              .from(whatsappMessages)
              .where(
                and(
                  eq(whatsappMessages.institutionId, row.institutionId),
                  inArray(whatsappMessages.waMessageId, row.messageIds),
                ),
              );
      const ids = incoming.map((message) => message.id);
      return ids.length === 0
        ? []
        : await db
            .select()
            .from(whatsappMessages)
            .where(
              and(
                eq(whatsappMessages.institutionId, row.institutionId),
                or(inArray(whatsappMessages.id, ids), inArray(whatsappMessages.replyTo, ids)),
              ),
            )
            .orderBy(whatsappMessages.id);
    },

    /** The record's history, oldest first. */
    async history(recordId: number) {
      return db
        .select()
        .from(salesRecordHistory)
        .where(eq(salesRecordHistory.recordId, recordId))
        .orderBy(salesRecordHistory.id);
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
