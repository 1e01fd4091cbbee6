/**
 * A CSV of leads read for `POST lead/import`: the download's own columns (in either language, the
 * ID, date and seller ones ignored) and the configured fields by their label in either language or
 * their key. A file that is not text CSV, whose first line has a column no lead has, a blank one or
 * one named twice, more than LEAD_IMPORT_MAX_ROWS rows or a row over LEAD_IMPORT_MAX_ROW_CHARS is
 * refused whole; each row is then checked as `POST lead` checks a body (only its mapped cells
 * read), its refusals reported with its line. Runs in the CSV thread (csv-thread.ts): the work is
 * bounded by the file, and the thread is stopped past a time budget.
 */
import type { Issue } from '@conversa/contract/common';
import type { Locale } from '@conversa/contract/constants';
import { LEAD_IMPORT_MAX_ROWS, LeadBodySchema } from '@conversa/contract/records';
import type { FieldDefinition } from '@conversa/contract/sales';
import { parse } from 'csv-parse/sync';
import * as v from 'valibot';
import { ApiError } from '../http/errors';
import { translate } from '../i18n/translate';
import { fold } from './field-values';
import { type LeadInput, recordCheck } from './record-input';
import { unneutralise } from '../http/csv';
import { LEAD_COLUMNS } from './record-columns';
import type { RecordInput } from './record-writes.repo';

/** The most characters a row of an import may hold (a lead's texts and fields fit in half). */
export const LEAD_IMPORT_MAX_ROW_CHARS = 32 * 1024;

/** Columns of the download an import does not read: the server sets them. */
const IGNORED = new Set(['id', 'date', 'seller', 'seller_number']);

/** What each header of the file names: a lead's column, a configured field (`fields.key`), or nothing. */
function columnsOf(headers: string[], definitions: readonly FieldDefinition[]): (string | null)[] {
  const byName = new Map<string, string>();
  for (const column of LEAD_COLUMNS) {
    byName.set(fold(column.en), column.key);
    byName.set(fold(column.es), column.key);
  }
  for (const field of definitions) {
    for (const name of [field.key, field.labels.en, field.labels.es])
      byName.set(fold(name), `fields.${field.key}`);
  }
  return headers.map((header) => byName.get(fold(header)) ?? null);
}

/** The file refused whole, its reason on `file`. */
const refuseFile = (status: 400 | 415, code: string, message: string) =>
  new ApiError(status, status === 415 ? 'unsupported_media_type' : 'validation_failed', {
    issues: [{ path: 'file', code, message }],
  });

/** Text a CSV may be: UTF-8 without NUL bytes (a zip, an image or a spreadsheet renamed .csv is not). */
function textOf(bytes: Uint8Array, locale: Locale): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (!text.includes('\u0000')) return text.replace(/^\uFEFF/, '');
  } catch {
    // Not UTF-8: refused below.
  }
  throw refuseFile(415, 'csv_type', translate(locale, 'csv_type'));
}

/** The first `records` records of the file (rows of any length), or the file refused. */
function recordsOf(text: string, locale: Locale, records: number): string[][] {
  try {
    return parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: LEAD_IMPORT_MAX_ROW_CHARS,
      to: records,
    }) as string[][];
  } catch (error) {
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      throw refuseFile(400, 'row_too_long', translate(locale, 'row_too_long'));
    throw refuseFile(415, 'csv_type', translate(locale, 'csv_type'));
  }
}

export interface ImportCheck {
  /** The rows to import, in the file's order. */
  good: RecordInput[];
  refused: { line: number; issues: Issue[] }[];
}

/** What a file is read against: the assistant, its lead fields, the institution's country. */
export interface LeadCsvOptions {
  assistantId: number;
  definitions: readonly FieldDefinition[];
  country: string | null;
  locale: Locale;
}

/** Reads and checks the file's rows (in the CSV thread: `leadCsvInThread`). */
export function checkLeadCsv(bytes: Uint8Array, options: LeadCsvOptions): ImportCheck {
  const { definitions, locale } = options;
  const text = textOf(bytes, locale);
  // The header first, alone: csv-parse's work per row grows with the first record's width.
  const [headers = []] = recordsOf(text, locale, 1);
  if (headers.length > LEAD_COLUMNS.length + definitions.length)
    throw refuseFile(400, 'surplus_columns', translate(locale, 'surplus_columns'));
  if (headers.some((header) => header.trim() === ''))
    throw refuseFile(400, 'blank_columns', translate(locale, 'blank_columns'));
  // The header, the rows allowed and one more to tell a file past the limit: no further.
  const [, ...rows] = recordsOf(text, locale, LEAD_IMPORT_MAX_ROWS + 2);
  if (rows.length > LEAD_IMPORT_MAX_ROWS) {
    const most = new Intl.NumberFormat(locale).format(LEAD_IMPORT_MAX_ROWS);
    throw refuseFile(400, 'too_many_rows', translate(locale, 'too_many_rows', { 0: most }));
  }
  const columns = columnsOf(headers, definitions);
  const unknown = headers.filter((_, index) => columns[index] === null);
  if (unknown.length > 0 || !columns.includes('company')) {
    const names = unknown.length > 0 ? unknown.join(', ') : LEAD_COLUMNS[2]![locale];
    throw refuseFile(400, 'unknown_columns', translate(locale, 'unknown_columns', { 0: names }));
  }
  if (new Set(columns).size < columns.length)
    throw refuseFile(400, 'surplus_columns', translate(locale, 'surplus_columns'));
  // Only the cells a lead reads: the others are never visited.
  const mapped = columns.flatMap((column, at) =>
    column === null || IGNORED.has(column) ? [] : [{ column, at }],
  );
  const check = recordCheck(definitions, options.country, locale);
  const good: RecordInput[] = [];
  const refused: ImportCheck['refused'] = [];
  rows.forEach((cells, index) => {
    // The header is line 1; a row's line is its place in the file (a quoted line break aside).
    const line = index + 2;
    const body: Record<string, unknown> = { institution_product_id: options.assistantId, fields: {} };
    for (const { column, at } of mapped) {
      // The download neutralises formulas with apostrophes: an import takes them back off.
      const value = unneutralise((cells[at] ?? '').trim());
      if (column.startsWith('fields.')) (body.fields as Record<string, string>)[column.slice(7)] = value;
      else body[column] = value;
    }
    const parsed = v.safeParse(LeadBodySchema, body, { abortEarly: false });
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({
        path: v.getDotPath(issue) ?? '',
        code: issue.message,
        message: translate(locale, issue.message as never),
      }));
      refused.push({ line, issues });
      return;
    }
    const { input, issues } = check(parsed.output as LeadInput, {});
    if (issues.length > 0) refused.push({ line, issues });
    else good.push(input);
  });
  return { good, refused };
}
