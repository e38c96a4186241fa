import 'server-only';

import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CsvRecordSplitter } from '@/lib/csv-records';
import { type NtaEncoding, NtaTextDecoder } from './decode';
import { toNtaRow } from '../../formats/nta-row';
import { listNtaSources, type NtaSource } from './sources';
import type { NtaRow, NtaRowError } from '@/features/registry/nta-types';
import { openZipMember } from './zip';

/**
 * Streaming readers for NTA CSV files. Memory stays flat whatever the file size: bytes are read
 * in chunks of about `chunkBytes`, each chunk is decoded, split and validated, and handed on as
 * one batch; nothing else is kept (a 1M-row file reads in ~120 MB RSS, whatever its size).
 */

export interface ReadNtaOptions {
  /** Skip encoding detection. */
  encoding?: NtaEncoding;
  /** Bytes per batch (default 64 KiB). Small values exist for tests of chunk boundaries. */
  chunkBytes?: number;
}

/** One batch of a source: the rows and bad rows of about `chunkBytes` of input. */
export interface NtaChunk {
  source: NtaSource;
  rows: NtaRow[];
  errors: NtaRowError[];
  /** Uncompressed bytes of the source consumed by this batch (sum over a source = its size). */
  bytes: number;
  /** Detected (or forced) encoding; null while everything read so far was ASCII. */
  encoding: NtaEncoding | null;
}

/**
 * 64 KiB (~300 rows) per batch: measured faster than 1 MiB (bench/nta-parse.ts), because a
 * smaller batch's rows die young and the scavenger never has to promote them to the old space.
 */
const DEFAULT_CHUNK = 64 << 10;

async function openSource(source: NtaSource, chunkBytes: number): Promise<Readable> {
  if (source.member === null) return createReadStream(source.path, { highWaterMark: chunkBytes });
  return openZipMember(source.path, source.member);
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Read one source as batches. A read failure mid-file becomes a final NtaRowError, not a throw. */
export async function* readNtaSource(source: NtaSource, options: ReadNtaOptions = {}): AsyncGenerator<NtaChunk> {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK;
  const decoder = new NtaTextDecoder(options.encoding);
  const splitter = new CsvRecordSplitter();
  const file = source.file;
  let rows: NtaRow[] = [];
  let errors: NtaRowError[] = [];
  const onRecord = (fields: string[], count: number, line: number, problem: string | null) => {
    const r = toNtaRow(fields, count, file, line, problem);
    if ('reason' in r) errors.push(r);
    else rows.push(r);
  };
  const take = (bytes: number): NtaChunk => {
    const chunk: NtaChunk = { source, rows, errors, bytes, encoding: decoder.encoding };
    rows = [];
    errors = [];
    return chunk;
  };

  let stream: Readable;
  try {
    stream = await openSource(source, chunkBytes);
  } catch (err) {
    errors.push({ file, line: 0, reason: `ファイルを開けません (cannot open: ${describe(err)})` });
    yield take(0);
    return;
  }

  // zlib hands out 16 KiB pieces; gathering them into batches of ~chunkBytes keeps the per-batch
  // costs (string concatenation of a split record, one yield) small per row.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const pieces = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      // Only the stream's own failures (I/O, a corrupt zip member) are caught and reported;
      // a failure in parsing code is a bug and propagates.
      let next: IteratorResult<Buffer>;
      try {
        next = await pieces.next();
      } catch (err) {
        errors.push({
          file,
          line: splitter.currentLine,
          reason: `読み込み中にエラーが発生したため、このファイルの残りを読み飛ばしました (read error, rest of file skipped: ${describe(err)})`,
        });
        yield take(pendingBytes);
        return;
      }
      if (next.done) break;
      const piece = next.value;
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= chunkBytes) {
        const buf = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
        const bytes = pendingBytes;
        pending = [];
        pendingBytes = 0;
        splitter.push(decoder.write(buf), false, onRecord);
        yield take(bytes);
      }
    }
  } finally {
    stream.destroy();
  }
  const last = pendingBytes > 0 ? decoder.write(Buffer.concat(pending, pendingBytes)) : '';
  splitter.push(last + decoder.end(), true, onRecord);
  yield take(pendingBytes);
}

/**
 * Every row of every CSV under `paths` (files, folders, zips), in import order (full files, then
 * diffs by date; see sources.ts). Bad rows and unreadable files come through as NtaRowError
 * values (tell them apart with isNtaRowError); nothing here throws for bad input.
 */
export async function* readNtaFiles(paths: readonly string[], options: ReadNtaOptions = {}): AsyncGenerator<NtaRow | NtaRowError> {
  const { sources, problems } = await listNtaSources(paths);
  yield* problems;
  for (const source of sources) {
    for await (const chunk of readNtaSource(source, options)) {
      // Keep file order within a batch: rows and errors interleaved by line.
      if (chunk.errors.length === 0) yield* chunk.rows;
      else yield* [...chunk.rows, ...chunk.errors].sort((a, b) => a.line - b.line);
    }
  }
}
