/**
 * A chunk of download rows to CSV bytes, as the database built them (records-csv.ts): JSON arrays
 * of cells, dates `YYYY-MM-DD[ HH:MM]` put day first, written by csv-stringify with the cells a
 * spreadsheet would run as formulas neutralised. Runs in the CSV thread (records-csv.worker.ts).
 */
import { stringify } from 'csv-stringify/sync';
import { neutralise } from '../http/csv';

/** `YYYY-MM-DD[ HH:MM]` (a date field as stored, a record's time) as `DD/MM/YYYY[ HH:MM]`. */
const dayFirst = (value: unknown) =>
  typeof value === 'string'
    ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}${value.slice(10)}`
    : value;

const encoder = new TextEncoder();

/** CSV lines of `rows`. */
export const csvLines = (rows: unknown[][]): string => stringify(rows, { cast: { string: neutralise } });

/** The CSV bytes of a chunk's JSON text; `dates` are the columns that hold dates. */
export function csvChunk(json: string, dates: readonly number[]): Uint8Array {
  const rows = JSON.parse(json) as unknown[][];
  for (const row of rows) for (const i of dates) row[i] = dayFirst(row[i]);
  return encoder.encode(csvLines(rows));
}
