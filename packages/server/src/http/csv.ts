/** CSV cells a spreadsheet reads safely, for every download. */

/** The first characters that make a spreadsheet read a cell as a formula (OWASP's advice for CSV injection). */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

/** A cell a spreadsheet would not run as a formula: such text gets a leading apostrophe. */
export function neutralise(text: string): string {
  return FORMULA_STARTS.includes(text.charAt(0)) ? `'${text}` : text;
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A neutralised cell back as it was typed (the lead import reads the download's own file). */
export function unneutralise(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
