import 'server-only';

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CsvRecordSplitter } from '@/lib/csv-records';
import { NtaTextDecoder } from '../nta/decode';
import { listZipMembers, openZipMember } from '../nta/zip';
import { csvFieldsToRecord, parseInvoiceRecord } from './parse';
import type { InvoiceParsed, InvoiceRowError } from '../../formats/invoice-row';

/**
 * Readers for the qualified-invoice bulk downloads: bare `.csv` / `.json` files, `.zip` archives
 * holding them (other members, such as signatures, are ignored), and directories of those (read
 * in name order, so a re-run reads the same rows in the same order).
 *
 * CSV is streamed (the national file holds millions of rows). JSON is one document per file
 * (the NTA splits its JSON downloads into parts for this reason) and is parsed whole.
 */

export interface InvoiceSource {
  /** Path on disk. */
  path: string;
  /** Zip member, or null for a bare file. */
  member: string | null;
  format: 'csv' | 'json';
  /** `path` or `path!member`, for reports. */
  label: string;
}

function formatOf(name: string): 'csv' | 'json' | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return null;
}

/** Expands paths into readable sources; unreadable or unknown inputs are reported. */
export async function listInvoiceSources(paths: readonly string[]): Promise<{ sources: InvoiceSource[]; problems: InvoiceRowError[] }> {
  const sources: InvoiceSource[] = [];
  const problems: InvoiceRowError[] = [];
  const visit = async (p: string): Promise<void> => {
    let stat;
    try {
      stat = await fs.stat(p);
    } catch {
      problems.push({ file: p, line: 0, reason: 'ファイルが見つかりません (no such file)' });
      return;
    }
    if (stat.isDirectory()) {
      const names = (await fs.readdir(p)).filter((n) => !n.startsWith('.')).sort();
      for (const n of names) await visit(path.join(p, n));
      return;
    }
    if (p.toLowerCase().endsWith('.zip')) {
      try {
        const members = await listZipMembers(p);
        for (const m of members.map((x) => x.name).sort()) {
          const format = formatOf(m);
          if (format !== null) sources.push({ path: p, member: m, format, label: `${path.basename(p)}!${m}` });
        }
      } catch (err) {
        problems.push({
          file: p,
          line: 0,
          reason: `zip ファイルを読み取れません (unreadable zip): ${err instanceof Error ? err.message : String(err)}`,
        });
      }
      return;
    }
    const format = formatOf(p);
    if (format === null) return; // signatures (.asc), notes and the like
    sources.push({ path: p, member: null, format, label: path.basename(p) });
  };
  for (const p of paths) await visit(p);
  return { sources, problems };
}

function open(source: InvoiceSource): Promise<Readable> | Readable {
  return source.member === null ? createReadStream(source.path, { highWaterMark: 64 << 10 }) : openZipMember(source.path, source.member);
}

async function* readCsv(source: InvoiceSource): AsyncGenerator<InvoiceParsed[]> {
  const decoder = new NtaTextDecoder();
  const splitter = new CsvRecordSplitter();
  let batch: InvoiceParsed[] = [];
  const onRecord = (fields: string[], count: number, line: number, problem: string | null) => {
    if (count === 1 && fields[0] === '') return; // blank line
    if (problem !== null) {
      batch.push({ type: 'error', error: { file: source.label, line, reason: problem } });
      return;
    }
    const record = csvFieldsToRecord(fields, count);
    batch.push(
      record === null
        ? { type: 'error', error: { file: source.label, line, reason: `列の数が正しくありません (expected 24 columns, got ${count})` } }
        : parseInvoiceRecord(record, source.label, line),
    );
  };
  try {
    for await (const chunk of await open(source)) {
      splitter.push(decoder.write(chunk as Buffer), false, onRecord);
      if (batch.length > 0) {
        yield batch;
        batch = [];
      }
    }
    splitter.push(decoder.end() ?? '', true, onRecord);
  } catch (err) {
    batch.push({
      type: 'error',
      error: {
        file: source.label,
        line: splitter.currentLine,
        reason: `読み取りに失敗しました (read failed): ${err instanceof Error ? err.message : String(err)}`,
      },
    });
  }
  if (batch.length > 0) yield batch;
}

/** The whole file could not be read: one error row at line 0 with the cause. */
function fileFailure(source: InvoiceSource, what: string, err: unknown): InvoiceParsed {
  return { type: 'error', error: { file: source.label, line: 0, reason: `${what}: ${err instanceof Error ? err.message : String(err)}` } };
}

async function* readJson(source: InvoiceSource): AsyncGenerator<InvoiceParsed[]> {
  const parts: Buffer[] = [];
  try {
    for await (const chunk of await open(source)) parts.push(chunk as Buffer);
  } catch (err) {
    yield [fileFailure(source, '読み取りに失敗しました (read failed)', err)];
    return;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(
      Buffer.concat(parts)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch (err) {
    yield [fileFailure(source, 'JSON として読み取れません (invalid JSON)', err)];
    return;
  }
  // The download's envelope is the Web-API's: { lastUpdateDate, count, divideNumber, divideSize,
  // announcement: [...] }. A bare array of records is accepted too.
  const list = Array.isArray(doc)
    ? doc
    : typeof doc === 'object' && doc !== null && Array.isArray((doc as { announcement?: unknown }).announcement)
      ? (doc as { announcement: unknown[] }).announcement
      : null;
  if (list === null) {
    yield [{ type: 'error', error: { file: source.label, line: 0, reason: 'announcement の配列がありません (no announcement array)' } }];
    return;
  }
  const BATCH = 1000;
  for (let i = 0; i < list.length; i += BATCH) {
    // "line" of a JSON record: its 1-based position in the announcement array.
    yield list.slice(i, i + BATCH).map((record, k) => parseInvoiceRecord(record, source.label, i + k + 1));
  }
}

export function readInvoiceSource(source: InvoiceSource): AsyncGenerator<InvoiceParsed[]> {
  return source.format === 'csv' ? readCsv(source) : readJson(source);
}
