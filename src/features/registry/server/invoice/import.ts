import 'server-only';

import { listInvoiceSources, readInvoiceSource } from './reader';
import type { InvoiceRow, InvoiceRowError } from '../../formats/invoice-row';
import { type InvoiceApplyStats, type InvoiceMeta, InvoiceWriter } from './writer';

/**
 * Imports qualified-invoice bulk files (CSV or JSON, bare or zipped) into the invoice file.
 * Bad rows are reported through `onProblem` and skipped; they never stop the import.
 */

export interface InvoiceImportOptions {
  paths: readonly string[];
  targetPath: string;
  /** 'new' (default) rebuilds from these files alone; 'update' applies them to the current file. */
  mode?: 'new' | 'update';
  isSample?: boolean;
  /** The files are the daily diffs through this day (YYYY-MM-DD): recorded for the updater. */
  diffThrough?: string;
  onProblem?: (problem: InvoiceRowError) => void;
}

export interface InvoiceImportSummary extends InvoiceApplyStats {
  sources: number;
  /** Corporations' latest rows read. */
  rows: number;
  individuals: number;
  historyRows: number;
  errors: number;
  /** Registrations in the finished file. */
  stored: number;
  meta: InvoiceMeta;
}

export class InvoiceImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceImportError';
  }
}

export async function importInvoiceFiles(options: InvoiceImportOptions): Promise<InvoiceImportSummary> {
  const { sources, problems } = await listInvoiceSources(options.paths);
  const report = (p: InvoiceRowError) => options.onProblem?.(p);
  for (const p of problems) report(p);
  if (sources.length === 0) {
    throw new InvoiceImportError('取り込めるファイル（.csv / .json / .zip）がありません (no CSV or JSON input)');
  }
  const writer = InvoiceWriter.open({ targetPath: options.targetPath, mode: options.mode ?? 'new', isSample: options.isSample });
  const stats: InvoiceApplyStats = { inserted: 0, replaced: 0, unchanged: 0, deleted: 0, stale: 0 };
  let rows = 0;
  let individuals = 0;
  let historyRows = 0;
  let errors = problems.length;
  try {
    for (const source of sources) {
      for await (const batch of readInvoiceSource(source)) {
        const good: InvoiceRow[] = [];
        for (const item of batch) {
          if (item.type === 'row') good.push(item.row);
          else if (item.type === 'error') {
            errors++;
            report(item.error);
          } else if (item.why === 'individual') individuals++;
          else historyRows++;
        }
        rows += good.length;
        writer.applyRows(good, stats);
      }
    }
    if (options.diffThrough !== undefined) writer.markDiffThrough(options.diffThrough);
    const { rows: stored, meta } = writer.finish();
    return { sources: sources.length, rows, individuals, historyRows, errors, stored, meta, ...stats };
  } catch (err) {
    writer.abort();
    throw err;
  }
}
