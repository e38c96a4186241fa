/**
 * CSV files for Excel (the bulk check's result, search results): UTF-8 with a BOM (without it
 * Excel in Japanese Windows reads Shift_JIS), CRLF line ends, every field quoted (Excel then
 * keeps 0-leading numbers as text and does not turn dates into values). Isomorphic.
 */

export const CSV_BOM = '\uFEFF';

/** One record with its CRLF. */
export function excelCsvLine(fields: readonly string[]): string {
  return `${fields.map((v) => `"${v.replaceAll('"', '""')}"`).join(',')}\r\n`;
}

/** A whole file: BOM, header, rows. */
export function toExcelCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BOM + [header, ...rows].map(excelCsvLine).join('');
}
