/**
 * CSV files for Excel (the bulk check's result, search results, the back office's accounting
 * export) — the one CSV field writer, so every file gets the formula guard: UTF-8 with a BOM (without it
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

/**
 * One field, always quoted (quotes doubled). A number is written as it is (a negative amount
 * stays a number Excel can add up); text that looks like a formula is neutralised.
 */
export function excelCsvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutralised(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record with its CRLF. */
export function excelCsvLine(fields: readonly (string | number)[]): string {
  return `${fields.map(excelCsvField).join(',')}\r\n`;
}

/** A whole file: BOM, header, rows. */
export function toExcelCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BOM + [header, ...rows].map(excelCsvLine).join('');
}
