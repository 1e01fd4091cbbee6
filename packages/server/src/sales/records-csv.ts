/**
 * Leads and orders as CSV downloads (csv-stringify): the list's filters and order, headers in the
 * reader's language, the configured fields as columns (their labels), dates as DD/MM/YYYY HH:mm in
 * the reader's time zone, UTF-8 with a BOM, cells a spreadsheet would run as formulas neutralised.
 * An order is a row per line. The database builds the rows' cells, a chunk at a time as JSON, and
 * csv-stringify writes each chunk in a thread of its own (csv-thread.ts) while the next is read:
 * memory stays flat, and a large download leaves the event loop to other requests.
 */
import type { Locale } from '@conversa/contract/constants';
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { salesOrderLines, salesRecords } from '../db/sales-schema';
import { csvLines } from './csv-rows';
import { csvInThread } from './csv-thread';
import { type Column, LEAD_COLUMNS } from './record-columns';

const ORDER_COLUMNS: readonly Column[] = [
  { key: 'id', en: 'Order', es: 'Pedido' },
  { key: 'date', en: 'Date', es: 'Fecha' },
  { key: 'company', en: 'Company', es: 'Empresa' },
  { key: 'product_code', en: 'Product code', es: 'Código' },
  { key: 'product_description', en: 'Description', es: 'Descripción' },
  { key: 'quantity', en: 'Quantity', es: 'Cantidad' },
  { key: 'notes', en: 'Notes', es: 'Notas' },
  { key: 'seller', en: 'Seller', es: 'Vendedor' },
  { key: 'seller_number', en: 'Seller number', es: 'Número del vendedor' },
];

const COLUMNS: Record<RecordKind, readonly Column[]> = { lead: LEAD_COLUMNS, order: ORDER_COLUMNS };

/**
 * An order line's columns, together in ORDER_COLUMNS: the database gives an order's lines as one
 * cell, a list of them, and the CSV thread spreads each into a row of its own.
 */
const LINE_KEYS = ['product_code', 'product_description', 'quantity'] as const;

/**
 * A record's row as the database builds it, in the columns' order (an order's lines in one cell):
 * the date in `tz`, missing texts empty, then the configured fields as stored.
 */
export function csvCells(kind: RecordKind, definitions: readonly FieldDefinition[], tz: string): SQL[] {
  const text = (column: SQL | AnyPgColumn) => sql`coalesce(${column}, '')`;
  const record = {
    id: sql`${salesRecords.id}`,
    // `YYYY-MM-DD HH:MM`, cut from the timestamp's text: to_char costs the database a third more.
    date: sql`left((${salesRecords.createdAt} at time zone ${tz})::text, 16)`,
    company: sql`${salesRecords.company}`,
    notes: text(salesRecords.notes),
    seller: sql`${salesRecords.sellerName}`,
    seller_number: text(salesRecords.sellerNumber),
  };
  const lines = sql`(select coalesce(json_agg(json_build_array(${salesOrderLines.productCode},
    coalesce(${salesOrderLines.productDescription}, ''), ${salesOrderLines.quantity})
    order by ${salesOrderLines.position}), '[]') from ${salesOrderLines}
    where ${salesOrderLines.recordId} = ${salesRecords.id})`;
  const cells: Record<string, SQL> =
    kind === 'lead'
      ? {
          ...record,
          contact_name: text(salesRecords.contactName),
          phone: text(salesRecords.phone),
          email: text(salesRecords.email),
        }
      : { ...record, [LINE_KEYS[0]]: lines };
  return [
    ...COLUMNS[kind]
      .filter((column) => !(LINE_KEYS.slice(1) as readonly string[]).includes(column.key))
      .map((column) => cells[column.key]!),
    ...definitions.map((definition) => sql`${salesRecords.fields}->>${definition.key}`),
  ];
}

/**
 * The CSV bytes of the chunks `csvCells` builds (JSON text each), as a web stream: a BOM, the
 * headers in `locale`, then each chunk, written in the CSV thread while the next one is read.
 */
export function recordsCsv(
  kind: RecordKind,
  chunks: AsyncIterable<string>,
  options: { locale: Locale; definitions: readonly FieldDefinition[] },
): ReadableStream<Uint8Array> {
  const { locale, definitions } = options;
  const iterator = chunks[Symbol.asyncIterator]();
  const headers = [
    ...COLUMNS[kind].map((column) => column[locale]),
    ...definitions.map((definition) => definition.labels[locale]),
  ];
  const spread = kind === 'order' ? COLUMNS.order.findIndex((column) => column.key === LINE_KEYS[0]) : null;
  const dates = [
    COLUMNS[kind].findIndex((column) => column.key === 'date'),
    ...definitions.flatMap((definition, i) => (definition.type === 'date' ? [COLUMNS[kind].length + i] : [])),
  ];
  /** The chunk being written while the next one is read. */
  let writing: Promise<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`\uFEFF${csvLines([headers])}`));
    },
    async pull(controller) {
      // A failure mid-way errors the download: a short file never looks complete.
      const { done, value } = await iterator.next();
      if (writing) controller.enqueue(await writing);
      writing = done ? null : csvInThread({ json: value, dates, spread });
      // Should the next read fail first, this chunk's own failure is not left unhandled.
      writing?.catch(() => undefined);
      if (done) controller.close();
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
