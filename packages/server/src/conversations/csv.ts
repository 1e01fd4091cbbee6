/**
 * The conversation list as a CSV download: one row per conversation, headers in the reader's
 * language, UTF-8 with a BOM (spreadsheets then read accents right). The database renders the lines
 * (RFC 4180 fields, every one quoted, formulas neutralised by http/csv.ts's rule) in chunks sent as
 * they come, so memory stays flat.
 */
import type { Locale } from '@conversa/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import { conversations } from '../db/conversations-schema';
import type { LineRecord } from './staff-conversations.repo';
import { field, NEUTRALISE_PATTERN, SQL_DATE_TIME } from '../http/csv';

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
    'Rated up',
    'Rated down',
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
    'Valoraciones positivas',
    'Valoraciones negativas',
  ],
};

const YES: Record<Locale, [string, string]> = { en: ['yes', 'no'], es: ['sí', 'no'] };

/**
 * `field(neutralise(text))` in SQL: http/csv.ts's pattern, an apostrophe before each formula
 * character that starts the cell or follows a break, then quoted. (PostgreSQL text holds no NUL.)
 */
function cell(text: SQL): SQL {
  const safe = sql`regexp_replace(${text}, ${NEUTRALISE_PATTERN}::text, '\\1''', 'g')`;
  return sql`('"' || replace(${safe}, '"', '""') || '"')`;
}

/** A field with no quote, formula or break in it (ids, dates, counts, yes/no), quoted all the same. */
const quoted = (text: SQL): SQL => sql`('"' || ${text} || '"')`;

/**
 * A CSV line of a conversation, in the reader's language and time zone (dates `DD/MM/YYYY HH:mm`, as
 * the records' download writes them too):
 * its fields, worked out once each, then the line made of them.
 */
export function csvRecord(locale: Locale, tz: string): LineRecord {
  const [yes, no] = YES[locale];
  const when = (column: SQL) => sql`to_char(${column} at time zone ${tz}, ${SQL_DATE_TIME})`;
  const text = (value: SQL) => sql`coalesce(${value}, '')`;
  const fields: [SQL, 'plain' | 'text'][] = [
    [sql`${conversations.id}::text`, 'plain'],
    [when(sql`${conversations.createdAt}`), 'plain'],
    [when(sql`${conversations.lastMessageAt}`), 'plain'],
    [sql`${conversations.messageCount}::text`, 'plain'],
    [text(sql`${conversations.firstQuestion}`), 'text'],
    [text(sql`${conversations.locale}`), 'text'],
    [sql`(case when ${conversations.handoff} then ${yes}::text else ${no}::text end)`, 'plain'],
    [text(sql`${conversations.contact}->>'name'`), 'text'],
    [text(sql`${conversations.contact}->>'email'`), 'text'],
    [text(sql`${conversations.contact}->>'phone'`), 'text'],
    [text(sql`${conversations.overview}->>'summary'`), 'text'],
    [text(sql`${conversations.overview}->>'intent'`), 'text'],
    [
      sql`(case when ${conversations.overview} is null then ''
        else array_to_string(array(select jsonb_array_elements_text(${conversations.overview}->'topics')), '; ') end)`,
      'text',
    ],
    [text(sql`${conversations.overview}->>'urgency'`), 'text'],
    [text(sql`${conversations.overview}->>'next_step'`), 'text'],
    [sql`${conversations.ratedUp}::text`, 'plain'],
    [sql`${conversations.ratedDown}::text`, 'plain'],
  ];
  return {
    fields: fields.map(([field]) => field),
    line: (columns) =>
      sql.join(
        columns.map((column, i) => (fields[i]![1] === 'text' ? cell(column) : quoted(column))),
        sql` || ',' || `,
      ),
  };
}

/**
 * The CSV bytes of the chunks of lines, as a web stream: a BOM, the headers, then each chunk as it
 * comes (a database failure mid-way errors the stream: a short file never looks complete).
 */
export function conversationsCsv(chunks: AsyncIterable<string>, locale: Locale): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${HEADERS[locale].map(field).join(',')}\n`));
    },
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(`${value}\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
