/**
 * Leads and orders as CSV downloads (csv-stringify): the list's filters and order, headers in the
 * reader's language, the configured fields as columns (their labels), dates as DD/MM/YYYY HH:mm in
 * the reader's time zone, UTF-8 with a BOM, cells a spreadsheet would run as formulas neutralised.
 * An order is a row per line. Records come a chunk at a time and leave as each is written: memory
 * stays flat.
 */
import type { Locale } from '@conversa/contract/constants';
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { stringify } from 'csv-stringify/sync';
import { neutralise } from '../http/csv';
import type { RecordRow } from './records.repo';

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

/** `DD/MM/YYYY HH:mm` in `tz`. */
function dateFormat(tz: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
    return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
  };
}

/** A configured field's value as a cell: a date as DD/MM/YYYY, the rest as stored. */
function fieldCell(definition: FieldDefinition, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (definition.type === 'date' && typeof value === 'string') {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  return String(value);
}

/** The rows of one record: a lead's one, an order's one per line. */
function rowsOf(
  kind: RecordKind,
  record: RecordRow,
  definitions: readonly FieldDefinition[],
  when: (date: Date) => string,
): (string | number)[][] {
  const fields = definitions.map((definition) => fieldCell(definition, record.fields[definition.key]));
  const seller = [record.sellerName, record.sellerNumber ?? ''];
  const date = when(record.createdAt);
  if (kind === 'lead') {
    return [
      [
        record.id,
        date,
        record.company,
        record.contactName ?? '',
        record.phone ?? '',
        record.email ?? '',
        record.notes ?? '',
        ...seller,
        ...fields,
      ],
    ];
  }
  return record.lines.map((line) => [
    record.id,
    date,
    record.company,
    line.product_code,
    line.product_description ?? '',
    line.quantity,
    record.notes ?? '',
    ...seller,
    ...fields,
  ]);
}

/** The CSV bytes of the records' chunks, as a web stream: each chunk written whole as it comes. */
export function recordsCsv(
  kind: RecordKind,
  chunks: AsyncIterable<RecordRow[]>,
  options: { locale: Locale; tz: string; definitions: readonly FieldDefinition[] },
): ReadableStream<Uint8Array> {
  const { locale, tz, definitions } = options;
  const when = dateFormat(tz);
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const headers = [
    ...COLUMNS[kind].map((column) => column[locale]),
    ...definitions.map((definition) => definition.labels[locale]),
  ];
  // csv-stringify's synchronous form, a chunk at a time: its quoting, without a stream step per row.
  const write = (rows: (string | number)[][]) => stringify(rows, { cast: { string: neutralise } });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${write([headers])}`));
    },
    async pull(controller) {
      // A failure mid-way errors the download: a short file never looks complete.
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else
        controller.enqueue(
          encoder.encode(write(value.flatMap((record) => rowsOf(kind, record, definitions, when)))),
        );
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
