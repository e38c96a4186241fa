/**
 * CSV files for Excel (the bulk check's result, search results, the back office's accounting
 * export) — the one CSV field writer, so every file gets the formula guard: UTF-8 with a BOM (without it
 * Excel in Japanese Windows reads Shift_JIS), CRLF line ends, every field quoted (commas, quotes
 * and line breaks inside a field), and no field Excel would run as a formula. Isomorphic.
 *
 * Two forms of the same file (docs/decisions/0065):
 *  - `plain`: the data as it is — what another program, a database import or a script reads;
 *  - `excel`: for double-clicking in Excel, which reads a field of digits as a number whatever its
 *    quotes: 「0600001」 (郵便番号) loses its 0 and 「7000012050002」 (法人番号) shows as
 *    7.00001E+12. The columns the caller names as text are written `="0600001"` (a formula
 *    whose value is that text, so Excel shows and keeps the digits as typed). Only a field of
 *    digits is written so: it is the only kind Excel turns into a number, and our own formula
 *    then holds nothing but digits.
 */

export const CSV_BOM = '\uFEFF';

export const CSV_FORMS = ['plain', 'excel'] as const;
export type CsvForm = (typeof CSV_FORMS)[number];

/** The file-name suffix of the Excel form (「会社検索_ソニー_Excel用.csv」). */
export function csvFileName(base: string, form: CsvForm): string {
  return form === 'excel' ? `${base}_Excel用.csv` : `${base}.csv`;
}

export interface CsvOptions {
  /** plain (the default) or excel. */
  form?: CsvForm;
  /** 0-based columns that hold codes written with digits (法人番号, 郵便番号): text in the excel form. */
  textColumns?: readonly number[];
}

/**
 * A field starting with what Excel reads as the start of a formula: = + - @, a tab or a carriage
 * return, and their full-width forms ＝ ＋ － ＠ — Excel in Japanese converts a leading full-width
 * sign to ASCII as it reads a cell and runs 「＝1+1」 as =1+1 (the bulk check echoes each line as
 * typed: 「=HYPERLINK(…)」 would become a live link in the file an accountant passes on).
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/u;

/**
 * Such a field gets a leading apostrophe, so it stays text (OWASP "CSV Injection"). Quotes alone
 * do not stop Excel from evaluating it.
 */
function neutralised(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const DIGITS = /^[0-9]+$/;

/**
 * One field, always quoted (quotes doubled). A number is written as it is (a negative amount
 * stays a number Excel can add up); text that looks like a formula is neutralised. `asText`
 * (excel form, a code column): digits are written as ="…" so Excel keeps them as text.
 */
export function excelCsvField(value: string | number, asText = false): string {
  if (asText && typeof value === 'string' && DIGITS.test(value)) return `"=""${value}"""`;
  const text = typeof value === 'number' ? String(value) : neutralised(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record with its CRLF (plain form). */
export function excelCsvLine(fields: readonly (string | number)[]): string {
  return csvRecord(fields);
}

/** One record with its CRLF, in the given form. */
export function csvRecord(fields: readonly (string | number)[], options: CsvOptions = {}): string {
  const text = options.form === 'excel' ? new Set(options.textColumns ?? []) : null;
  return `${fields.map((f, i) => excelCsvField(f, text?.has(i) ?? false)).join(',')}\r\n`;
}

/** A whole file: BOM, header, rows (the header is never written as codes). */
export function toExcelCsv(header: readonly string[], rows: readonly (readonly string[])[], options: CsvOptions = {}): string {
  return CSV_BOM + csvRecord(header) + rows.map((r) => csvRecord(r, options)).join('');
}
