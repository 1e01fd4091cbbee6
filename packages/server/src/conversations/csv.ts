/**
 * The conversation list as a CSV download: one row per conversation, headers in the reader's
 * language, UTF-8 with a BOM (spreadsheets then read accents right), written by csv-stringify as the
 * rows come from the database, so memory stays flat whatever the size.
 */
import { pipeline, Readable } from 'node:stream';
import type { Locale } from '@conversa/contract/constants';
import { stringify } from 'csv-stringify';
import type { ConversationListRow } from './conversations.repo';

const HEADERS: Record<Locale, readonly string[]> = {
  en: [
    'ID',
    'Started',
    'Last interaction',
    'Messages',
    'First question',
    'Language',
    'Handoff',
    'Contact name',
    'E-mail',
    'Phone',
    'Summary',
    'Intent',
    'Topics',
    'Urgency',
    'Next step',
  ],
  es: [
    'ID',
    'Inicio',
    'Última interacción',
    'Mensajes',
    'Primera pregunta',
    'Idioma',
    'Derivada a una persona',
    'Nombre de contacto',
    'Correo electrónico',
    'Teléfono',
    'Resumen',
    'Intención',
    'Temas',
    'Urgencia',
    'Siguiente paso',
  ],
};

const YES: Record<Locale, [string, string]> = { en: ['yes', 'no'], es: ['sí', 'no'] };

/**
 * A cell a spreadsheet would not run as a formula: text starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return gets a leading apostrophe (OWASP's advice for CSV injection).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A timestamp as `YYYY-MM-DD HH:mm` in time zone `tz` (one formatter per zone: making one is slow). */
function when(at: Date, tz: string): string {
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    if (formats.size > 100) formats.clear();
    formats.set(tz, format);
  }
  return format.format(at);
}

/** One CSV record of a conversation. */
export function csvRecord(row: ConversationListRow, locale: Locale, tz: string): string[] {
  const [yes, no] = YES[locale];
  const overview = row.overview;
  const cells = [
    row.id,
    when(row.createdAt, tz),
    when(row.lastMessageAt, tz),
    String(row.messageCount),
    row.firstQuestion ?? '',
    row.locale,
    row.handoff ? yes : no,
    row.contact?.name ?? '',
    row.contact?.email ?? '',
    row.contact?.phone ?? '',
    overview?.summary ?? '',
    overview?.intent ?? '',
    overview?.topics.join('; ') ?? '',
    overview?.urgency ?? '',
    overview?.next_step ?? '',
  ];
  return cells.map(neutralise);
}

/** The CSV bytes of the batches, as a web stream. */
export function conversationsCsv(
  batches: AsyncIterable<ConversationListRow[]>,
  locale: Locale,
  tz: string,
): ReadableStream<Uint8Array> {
  async function* records() {
    for await (const batch of batches) {
      for (const row of batch) yield csvRecord(row, locale, tz);
    }
  }
  const csv = stringify({ bom: true, header: true, columns: [...HEADERS[locale]] });
  // pipeline, not pipe: a database failure mid-way ends the download with an error, not a short file.
  pipeline(Readable.from(records()), csv, () => undefined);
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
