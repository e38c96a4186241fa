/**
 * CSV files for Excel (the bulk check's result, search results): UTF-8 with a BOM (without it
 * Excel in Japanese Windows reads Shift_JIS), CRLF line ends, every field quoted (commas, quotes
 * and line breaks inside a field), and no field Excel would run as a formula. Isomorphic.
 */

export const CSV_BOM = '\uFEFF';

/**
 * A field Excel would read as a formula — starting with = + - @, a tab or a carriage return (the
 * bulk check echoes each line as typed: 「=HYPERLINK(…)」 would become a live link in the file an
 * accountant passes on) — gets a leading apostrophe, so it stays text (OWASP "CSV Injection").
 * Quotes alone do not stop Excel from evaluating it.
 */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/u.test(value) ? `'${value}` : value;
}

/** One record with its CRLF. */
export function excelCsvLine(fields: readonly string[]): string {
  return `${fields.map((v) => `"${neutralised(v).replaceAll('"', '""')}"`).join(',')}\r\n`;
}

/** A whole file: BOM, header, rows. */
export function toExcelCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BOM + [header, ...rows].map(excelCsvLine).join('');
}
