/**
 * The watch import's reading of a pasted list or CSV (zod-free; the page counts before sending,
 * the route reads it again with the same function): every 法人番号 or T-number found, one a
 * line or in any CSV column, read by the bulk check's line parser (widths, hyphens, T-prefix).
 */
import { parseBulkLine } from '@/features/registry';
import { parseCsv } from '@/lib/csv-read';

import { WATCH_MESSAGES } from './constants';

export interface WatchImportLines {
  /** Distinct 法人番号 in the order found. */
  numbers: string[];
  /** Lines with neither a number nor only a header word: shown back to the member. */
  invalid: { line: number; input: string; message: string }[];
}

/** Reads a pasted list or a CSV text (quoted fields, any column; a header row is skipped). */
export function readWatchImport(text: string): WatchImportLines {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const seen = new Set<string>();
  const numbers: string[] = [];
  const invalid: WatchImportLines['invalid'] = [];
  rows.forEach((cells, i) => {
    let found = false;
    let bad: { input: string; message: string } | null = null;
    for (const cell of cells) {
      if (cell.trim() === '') continue;
      const parsed = parseBulkLine(cell);
      if (parsed.kind === 'number' || parsed.kind === 'invoice') {
        found = true;
        if (!seen.has(parsed.corporateNumber)) {
          seen.add(parsed.corporateNumber);
          numbers.push(parsed.corporateNumber);
        }
      } else if (parsed.kind === 'invalid' && bad === null) bad = { input: parsed.input, message: parsed.message };
    }
    // The first row without a number is taken for a header (法人番号, 取引先名…); any other row
    // without one is shown back (a malformed number says what is wrong with it).
    if (found || (i === 0 && bad === null)) return;
    invalid.push({ line: i + 1, ...(bad ?? { input: cells.join(',').trim(), message: WATCH_MESSAGES.not_a_number }) });
  });
  return { numbers, invalid };
}
