/**
 * CSV cells a spreadsheet reads safely, for every download (OWASP's advice for CSV injection): the
 * one rule, in JavaScript (`neutralise`) and, for the downloads the database writes, as the pattern
 * `NEUTRALISE_PATTERN` both use.
 */
import { DATE_FORMATS } from '@conversa/contract/constants';

/**
 * `DATE_FORMATS.dateTime` (`DD/MM/YYYY HH:mm`, 24-hour) as PostgreSQL's `to_char` pattern, for the
 * downloads the database writes.
 */
export const SQL_DATE_TIME = DATE_FORMATS.dateTime.replace('HH', 'HH24').replace('mm', 'MI');

/** The first characters that make a spreadsheet read a cell as a formula. */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

/**
 * Where a spreadsheet may start a new cell inside one of ours: a separator (Spanish Excel splits on
 * `;`, others on `,` or a tab) or a line break.
 */
export const CELL_BREAKS = [';', ',', '\t', '\r', '\n'];

// '-' last in its class: a range nowhere, in JavaScript and in PostgreSQL alike.
const starts = [...FORMULA_STARTS.filter((char) => char !== '-'), '-'].join('');

/**
 * A formula character at the start of a cell or after a break, the apostrophe going before it:
 * the same source for a JavaScript RegExp and PostgreSQL's regexp_replace (literal characters,
 * a lookahead, no escapes).
 */
export const NEUTRALISE_PATTERN = `(^|[${CELL_BREAKS.join('')}])(?=[${starts}])`;

const formula = new RegExp(NEUTRALISE_PATTERN, 'g');
const neutralised = new RegExp(`(^|[${CELL_BREAKS.join('')}])'(?=[${starts}])`, 'g');

/**
 * A cell a spreadsheet would not run as a formula: NUL characters dropped, and an apostrophe
 * before a formula character that starts the cell or follows a break.
 */
export function neutralise(text: string): string {
  return text.replaceAll('\u0000', '').replace(formula, "$1'");
}

/** A neutralised cell back as it was typed (the lead import reads the download's own file). */
export function unneutralise(text: string): string {
  return text.replace(neutralised, '$1');
}

/** A CSV field (RFC 4180), always quoted: no reader has to guess where it ends. */
export function field(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
