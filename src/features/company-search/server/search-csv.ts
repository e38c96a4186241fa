import 'server-only';

import type { CompanySummary } from '@/features/registry';
import { searchCompanies, type RegistryStore } from '@/features/registry/index.server';

import { CSV_BOM, type CsvForm, type CsvOptions, csvRecord, excelCsvLine } from '@/lib/csv';
import type { SearchParams, SearchResult } from '../schemas';

/**
 * Search results as a CSV file (issue 14 item 5): the same search as GET /api/corporates/search,
 * every page the cursor reaches (SEARCH_MAX_PAGES × SEARCH_PAGE_SIZE = the 1,000-row limit),
 * streamed one page at a time so the first bytes leave before the last page is searched.
 */

export const SEARCH_CSV_HEADER = [
  '法人番号',
  '商号又は名称',
  'フリガナ',
  '法人種別',
  '郵便番号',
  '所在地',
  '状態',
  '閉鎖年月日',
  '閉鎖事由',
  '承継先法人番号',
  '旧商号',
  '法人番号指定年月日',
  '更新年月日',
] as const;

/** 法人番号, 郵便番号 and 承継先法人番号: digits Excel must keep as text (the excel form, decision 0065). */
export const SEARCH_CSV_TEXT_COLUMNS = [0, 4, 9] as const;

export function searchCsvRow(c: CompanySummary): string[] {
  return [
    c.corporateNumber,
    c.name,
    c.furigana ?? '',
    c.kindLabel,
    c.postCode ?? '',
    c.address,
    c.closed ? '閉鎖' : '存続',
    c.closeDate ?? '',
    c.closeCauseLabel ?? '',
    c.successorCorporateNumber ?? '',
    c.formerNames.join('、'),
    c.assignmentDate,
    c.updateDate,
  ];
}

function pageText(result: SearchResult, options: CsvOptions): string {
  return result.items.map((c) => csvRecord(searchCsvRow(c), options)).join('');
}

export type SearchCsvOutcome =
  | { ok: true; stream: ReadableStream<Uint8Array> }
  | { ok: false; code: Exclude<ReturnType<typeof searchCompanies>, { ok: true }>['code']; message: string };

/**
 * The first page is searched before answering, so a bad query is a proper 4xx, not a broken
 * download. A later page that fails (the registry was swapped in between: cursor_expired) errors
 * the stream, so the browser reports a failed download instead of saving a silently short file.
 */
export function searchCsv(
  { format, ...params }: Omit<SearchParams, 'cursor'> & { format?: CsvForm },
  store?: RegistryStore,
): SearchCsvOutcome {
  const options: CsvOptions = { form: format ?? 'plain', textColumns: SEARCH_CSV_TEXT_COLUMNS };
  const run = (cursor?: string) => (store ? searchCompanies({ ...params, cursor }, store) : searchCompanies({ ...params, cursor }));
  const first = run();
  if (!first.ok) return first;
  const encoder = new TextEncoder();
  let next = first.result.nextCursor;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + excelCsvLine(SEARCH_CSV_HEADER) + pageText(first.result, options)));
      if (next === null) controller.close();
    },
    pull(controller) {
      if (next === null) return controller.close();
      const page = run(next);
      if (!page.ok) return controller.error(new Error(`search CSV stopped: ${page.code}`));
      controller.enqueue(encoder.encode(pageText(page.result, options)));
      next = page.result.nextCursor;
      if (next === null) controller.close();
    },
  });
  return { ok: true, stream };
}
