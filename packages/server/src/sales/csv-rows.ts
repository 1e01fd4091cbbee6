/**
 * A chunk of download records to CSV bytes, as the database built them (records-csv.ts): JSON
 * arrays of cells, an order spread into a row per line, dates `YYYY-MM-DD[ HH:MM]` put day first,
 * written by csv-stringify, every field quoted, with the cells a spreadsheet would run as formulas
 * neutralised. Runs in the CSV thread (records-csv.worker.ts).
 */
import { stringify } from 'csv-stringify/sync';
import { neutralise } from '../http/csv';

/** `YYYY-MM-DD[ HH:MM]` (a date field as stored, a record's time) as `DD/MM/YYYY[ HH:MM]`. */
const dayFirst = (value: unknown) =>
  typeof value === 'string'
    ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}${value.slice(10)}`
    : value;

const encoder = new TextEncoder();

/** CSV lines of `rows`, every field quoted (empty ones too) and neutralised (http/csv.ts). */
export const csvLines = (rows: unknown[][]): string =>
  stringify(rows, { cast: { string: neutralise }, quoted: true, quoted_empty: true });

/** A chunk of records as the database built them. */
export interface CsvChunk {
  /** The records' rows, a JSON array of arrays of cells. */
  json: string;
  /** The cell that lists an order's lines (each a list of cells): a row is written per line. */
  spread: number | null;
  /** The columns (of the rows written) that hold dates. */
  dates: readonly number[];
}

/** The CSV bytes of a chunk. */
export function csvChunk({ json, spread, dates }: CsvChunk): Uint8Array {
  const records = JSON.parse(json) as unknown[][];
  const rows =
    spread === null
      ? records
      : records.flatMap((record) =>
          (record[spread] as unknown[][]).map((line) => [
            ...record.slice(0, spread),
            ...line,
            ...record.slice(spread + 1),
          ]),
        );
  for (const row of rows) for (const i of dates) row[i] = dayFirst(row[i]);
  return encoder.encode(csvLines(rows));
}
