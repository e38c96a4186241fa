/**
 * Bulk check (issue 14 item 4): reading a pasted list or an uploaded CSV into lines, the
 * labels of POST /api/corporates/bulk-check's results (their shapes: bulk-schemas.ts), and the result
 * as a CSV file.
 * Isomorphic: the page parses and counts lines before sending, the route parses them again
 * (one parser, so both agree on what a line is).
 */
// zod-free (the /search/bulk page loads this module): the API shapes are in bulk-schemas.ts (issue 13).
import { IDENTIFIER_MESSAGES } from '@/features/registry';
import { formatIsoDateJa } from '@/lib/format';
import { groupDigits } from '@/lib/digits';

import type { BulkCheckResult, BulkCompany, BulkInvoice, BulkRow } from './bulk-schemas';
import { type CsvForm, toExcelCsv } from '@/lib/csv';

export type { BulkCheckResult, BulkCompany, BulkInvoice, BulkRow } from './bulk-schemas';

/** Most lines one check takes (what an accountant's monthly supplier list needs, and ≤ 1 s). */
export const BULK_LINES_MAX = 1000;
/** Longest line kept (the longest registered name is well under this). */
export const BULK_LINE_CHARS_MAX = 200;

export const BULK_MESSAGES = {
  too_many: `一度に確認できるのは${groupDigits(BULK_LINES_MAX)}行までです。分けて確認してください。`,
  empty: '確認する法人番号・登録番号・法人名を1行に1件ずつ入力してください。',
  line_too_long: `1行は${BULK_LINE_CHARS_MAX}文字までです。`,
  bad_check_digit: IDENTIFIER_MESSAGES.bad_check_digit,
  bad_number: IDENTIFIER_MESSAGES.bad_number,
  not_found: '該当する法人は見つかりませんでした。',
  ambiguous: '同じ名前の法人が複数あります。法人番号で確認してください。',
  bad_date: '日付は YYYY-MM-DD の形式で入力してください。',
} as const;

/** A line that named a company by a former name: said beside the result (found rows have no other message). */
export function bulkFormerNameMessage(formerName: string, currentName: string): string {
  return `旧商号「${formerName}」で見つかりました（現在の商号：${currentName}）。`;
}

import { parseBulkLine } from '@/features/registry';

export { parseBulkLine } from '@/features/registry';

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

// ── CSV upload: the file is read by src/lib/csv-read.ts ─────────────────────────────────────

export { CSV_FILE_MESSAGES, csvFileProblem, decodeCsvBytes, parseCsv } from '@/lib/csv-read';

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
