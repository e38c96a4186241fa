import 'server-only';

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isCalendarDate } from '../../formats/nta-row';
import type { NtaFileKind, NtaRowError } from '@/features/registry/nta-types';
import { listZipMembers } from './zip';

/**
 * Finding, classifying and ordering NTA files.
 *
 * File names (domain.md §1): full snapshots `NN_pref_all_YYYYMMDD` (`13_tokyo_all_20260130`,
 * the whole country `00_zenkoku_all_YYYYMMDD`), daily differences `diff_YYYYMMDD`; either as the
 * zip's name or the CSV member's name (the member name wins when both say something).
 */

export interface NtaFileClass {
  kind: NtaFileKind;
  /** Date in the name, `YYYY-MM-DD`. */
  date: string;
  /** `NN` of a full file (`00` = 全国); null for a diff. */
  areaCode: string | null;
}

const FULL_NAME = /(?:^|[^0-9])(\d{2})_([a-z]+)_all_(\d{4})(\d{2})(\d{2})(?![0-9])/i;
const DIFF_NAME = /(?:^|[^a-z])diff_(\d{4})(\d{2})(\d{2})(?![0-9])/i;

/** Classify one file name (a base name or a path); null when it follows neither NTA pattern. */
export function classifyNtaFileName(name: string): NtaFileClass | null {
  const base = path.basename(name);
  const full = FULL_NAME.exec(base);
  if (full) {
    const date = `${full[3]}-${full[4]}-${full[5]}`;
    if (isCalendarDate(date)) return { kind: 'full', date, areaCode: full[1] as string };
  }
  const diff = DIFF_NAME.exec(base);
  if (diff) {
    const date = `${diff[1]}-${diff[2]}-${diff[3]}`;
    if (isCalendarDate(date)) return { kind: 'diff', date, areaCode: null };
  }
  return null;
}

/** Classify a CSV by its member name first, then by the zip it came from. */
export function classifyNtaFile(filePath: string, member: string | null = null): NtaFileClass | null {
  return (member !== null ? classifyNtaFileName(member) : null) ?? classifyNtaFileName(filePath);
}

/** One CSV to read: a plain file, or a member of a zip archive. */
export interface NtaSource {
  /** The file on disk (the .csv, or the .zip holding it). */
  path: string;
  /** The CSV's name inside the zip; null for a plain CSV file. */
  member: string | null;
  /** How rows and errors name this source: `path` or `path!member`. */
  file: string;
  /** null when the name follows no NTA pattern: the importer treats it as a full file. */
  kind: NtaFileKind | null;
  date: string | null;
  areaCode: string | null;
  /** Uncompressed size in bytes. */
  bytes: number;
}

type Orderable = Pick<NtaSource, 'kind' | 'date' | 'file'>;

const rank = (kind: NtaFileKind | null) => (kind === 'full' ? 0 : kind === null ? 1 : 2);

/**
 * Order for import: full snapshots first (by date, then name), then unrecognised names (taken as
 * full files), then diffs in date order, so each diff applies on top of the state before it.
 */
export function compareNtaFiles(a: Orderable, b: Orderable): number {
  return rank(a.kind) - rank(b.kind) || (a.date ?? '').localeCompare(b.date ?? '') || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}

export function orderNtaFiles<T extends Orderable>(files: readonly T[]): T[] {
  return [...files].sort(compareNtaFiles);
}

/**
 * Diffs dated before the newest full snapshot in the same import describe changes the snapshot
 * already contains; applying them after it would roll names and addresses back. A diff of the
 * same date as the snapshot is kept: re-applying a change that is already there changes nothing.
 */
export function splitStaleDiffs<T extends Orderable>(files: readonly T[]): { apply: T[]; stale: T[] } {
  let newestFull: string | null = null;
  for (const f of files) {
    if (f.kind === 'full' && f.date !== null && (newestFull === null || f.date > newestFull)) newestFull = f.date;
  }
  const apply: T[] = [];
  const stale: T[] = [];
  for (const f of files) {
    if (f.kind === 'diff' && newestFull !== null && f.date !== null && f.date < newestFull) stale.push(f);
    else apply.push(f);
  }
  return { apply, stale };
}

const isCsv = (name: string) => /\.csv$/i.test(name);
const isZip = (name: string) => /\.zip$/i.test(name);

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // Node's fs errors already start with their code ("ENOENT: no such file…"); others may not.
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string' && !message.startsWith(err.code)) {
    return `${err.code}: ${message}`;
  }
  return message;
}

const problem = (file: string, ja: string, en: string): NtaRowError => ({ file, line: 0, reason: `${ja} (${en})` });

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await walk(p, out);
    else if (e.isFile() && (isCsv(e.name) || isZip(e.name))) out.push(p);
  }
}

/**
 * Expand files and folders (recursively) into the CSVs to read, in import order. `.zip` archives
 * contribute their `.csv` members; the PGP signature (`*.asc`) and any other member are ignored.
 * Unreadable paths become problems (line 0), never exceptions: the caller decides whether
 * anything readable is left.
 */
export async function listNtaSources(paths: readonly string[]): Promise<{ sources: NtaSource[]; problems: NtaRowError[] }> {
  const problems: NtaRowError[] = [];
  const files: string[] = [];
  for (const p of paths) {
    try {
      const s = await stat(p);
      if (s.isDirectory()) {
        const found: string[] = [];
        await walk(p, found);
        if (found.length === 0) problems.push(problem(p, 'フォルダに .zip / .csv ファイルがありません', 'no .zip or .csv file in folder'));
        files.push(...found);
      } else if (isCsv(p) || isZip(p)) {
        files.push(p);
      } else {
        problems.push(problem(p, '.zip または .csv ファイルではありません', 'not a .zip or .csv file'));
      }
    } catch (err) {
      problems.push(problem(p, 'ファイルを開けません', `cannot open: ${describe(err)}`));
    }
  }

  const seen = new Set<string>();
  const sources: NtaSource[] = [];
  for (const file of files) {
    const key = path.resolve(file);
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      if (isZip(file)) {
        const members = (await listZipMembers(file)).filter((m) => isCsv(m.name));
        if (members.length === 0) {
          problems.push(problem(file, 'zip に CSV ファイルが含まれていません', 'no CSV member in zip'));
        }
        for (const m of members) {
          const cls = classifyNtaFile(file, m.name);
          sources.push({
            path: file,
            member: m.name,
            file: `${file}!${m.name}`,
            kind: cls?.kind ?? null,
            date: cls?.date ?? null,
            areaCode: cls?.areaCode ?? null,
            bytes: m.size,
          });
        }
      } else {
        const cls = classifyNtaFile(file);
        sources.push({
          path: file,
          member: null,
          file,
          kind: cls?.kind ?? null,
          date: cls?.date ?? null,
          areaCode: cls?.areaCode ?? null,
          bytes: (await stat(file)).size,
        });
      }
    } catch (err) {
      problems.push(problem(file, 'ファイルを読めません', `cannot read: ${describe(err)}`));
    }
  }
  return { sources: orderNtaFiles(sources), problems };
}
