/**
 * Leads and orders as CSV downloads (csv-stringify): the list's filters and order, headers in the
 * reader's language, the configured fields as columns (their labels), dates as DD/MM/YYYY HH:mm in
 * the reader's time zone, UTF-8 with a BOM, cells a spreadsheet would run as formulas neutralised.
 * An order is a row per line. The database builds the rows' cells, a chunk at a time, and each
 * chunk leaves as it is written: memory stays flat.
 */
import type { Locale } from '@conversa/contract/constants';
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { salesOrderLines, salesRecords } from '../db/sales-schema';
import { neutralise } from '../http/csv';

/** A column of the downloads: what it holds, and its header in each language. */
interface Column {
  key: string;
  en: string;
  es: string;
}

/** The lead download's columns, before the configured fields'; the import reads the same ones. */
export const LEAD_COLUMNS: readonly Column[] = [
  { key: 'id', en: 'ID', es: 'ID' },
  { key: 'date', en: 'Date', es: 'Fecha' },
  { key: 'company', en: 'Company', es: 'Empresa' },
  { key: 'contact_name', en: 'Contact', es: 'Contacto' },
  { key: 'phone', en: 'Phone', es: 'Teléfono' },
  { key: 'email', en: 'Email', es: 'Correo electrónico' },
  { key: 'notes', en: 'Notes', es: 'Notas' },
  { key: 'seller', en: 'Seller', es: 'Vendedor' },
  { key: 'seller_number', en: 'Seller number', es: 'Número del vendedor' },
];

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
 * A record's row (a lead's, an order line's) as the database builds it, in the columns' order: the
 * date in `tz`, missing texts empty, then the configured fields as stored.
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
  const cells: Record<string, SQL> =
    kind === 'lead'
      ? {
          ...record,
          contact_name: text(salesRecords.contactName),
          phone: text(salesRecords.phone),
          email: text(salesRecords.email),
        }
      : {
          ...record,
          product_code: sql`${salesOrderLines.productCode}`,
          product_description: text(salesOrderLines.productDescription),
          quantity: sql`${salesOrderLines.quantity}`,
        };
  return [
    ...COLUMNS[kind].map((column) => cells[column.key]!),
    ...definitions.map((definition) => sql`${salesRecords.fields}->>${definition.key}`),
  ];
}

/** `YYYY-MM-DD[ HH:MM]` (a date field as stored, a record's time) as `DD/MM/YYYY[ HH:MM]`. */
const dayFirst = (value: unknown) =>
  typeof value === 'string'
    ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}${value.slice(10)}`
    : value;

/**
 * The CSV bytes of the chunks of rows `csvCells` builds, as a web stream: a BOM, the headers in
 * `locale`, then each chunk written whole as it comes.
 */
export function recordsCsv(
  kind: RecordKind,
  chunks: AsyncIterable<unknown[][]>,
  options: { locale: Locale; definitions: readonly FieldDefinition[] },
): ReadableStream<Uint8Array> {
  const { locale, definitions } = options;
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const headers = [
    ...COLUMNS[kind].map((column) => column[locale]),
    ...definitions.map((definition) => definition.labels[locale]),
  ];
  const dates = [
    COLUMNS[kind].findIndex((column) => column.key === 'date'),
    ...definitions.flatMap((definition, i) => (definition.type === 'date' ? [COLUMNS[kind].length + i] : [])),
  ];
  // csv-stringify's synchronous form, a chunk at a time: its quoting, without a stream step per row.
  const write = (rows: unknown[][]) => stringify(rows, { cast: { string: neutralise } });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${write([headers])}`));
    },
    async pull(controller) {
      // A failure mid-way errors the download: a short file never looks complete.
      const { done, value } = await iterator.next();
      if (done) {
        controller.close();
        return;
      }
      for (const row of value) for (const i of dates) row[i] = dayFirst(row[i]);
      controller.enqueue(encoder.encode(write(value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
