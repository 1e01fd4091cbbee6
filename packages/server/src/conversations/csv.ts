/**
 * The conversation list as a CSV download: one row per conversation, headers in the reader's
 * language, UTF-8 with a BOM (spreadsheets then read accents right). The database renders the lines
 * (RFC 4180 fields, formulas neutralised) in chunks sent as they come, so memory stays flat.
 */
import type { Locale } from '@conversa/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import { conversations } from '../db/schema';
import type { LineRecord } from './conversations.repo';
import { field, FORMULA_STARTS } from '../http/csv';

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

/** FORMULA_STARTS as SQL character codes (comparing codes is cheaper than comparing texts). */
const FORMULA_CODES = sql.raw(FORMULA_STARTS.map((char) => char.charCodeAt(0)).join(', '));

/**
 * `field(neutralise(text))` in SQL, over a plain column (it is read several times): empty as is,
 * else always quoted, cheaper for the database than looking for what needs quotes, and the same to
 * any CSV reader.
 */
function cell(text: SQL): SQL {
  const safe = sql`case when ascii(${text}) in (${FORMULA_CODES}) then '''' || ${text} else ${text} end`;
  // Most contact and overview cells are empty: left so, without the quoting work.
  return sql`(case when ${text} = '' then '' else '"' || replace(${safe}, '"', '""') || '"' end)`;
}

/**
 * A CSV line of a conversation, in the reader's language and time zone (dates `YYYY-MM-DD HH:mm`):
 * its fields, worked out once each, then the line made of them.
 */
export function csvRecord(locale: Locale, tz: string): LineRecord {
  const [yes, no] = YES[locale];
  // `YYYY-MM-DD HH:MM` cut from the timestamp's own text (ISO dates, which node-postgres needs
  // too): cheaper than to_char.
  const when = (column: SQL) => sql`left((${column} at time zone ${tz})::text, 16)`;
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
  ];
  return {
    fields: fields.map(([field]) => field),
    line: (columns) =>
      sql.join(
        columns.map((column, i) => (fields[i]![1] === 'text' ? cell(column) : column)),
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
