/**
 * Leads and orders read (docs/architecture.md#sales-support): one with its lines, the WhatsApp
 * messages it came from and its history; or a page of them, or all of them for a download, with the
 * console's filters. `db` may be a transaction. Writing them is record-writes.repo.ts's.
 */
import type { OrderLine, RecordFilters, RecordListQuery } from '@conversa/contract/records';
import type { RecordKind } from '@conversa/contract/sales';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { dayAfter, dayStart } from '../db/days';
import { salesOrderLines, salesRecordHistory, salesRecords, whatsappMessages } from '../db/sales-schema';

/** An assistant of an institution: what every sales query names (the one definition in `sales/`). */
export interface AssistantRef {
  institutionId: number;
  assistantId: number;
}

/** A lead or an order, with an order's lines. */
export type RecordRow = typeof salesRecords.$inferSelect & { lines: OrderLine[] };

/** `%text%` for LIKE, its wildcards taken literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  };
}
