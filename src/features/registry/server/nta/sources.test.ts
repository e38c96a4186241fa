import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyNtaFile, classifyNtaFileName, listNtaSources, orderNtaFiles, splitStaleDiffs } from './sources';

const FIXTURES = path.resolve(__dirname, '../../../../../tests/fixtures/nta');

describe('classifyNtaFileName', () => {
  it('recognises prefecture, national and diff files, zipped or not', () => {
    expect(classifyNtaFileName('13_tokyo_all_20260130.zip')).toEqual({ kind: 'full', date: '2026-01-30', areaCode: '13' });
    expect(classifyNtaFileName('/x/y/00_zenkoku_all_20260130.csv')).toEqual({ kind: 'full', date: '2026-01-30', areaCode: '00' });
    expect(classifyNtaFileName('diff_20260202.csv')).toEqual({ kind: 'diff', date: '2026-02-02', areaCode: null });
    expect(classifyNtaFileName('Diff_20260202.ZIP')?.kind).toBe('diff');
  });

  it('returns null for other names and impossible dates', () => {
    expect(classifyNtaFileName('companies.csv')).toBeNull();
    expect(classifyNtaFileName('13_tokyo_all_20260230.zip')).toBeNull();
    expect(classifyNtaFileName('mydiff_20260202.csv')).toBeNull();
  });

  it('classifies by the member name first, then by the zip name', () => {
    expect(classifyNtaFile('download.zip', 'diff_20260203.csv')?.kind).toBe('diff');
    expect(classifyNtaFile('13_tokyo_all_20260130.zip', 'data.csv')?.kind).toBe('full');
  });
});

describe('orderNtaFiles', () => {
  it('puts full files first, then unrecognised ones, then diffs by date', () => {
    const files = [
      { file: 'diff_20260203.csv', kind: 'diff' as const, date: '2026-02-03' },
      { file: 'other.csv', kind: null, date: null },
      { file: 'diff_20260202.csv', kind: 'diff' as const, date: '2026-02-02' },
      { file: '27_osaka_all_20260130.zip', kind: 'full' as const, date: '2026-01-30' },
      { file: '13_tokyo_all_20260130.zip', kind: 'full' as const, date: '2026-01-30' },
    ];
    expect(orderNtaFiles(files).map((f) => f.file)).toEqual([
      '13_tokyo_all_20260130.zip',
      '27_osaka_all_20260130.zip',
      'other.csv',
      'diff_20260202.csv',
      'diff_20260203.csv',
    ]);
  });

  it('marks diffs older than the newest full file as stale, keeping same-day diffs', () => {
    const files = orderNtaFiles([
      { file: '13_tokyo_all_20260130.zip', kind: 'full' as const, date: '2026-01-30' },
      { file: 'diff_20260129.csv', kind: 'diff' as const, date: '2026-01-29' },
      { file: 'diff_20260130.csv', kind: 'diff' as const, date: '2026-01-30' },
      { file: 'diff_20260202.csv', kind: 'diff' as const, date: '2026-02-02' },
    ]);
    const { apply, stale } = splitStaleDiffs(files);
    expect(stale.map((f) => f.file)).toEqual(['diff_20260129.csv']);
    expect(apply.map((f) => f.file)).toEqual(['13_tokyo_all_20260130.zip', 'diff_20260130.csv', 'diff_20260202.csv']);
  });
});

describe('listNtaSources', () => {
  it('expands folders and zips into ordered CSV sources, ignoring .asc and other members', async () => {
    const { sources, problems } = await listNtaSources([path.join(FIXTURES, 'zip'), path.join(FIXTURES, 'diff')]);
    expect(problems).toEqual([]);
    expect(sources.map((s) => [path.basename(s.path), s.member, s.kind, s.date])).toEqual([
      ['13_tokyo_all_20260130.zip', '13_tokyo_all_20260130.csv', 'full', '2026-01-30'],
      ['diff_20260202.csv', null, 'diff', '2026-02-02'],
      ['hojin-download.zip', 'diff_20260203.csv', 'diff', '2026-02-03'],
    ]);
    expect(sources[0]?.file).toMatch(/13_tokyo_all_20260130\.zip!13_tokyo_all_20260130\.csv$/);
    expect(sources[0]?.bytes).toBeGreaterThan(2000);
  });

  it('reports unreadable paths as problems instead of throwing', async () => {
    const { sources, problems } = await listNtaSources([path.join(FIXTURES, 'missing.zip'), path.join(FIXTURES, 'make-fixtures.ts')]);
    expect(sources).toEqual([]);
    expect(problems).toEqual([
      { file: path.join(FIXTURES, 'missing.zip'), line: 0, reason: expect.stringMatching(/^ファイルを開けません \(cannot open: ENOENT/) },
      {
        file: path.join(FIXTURES, 'make-fixtures.ts'),
        line: 0,
        reason: '.zip または .csv ファイルではありません (not a .zip or .csv file)',
      },
    ]);
  });

  it('reports a corrupt zip as a problem', async () => {
    // A CSV renamed to .zip is the usual way to get one.
    const { mkdtemp, copyFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(path.join(tmpdir(), 'nta-'));
    try {
      const bad = path.join(dir, '13_tokyo_all_20260130.zip');
      await copyFile(path.join(FIXTURES, 'utf8/13_tokyo_all_20260130.csv'), bad);
      const { sources, problems } = await listNtaSources([bad]);
      expect(sources).toEqual([]);
      expect(problems[0]?.reason).toMatch(/^ファイルを読めません \(cannot read: /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
