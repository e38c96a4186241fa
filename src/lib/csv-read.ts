/**
 * Reading an uploaded CSV file in the browser and on the server (the bulk check's and the watch
 * list's uploads): whether the bytes are a CSV text at all, their encoding, and their rows.
 * Isomorphic and zod-free. Shared by company-search and watch, so neither imports the other
 * (docs/decisions/0070).
 */
import { csvRecords } from './csv-records';

/** What an uploaded file that is not a CSV text gets instead of being read (issue 14: accountants upload what Excel saved). */
export const CSV_FILE_MESSAGES = {
  excel_book:
    'Excelのブック（.xlsx・.xls）は読み込めません。Excelの「名前を付けて保存」で「CSV UTF-8（コンマ区切り）」または「CSV（コンマ区切り）」を選んで保存したファイルを読み込んでください。',
  not_text: 'このファイルはCSVとして読み込めません。CSV形式（UTF-8またはShift_JIS）で保存したファイルを選んでください。',
} as const;

/**
 * Why the bytes of an uploaded file cannot be read as a CSV, or null when they can: an Excel book
 * (a zip: .xlsx/.ods; an OLE compound file: .xls) or any other binary file (a NUL byte near the
 * start: a PDF, an image, UTF-16 text). Decoding such a file fills the list with mojibake
 * (「PK\u0003\u0004…」) and says it was read as Shift_JIS.
 */
export function csvFileProblem(bytes: Uint8Array): string | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return CSV_FILE_MESSAGES.excel_book;
  if (bytes.subarray(0, 8192).includes(0)) return CSV_FILE_MESSAGES.not_text;
  return null;
}

/**
 * The text of an uploaded CSV: UTF-8 (with or without BOM) when the bytes are valid UTF-8,
 * else Shift_JIS (Excel's "CSV" in Japanese Windows). Invalid UTF-8 is the signal, since
 * Shift_JIS text with kana or kanji is almost never valid UTF-8.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'shift_jis' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}

/**
 * Rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks; a lone CR
 * ends a line too, as old Mac files do), without rows whose every cell is blank.
 */
export function parseCsv(text: string): string[][] {
  return csvRecords(text.replace(/\r(?!\n)/g, '\n'))
    .map((r) => r.fields)
    .filter((r) => r.some((f) => f.trim() !== ''));
}
