import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMeta } from '../store/writer';
import { importNtaFiles, NtaImportError } from './import';
import type { NtaRowError } from '@/features/registry/nta-types';

const FIXTURES = path.resolve(__dirname, '../../../../../tests/fixtures/nta');
const fx = (rel: string) => path.join(FIXTURES, rel);

let dir: string;
let target: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nta-import-'));
  target = path.join(dir, 'registry.sqlite');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('importNtaFiles', () => {
  it('builds a new registry from full files, reporting bad rows and recording every source', async () => {
    const errors: NtaRowError[] = [];
    const phases = new Set<string>();
    const summary = await importNtaFiles({
      paths: [fx('utf8'), fx('sjis'), fx('cols29'), fx('cols28')],
      targetPath: target,
      onRowError: (e) => errors.push(e),
      onProgress: (p) => phases.add(p.phase),
    });
    expect(summary.mode).toBe('new');
    expect(summary.rows).toBe(8 + 3 + 2 + 2);
    expect(summary.errors).toBe(3);
    expect(errors.map((e) => [path.basename(e.file), e.line])).toEqual([
      ['13_tokyo_all_20260130.csv', 7],
      ['13_tokyo_all_20260130.csv', 8],
      ['13_tokyo_all_20260130.csv', 9],
    ]);
    expect(summary.sources.map((s) => [path.basename(s.file), s.kind, s.rows, s.errors])).toEqual([
      ['01_hokkaido_all_20171031.csv', 'full', 2, 0],
      ['01_hokkaido_all_20190131.csv', 'full', 2, 0],
      // Same kind and date: by path (…/sjis/ before …/utf8/).
      ['27_osaka_all_20260130.csv', 'full', 3, 0],
      ['13_tokyo_all_20260130.csv', 'full', 8, 3],
    ]);
    expect(phases.has('read')).toBe(true);
    expect(phases.has('index')).toBe(true);
    expect(existsSync(target)).toBe(true);
    expect(summary.result.hidden).toBe(1); // the hihyoji row
    // Only the registry is left behind: the temporary build file was renamed over it.
    expect(readdirSync(dir)).toEqual(['registry.sqlite']);
  });

  it('applies diffs in date order on top of the full file, whatever order they are given in', async () => {
    const notices: string[] = [];
    const summary = await importNtaFiles({
      paths: [fx('zip/hojin-download.zip'), fx('diff'), fx('utf8')],
      targetPath: target,
      onNotice: (m) => notices.push(m),
    });
    expect(summary.sources.map((s) => s.kind)).toEqual(['full', 'diff', 'diff']);
    // Full: 7 companies + 1 former-name row. Diffs: 1 new; rename, revival, move, correction and
    // closure replace the current row; 1 deletion.
    expect(summary.stats).toEqual({ inserted: 8, replaced: 5, history: 1, unchanged: 0, deleted: 1, ignored: 0 });
    expect(notices).toEqual([]);
  });

  it('applies diffs alone to the existing registry, and re-applying them changes nothing', async () => {
    await importNtaFiles({ paths: [fx('utf8')], targetPath: target });
    const first = await importNtaFiles({ paths: [fx('diff'), fx('zip/hojin-download.zip')], targetPath: target });
    expect(first.mode).toBe('update');
    expect(first.stats).toEqual({ inserted: 1, replaced: 5, history: 0, unchanged: 0, deleted: 1, ignored: 0 });
    const again = await importNtaFiles({ paths: [fx('diff'), fx('zip/hojin-download.zip')], targetPath: target });
    expect(again.stats.inserted + again.stats.replaced + again.stats.history + again.stats.deleted).toBe(0);
    expect(again.result.companies).toBe(first.result.companies);
    expect(again.result.historyRows).toBe(first.result.historyRows);
  });

  it('records the データ更新日 as the newest file date applied, full or diff', async () => {
    await importNtaFiles({ paths: [fx('utf8')], targetPath: target });
    const db = new Database(target, { readonly: true });
    expect(readMeta(db)?.dataDate).toBe('2026-01-30');
    db.close();
    await importNtaFiles({ paths: [fx('diff')], targetPath: target });
    const after = new Database(target, { readonly: true });
    expect(readMeta(after)?.dataDate).toBe('2026-02-02');
    after.close();
  });

  it('skips diffs older than the full file in the same import, and says so', async () => {
    const old = path.join(dir, 'in', 'diff_20260101.csv');
    await mkdir(path.dirname(old));
    await copyFile(fx('diff/diff_20260202.csv'), old);
    const notices: string[] = [];
    const summary = await importNtaFiles({ paths: [old, fx('utf8')], targetPath: target, onNotice: (m) => notices.push(m) });
    expect(summary.stale.map((s) => s.file)).toEqual([old]);
    expect(summary.sources.map((s) => s.kind)).toEqual(['full']);
    expect(notices).toEqual([`全件データより古い差分データのため読み飛ばします (diff older than the full file, skipped): ${old}`]);
  });

  it('fails with a clear message when nothing readable was given', async () => {
    const errors: NtaRowError[] = [];
    await expect(importNtaFiles({ paths: [fx('missing')], targetPath: target, onRowError: (e) => errors.push(e) })).rejects.toThrow(
      NtaImportError,
    );
    expect(errors[0]?.reason).toMatch(/ENOENT/);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses to apply diffs when there is no registry yet, leaving nothing behind', async () => {
    await expect(importNtaFiles({ paths: [fx('diff')], targetPath: target })).rejects.toThrow(/全件データを取り込んでください/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stops when aborted and leaves the previous registry untouched', async () => {
    await importNtaFiles({ paths: [fx('cols29')], targetPath: target });
    const controller = new AbortController();
    controller.abort();
    await expect(importNtaFiles({ paths: [fx('utf8')], targetPath: target, signal: controller.signal })).rejects.toThrow(/aborted/);
    expect(readdirSync(dir)).toEqual(['registry.sqlite']);
  });
});
