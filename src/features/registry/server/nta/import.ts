import 'server-only';

import {
  type ApplyStats,
  type FinishProgress,
  type FinishResult,
  RegistryWriter,
  type SourceRecord,
} from '@/features/registry/server/store/writer';
import { type NtaEncoding } from './decode';
import { readNtaSource } from './reader';
import { listNtaSources, type NtaSource, splitStaleDiffs } from './sources';
import type { NtaRow, NtaRowError } from '@/features/registry/nta-types';

/**
 * An NTA import from start to finish: find and order the files, read them, apply the rows through
 * the store's RegistryWriter (which builds into a temporary file and swaps it in atomically), and
 * report progress, bad rows and a summary. The CLI (scripts/registry-import.ts) only renders it.
 *
 * Mode: any full file (or a file whose name follows no NTA pattern) → a new registry is built
 * from the files given; only diffs → they are applied to a copy of the current registry.
 */

export type ImportPhase = 'read' | FinishProgress['phase'];

export interface ImportProgress {
  phase: ImportPhase;
  /** Uncompressed bytes read so far / in all files (for the ETA while reading). */
  bytesDone: number;
  bytesTotal: number;
  rows: number;
  errors: number;
  /** The file being read (phase 'read'). */
  file: string | null;
  /** Progress within a finishing phase (index: documents written). */
  done: number;
  total: number;
}

export interface NtaImportOptions {
  paths: readonly string[];
  targetPath: string;
  /** Mark the registry as generated sample data (the UI says so). */
  isSample?: boolean;
  encoding?: NtaEncoding;
  onProgress?: (p: ImportProgress) => void;
  /** Each bad row, and each unreadable file (line 0). Never fatal. */
  onRowError?: (e: NtaRowError) => void;
  /** Things worth saying that are not row errors (skipped stale diffs, the mode). */
  onNotice?: (message: string) => void;
  /** Checked between batches (finish() itself runs to the end once started). */
  signal?: AbortSignal;
}

export interface NtaImportSummary {
  mode: 'new' | 'update';
  sources: SourceRecord[];
  /** Diffs skipped because a full file in the same import is newer. */
  stale: NtaSource[];
  rows: number;
  errors: number;
  stats: ApplyStats;
  result: FinishResult;
  /** Wall time reading + applying, and the part of it spent inside the writer. */
  readMs: number;
  applyMs: number;
  finishMs: number;
}

/** A problem that stops the import (nothing readable, no registry to update, …). */
export class NtaImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NtaImportError';
  }
}

/** Rows per writer transaction: large enough that per-transaction costs vanish. */
const APPLY_BATCH = 4096;

const addStats = (into: ApplyStats, s: ApplyStats) => {
  into.inserted += s.inserted;
  into.replaced += s.replaced;
  into.history += s.history;
  into.unchanged += s.unchanged;
  into.deleted += s.deleted;
  into.ignored += s.ignored;
};

export async function importNtaFiles(options: NtaImportOptions): Promise<NtaImportSummary> {
  const { onProgress, onRowError, onNotice, signal } = options;
  const { sources: found, problems } = await listNtaSources(options.paths);
  let errors = 0;
  for (const p of problems) {
    errors++;
    onRowError?.(p);
  }
  if (found.length === 0) {
    throw new NtaImportError('読み込める NTA のファイル（.zip / .csv）がありません (no readable NTA files)');
  }
  const { apply: sources, stale } = splitStaleDiffs(found);
  for (const s of stale) {
    onNotice?.(`全件データより古い差分データのため読み飛ばします (diff older than the full file, skipped): ${s.file}`);
  }
  for (const s of sources) {
    if (s.kind === null)
      onNotice?.(`ファイル名から種類が分からないため全件データとして扱います (unrecognised name, treated as a full file): ${s.file}`);
  }
  const mode = sources.some((s) => s.kind !== 'diff') ? 'new' : 'update';
  // Throws RegistryWriterError when there is nothing to update: the caller reports it.
  const writer = RegistryWriter.open({
    targetPath: options.targetPath,
    mode,
    ...(options.isSample !== undefined ? { isSample: options.isSample } : {}),
  });

  try {
    const bytesTotal = sources.reduce((a, s) => a + s.bytes, 0);
    const stats: ApplyStats = { inserted: 0, replaced: 0, history: 0, unchanged: 0, deleted: 0, ignored: 0 };
    const records: SourceRecord[] = [];
    let bytesDone = 0;
    let rows = 0;
    let applyMs = 0;
    const readStart = performance.now();
    let pending: NtaRow[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      const t = performance.now();
      addStats(stats, writer.applyRows(pending));
      applyMs += performance.now() - t;
      pending = [];
    };

    for (const source of sources) {
      let sourceRows = 0;
      let sourceErrors = 0;
      const readOptions = options.encoding ? { encoding: options.encoding } : {};
      for await (const chunk of readNtaSource(source, readOptions)) {
        if (signal?.aborted) throw new NtaImportError('中断しました (aborted)');
        for (const e of chunk.errors) onRowError?.(e);
        sourceErrors += chunk.errors.length;
        sourceRows += chunk.rows.length;
        if (pending.length === 0 && chunk.rows.length >= APPLY_BATCH) pending = chunk.rows;
        else for (const r of chunk.rows) pending.push(r);
        if (pending.length >= APPLY_BATCH) flush();
        bytesDone += chunk.bytes;
        onProgress?.({
          phase: 'read',
          bytesDone,
          bytesTotal,
          rows: rows + sourceRows,
          errors: errors + sourceErrors,
          file: source.file,
          done: 0,
          total: 0,
        });
      }
      // Rows of one file are applied before the next file starts (diffs apply in order).
      flush();
      rows += sourceRows;
      errors += sourceErrors;
      const record: SourceRecord = { file: source.file, kind: source.kind, date: source.date, rows: sourceRows, errors: sourceErrors };
      records.push(record);
      writer.addSource(record);
    }
    const readMs = performance.now() - readStart;
    if (signal?.aborted) throw new NtaImportError('中断しました (aborted)');

    const finishStart = performance.now();
    const result = writer.finish((p) =>
      onProgress?.({ phase: p.phase, bytesDone, bytesTotal, rows, errors, file: null, done: p.done, total: p.total }),
    );
    return {
      mode,
      sources: records,
      stale,
      rows,
      errors,
      stats,
      result,
      readMs,
      applyMs,
      finishMs: performance.now() - finishStart,
    };
  } catch (err) {
    // The temporary file goes; the registry the server reads is untouched.
    writer.abort();
    throw err;
  }
}
