import 'server-only';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { todayInJapan } from '../../invoice-status';
import { importNtaFiles, type NtaImportSummary } from '../nta/import';
import { listNtaSources } from '../nta/sources';
import type { NtaRowError } from '@/features/registry/nta-types';
import { readMeta } from '../store/writer';
import { NtaApiClient } from './nta-api';

/**
 * The daily update of the registry (issue 14 item 1): find the days after the file's データ更新日,
 * get each day's changes — from the 法人番号システム Web-API when an application ID is configured,
 * otherwise from NTA daily diff files dropped into a folder — and apply them in date order through
 * the importer, which builds a new file and swaps it in atomically.
 *
 * Idempotent by construction: only days after the served file's データ更新日 are considered, and
 * applying a day moves that date forward (and rows already applied change nothing). A missed day
 * is caught up because the range always starts at the file's own date. Any failure — the API, a
 * file, the import — throws before the swap: the served registry stays as it was.
 */

export type RegistryUpdateSource =
  { kind: 'api'; baseUrl: string; applicationId: string; fetch?: typeof fetch } | { kind: 'folder'; dir: string };

export interface RegistryUpdateOptions {
  targetPath: string;
  source: RegistryUpdateSource;
  /** "Today" in Japan (YYYY-MM-DD); the API path fetches complete days only, up to yesterday. */
  today?: string;
  /** Most days one run catches up through the API (the rest follow in the next run). */
  maxDays?: number;
  onRowError?: (e: NtaRowError) => void;
}

export type RegistryUpdateResult =
  | { status: 'current'; dataDate: string }
  | { status: 'updated'; previousDataDate: string; dataDate: string; days: string[]; summary: NtaImportSummary };

export class RegistryUpdateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryUpdateError';
  }
}

/** The served file's データ更新日, or why there is none (the updater then does nothing). */
export function servedDataDate(targetPath: string): string {
  if (!fs.existsSync(targetPath)) {
    throw new RegistryUpdateError(
      `更新する登記データベースがありません。先に全件データを取り込んでください (no registry at ${targetPath}; run npm run registry:import)`,
    );
  }
  const db = new Database(targetPath, { readonly: true, fileMustExist: true });
  try {
    const meta = readMeta(db);
    if (meta?.dataDate == null) {
      throw new RegistryUpdateError(
        `登記データベースにデータ更新日がありません。全件データから取り込み直してください (registry has no data date; re-import from NTA full files)`,
      );
    }
    return meta.dataDate;
  } finally {
    db.close();
  }
}

/** YYYY-MM-DD plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const compact = (day: string) => day.replaceAll('-', '');

export async function updateRegistry(options: RegistryUpdateOptions): Promise<RegistryUpdateResult> {
  const previousDataDate = servedDataDate(options.targetPath);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-registry-update-'));
  try {
    const { days, paths } =
      options.source.kind === 'api'
        ? await stageFromApi(options.source, previousDataDate, options, staging)
        : await pickFromFolder(options.source.dir, previousDataDate);
    if (days.length === 0) return { status: 'current', dataDate: previousDataDate };
    const summary = await importNtaFiles({
      paths,
      targetPath: options.targetPath,
      ...(options.onRowError ? { onRowError: options.onRowError } : {}),
    });
    if (summary.mode !== 'update') throw new RegistryUpdateError('差分以外のファイルが含まれていました (a non-diff file was picked up)');
    const dataDate = servedDataDate(options.targetPath);
    return { status: 'updated', previousDataDate, dataDate, days, summary };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Each complete day after the data date, as a `diff_YYYYMMDD.csv` file in `staging`. */
async function stageFromApi(
  source: Extract<RegistryUpdateSource, { kind: 'api' }>,
  after: string,
  options: RegistryUpdateOptions,
  staging: string,
): Promise<{ days: string[]; paths: string[] }> {
  const client = new NtaApiClient({
    baseUrl: source.baseUrl,
    applicationId: source.applicationId,
    ...(source.fetch ? { fetch: source.fetch } : {}),
  });
  const lastComplete = addDays(options.today ?? todayInJapan(), -1);
  const maxDays = options.maxDays ?? 50;
  const days: string[] = [];
  const paths: string[] = [];
  for (let day = addDays(after, 1); day <= lastComplete && days.length < maxDays; day = addDays(day, 1)) {
    const { lines } = await client.diffDay(day);
    // A day without changes is still a day applied: its empty file moves the データ更新日.
    const file = path.join(staging, `diff_${compact(day)}.csv`);
    fs.writeFileSync(file, lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '');
    days.push(day);
    paths.push(file);
  }
  return { days, paths };
}

/** The NTA daily diff files (`diff_YYYYMMDD`, .csv or .zip) in `dir` dated after the data date. */
async function pickFromFolder(dir: string, after: string): Promise<{ days: string[]; paths: string[] }> {
  if (!fs.existsSync(dir)) return { days: [], paths: [] };
  const { sources, problems } = await listNtaSources([dir]);
  if (problems.length > 0) {
    throw new RegistryUpdateError(
      `差分ファイルを読めません (unreadable diff file): ${problems.map((p) => `${p.file}: ${p.reason}`).join('; ')}`,
    );
  }
  const newer = sources.filter((s) => s.kind === 'diff' && s.date !== null && s.date > after);
  const days = [...new Set(newer.map((s) => s.date as string))].sort();
  return { days, paths: [...new Set(newer.map((s) => s.path))] };
}
