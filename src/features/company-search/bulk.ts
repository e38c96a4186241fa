/**
 * Bulk check (issue 14 item 4): reading a pasted list or an uploaded CSV into lines, the
 * labels of POST /api/corporates/bulk-check's results (their shapes: bulk-schemas.ts), and the result
 * as a CSV file.
 * Isomorphic: the page parses and counts lines before sending, the route parses them again
 * (one parser, so both agree on what a line is).
 */
// zod-free (the /search/bulk page loads this module): the API shapes are in bulk-schemas.ts (issue 13).
import { isValidCorporateNumber } from '@/features/registry';
import { formatIsoDateJa } from '@/lib/format';
import { groupDigits } from '@/lib/digits';

import type { BulkCheckResult, BulkCompany, BulkInvoice, BulkRow } from './bulk-schemas';
import { type CsvForm, toExcelCsv } from '@/lib/csv';

export type { BulkCheckBody, BulkCheckResult, BulkCompany, BulkInvoice, BulkRow } from './bulk-schemas';

/** Most lines one check takes (what an accountant's monthly supplier list needs, and ≤ 1 s). */
export const BULK_LINES_MAX = 1000;
/** Longest line kept (the longest registered name is well under this). */
export const BULK_LINE_CHARS_MAX = 200;

export const BULK_MESSAGES = {
  too_many: `一度に確認できるのは${groupDigits(BULK_LINES_MAX)}行までです。分けて確認してください。`,
  empty: '確認する法人番号・登録番号・法人名を1行に1件ずつ入力してください。',
  line_too_long: `1行は${BULK_LINE_CHARS_MAX}文字までです。`,
  bad_check_digit: '法人番号の検査用数字（先頭の1桁）が合いません。番号をご確認ください。',
  bad_number: '法人番号は13桁、登録番号はTと13桁の数字です。',
  not_found: '該当する法人は見つかりませんでした。',
  ambiguous: '同じ名前の法人が複数あります。法人番号で確認してください。',
  bad_date: '日付は YYYY-MM-DD の形式で入力してください。',
} as const;

/** A line that named a company by a former name: said beside the result (found rows have no other message). */
export function bulkFormerNameMessage(formerName: string, currentName: string): string {
  return `旧商号「${formerName}」で見つかりました（現在の商号：${currentName}）。`;
}

export type BulkLine =
  | { kind: 'number'; input: string; corporateNumber: string }
  /** 適格請求書発行事業者登録番号: T + 13 digits (for a corporation, T + its 法人番号). */
  | { kind: 'invoice'; input: string; corporateNumber: string }
  | { kind: 'name'; input: string; name: string }
  | { kind: 'invalid'; input: string; message: string };

// Hyphens of every width and spaces: what people type between groups of digits.
const SEPARATORS = /[\s\-‐‑‒–—―−ー－ｰ_.]/gu;

/** One non-blank line: a 法人番号, a T-number, or else an exact name. */
export function parseBulkLine(raw: string): BulkLine {
  const input = raw.trim();
  const nfkc = input.normalize('NFKC').trim();
  const compact = nfkc.replace(SEPARATORS, '');
  const invoice = /^[Tt](\d+)$/.exec(compact);
  const digits = invoice?.[1] ?? (/^\d+$/.test(compact) ? compact : null);
  if (digits !== null) {
    if (digits.length !== 13) return { kind: 'invalid', input, message: BULK_MESSAGES.bad_number };
    if (!isValidCorporateNumber(digits)) return { kind: 'invalid', input, message: BULK_MESSAGES.bad_check_digit };
    return { kind: invoice ? 'invoice' : 'number', input, corporateNumber: digits };
  }
  return { kind: 'name', input, name: nfkc.replace(/\s+/gu, ' ') };
}

/**
 * The lines of a pasted text as pasted (any line ending), blank ones kept as '' so that a result's
 * 「行」 is the line's number in the box (issue 24: numbering only the non-blank lines moved every
 * result after a blank line away from its line). Blank lines at the end are dropped.
 */
export function splitBulkText(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/u).map((l) => l.trim());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** How many lines will be checked (blank lines are kept for numbering but not checked). */
export function countBulkLines(lines: readonly string[]): number {
  return lines.reduce((n, l) => (l.trim() === '' ? n : n + 1), 0);
}

/** Most lines one request may carry, blank ones included (the 1,000 to check and the blanks between them). */
export const BULK_LINES_SENT_MAX = 5 * BULK_LINES_MAX;

// ── CSV upload ──────────────────────────────────────────────────────────────────────────────

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

/** Rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * The lines to check from CSV rows: one column, without the header row when there is one. A row
 * with that cell empty stays as a blank line, so the 「行」 of a result is the row's place in the
 * list that fills the box (and the file's data rows).
 */
export function csvColumnLines(rows: readonly string[][], column: number, hasHeader: boolean): string[] {
  const lines = rows.slice(hasHeader ? 1 : 0).map((r) => (r[column] ?? '').trim());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const HEADER_WORDS = /番号|名称|商号|社名|会社名|法人名|取引先|仕入先|得意先|事業者|^(corporate[ _-]?)?(name|number)$/iu;

/**
 * Whether the first row looks like a header: a cell with a header word (法人番号, 取引先名…), or a
 * column whose first cell is text above a 法人番号 / T-number. The page shows the guess as a
 * checkbox the visitor can change.
 */
export function looksLikeHeader(rows: readonly string[][]): boolean {
  const [first, second] = rows;
  if (first === undefined) return false;
  return first.some((cell, i) => {
    if (parseBulkLine(cell).kind !== 'name') return false;
    if (HEADER_WORDS.test(cell)) return true;
    const below = second?.[i];
    return below !== undefined && parseBulkLine(below).kind !== 'name';
  });
}

export const BULK_RESULT_LABELS: Record<BulkRow['result'], string> = {
  found: '該当あり',
  not_found: '該当なし',
  ambiguous: '複数該当',
  invalid: '入力誤り',
};

/** The invoice column's text: status on the day, or why there is none. */
export function bulkInvoiceText(invoice: BulkInvoice | null): string {
  // Every state carries the server's one wording (the registry's invoiceStandingOf, decision 0048).
  return invoice === null ? '' : invoice.statusLabel;
}

/**
 * The company's state in words, as the record page's 状況 gives it: 「閉鎖（2019年1月1日、合併による解散等）」
 * (the date in prose form, domain §6, not the NTA file's 2019-01-01), or 存続.
 */
export function bulkCompanyStateText(company: BulkCompany | null): string {
  if (company === null) return '';
  if (!company.closed) return '存続';
  const parts = [company.closeDate !== null ? formatIsoDateJa(company.closeDate) : null, company.closeCauseLabel].filter(
    (p): p is string => p !== null,
  );
  return parts.length === 0 ? '閉鎖' : `閉鎖（${parts.join('、')}）`;
}

// ── CSV download ────────────────────────────────────────────────────────────────────────────

export const BULK_CSV_HEADER = [
  '行',
  '入力',
  '結果',
  '法人番号',
  '商号又は名称',
  '所在地',
  '状態',
  '承継先法人番号',
  '承継先名称',
  '登録番号',
  '登録状況',
  '確認日',
  '備考',
] as const;

/** 入力 (a number typed there), 法人番号 and 承継先法人番号: digits Excel must keep as text (the excel form, decision 0065). */
export const BULK_CSV_TEXT_COLUMNS = [1, 3, 7] as const;

export function bulkResultCsv(result: BulkCheckResult, form: CsvForm = 'plain'): string {
  return toExcelCsv(
    BULK_CSV_HEADER,
    result.rows.map((r) => [
      String(r.line),
      r.input,
      BULK_RESULT_LABELS[r.result] + (r.result === 'ambiguous' && r.matches !== null ? `（${r.matches}件）` : ''),
      r.company?.corporateNumber ?? '',
      r.company?.name ?? '',
      r.company?.address ?? '',
      bulkCompanyStateText(r.company),
      r.company?.successor?.corporateNumber ?? '',
      r.company?.successor?.name ?? '',
      r.invoice?.state === 'registered' ? r.invoice.registrationNumber : '',
      bulkInvoiceText(r.invoice),
      result.date,
      r.message ?? '',
    ]),
    { form, textColumns: BULK_CSV_TEXT_COLUMNS },
  );
}
