/**
 * A CSV of leads read for `POST lead/import`: the download's own columns (in either language, the
 * ID, date and seller ones ignored) and the configured fields by their label in either language or
 * their key. A file that is not text CSV, or that has a column no lead has, is refused whole; each
 * row is then checked as `POST lead` checks a body, its refusals reported with its line.
 */
import type { Issue } from '@conversa/contract/common';
import type { Locale } from '@conversa/contract/constants';
import { LeadBodySchema } from '@conversa/contract/records';
import type { FieldDefinition } from '@conversa/contract/sales';
import { parse } from 'csv-parse/sync';
import * as v from 'valibot';
import { ApiError } from '../http/errors';
import { translate } from '../i18n/translate';
import { fold } from './field-values';
import { type LeadInput, recordCheck } from './record-input';
import { LEAD_COLUMNS } from './records-csv';
import type { RecordInput } from './records.repo';

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

export interface ImportCheck {
  /** The rows to import, in the file's order. */
  good: RecordInput[];
  refused: { line: number; issues: Issue[] }[];
}

/** Reads and checks the file's rows. */
export function checkLeadCsv(
  bytes: Uint8Array,
  options: {
    assistantId: number;
    definitions: readonly FieldDefinition[];
    country: string | null;
    locale: Locale;
  },
): ImportCheck {
  const { definitions, locale } = options;
  let records: string[][];
  try {
    records = parse(textOf(bytes, locale), {
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuseFile(415, 'csv_type', translate(locale, 'csv_type'));
  }
  const [headers = [], ...rows] = records;
  const columns = columnsOf(headers, definitions);
  const unknown = headers.filter((header, index) => columns[index] === null && header.trim() !== '');
  if (unknown.length > 0 || !columns.includes('company')) {
    const names = unknown.length > 0 ? unknown.join(', ') : LEAD_COLUMNS[2]![locale];
    throw refuseFile(400, 'unknown_columns', translate(locale, 'unknown_columns', { 0: names }));
  }
  const check = recordCheck(definitions, options.country, locale);
  const good: RecordInput[] = [];
  const refused: ImportCheck['refused'] = [];
  rows.forEach((cells, index) => {
    // The header is line 1; a row's line is its place in the file (a quoted line break aside).
    const line = index + 2;
    const body: Record<string, unknown> = { institution_product_id: options.assistantId, fields: {} };
    columns.forEach((column, at) => {
      const cell = (cells[at] ?? '').trim();
      if (column === null || IGNORED.has(column)) return;
      // The download neutralises formulas with a leading apostrophe: an import takes it back off.
      const value = /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
      if (column.startsWith('fields.')) (body.fields as Record<string, string>)[column.slice(7)] = value;
      else body[column] = value;
    });
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
