import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNtaFiles, readNtaSource } from './reader';
import { isNtaRowError } from '../../formats/nta-row';
import { listNtaSources, type NtaSource } from './sources';
import type { NtaRow, NtaRowError } from '@/features/registry/nta-types';

const FIXTURES = path.resolve(__dirname, '../../../../../tests/fixtures/nta');
const fx = (rel: string) => path.join(FIXTURES, rel);

async function readAll(paths: string[], chunkBytes?: number): Promise<{ rows: NtaRow[]; errors: NtaRowError[] }> {
  const rows: NtaRow[] = [];
  const errors: NtaRowError[] = [];
  for await (const item of readNtaFiles(paths, chunkBytes ? { chunkBytes } : {})) {
    if (isNtaRowError(item)) errors.push(item);
    else rows.push(item);
  }
  return { rows, errors };
}

const byNumber = (rows: NtaRow[], n: string) => rows.filter((r) => r.corporateNumber === n);

describe('readNtaFiles: UTF-8 full file, 30 columns, CRLF', () => {
  it('reads the good rows and reports the bad ones with file, line and reason', async () => {
    const file = fx('utf8/13_tokyo_all_20260130.csv');
    const { rows, errors } = await readAll([file]);
    expect(rows.map((r) => r.sequenceNumber)).toEqual([1, 2, 3, 4, 5, 6, 10, 11]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 10, 11]);
    expect(errors).toEqual([
      { file, line: 7, reason: expect.stringContaining('wrong column count: 10') },
      { file, line: 8, reason: '法人番号のチェックデジットが正しくありません (bad check digit in corporate number): 7010401000006' },
      { file, line: 9, reason: '更新年月日が正しい日付ではありません (update date is not a valid YYYY-MM-DD date): "2023-02-29"' },
    ]);
  });

  it('keeps history rows: the former name with latest=0, the current one with latest=1', async () => {
    const { rows } = await readAll([fx('utf8/13_tokyo_all_20260130.csv')]);
    expect(byNumber(rows, '8040001999013').map((r) => [r.name, r.latest, r.process, r.changeDate])).toEqual([
      ['株式会社商号変更前', false, '01', '2015-10-05'],
      ['株式会社商号変更後', true, '11', '2017-05-09'],
    ]);
  });

  it('reads closures with cause, successor and change cause', async () => {
    const { rows } = await readAll([fx('utf8/13_tokyo_all_20260130.csv')]);
    const [merged] = byNumber(rows, '1010401000002');
    expect(merged).toMatchObject({ process: '71', closeDate: '2019-01-01', closeCause: '11', successorCorporateNumber: '2010401000001' });
    expect(merged?.changeCause).toMatch(/に合併し解散$/);
    const [liquidated] = byNumber(rows, '6010401000006');
    expect(liquidated).toMatchObject({ process: '21', closeCause: '01', successorCorporateNumber: null, name: '髙﨑德商事株式会社' });
  });

  it('reads hihyoji, "" escapes, commas inside quotes and empty readings', async () => {
    const { rows } = await readAll([fx('utf8/13_tokyo_all_20260130.csv')]);
    expect(byNumber(rows, '9010401000003')[0]?.hihyoji).toBe(true);
    expect(rows.filter((r) => r.hihyoji)).toHaveLength(1);
    expect(byNumber(rows, '8010401000004')[0]).toMatchObject({ enName: '"TOP" CO., LTD.', enCityName: '1-1-1 Marunouchi, Chiyoda ku' });
    expect(byNumber(rows, '7000012050002')[0]).toMatchObject({ kind: '101', furigana: null, nameImageId: null });
  });

  it('gives the same result whatever the batch size', async () => {
    const big = await readAll([fx('utf8/13_tokyo_all_20260130.csv')]);
    for (const size of [1, 7, 100]) expect(await readAll([fx('utf8/13_tokyo_all_20260130.csv')], size), `batch ${size}`).toEqual(big);
  });
});

describe('readNtaFiles: other encodings and layouts', () => {
  it('detects Shift_JIS and reads degenerated names with their image id and half-width kana', async () => {
    const { rows, errors } = await readAll([fx('sjis')]);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(['株式会社大阪ソリューションズ', '高崎ﾃｸﾉ株式会社', '一般社団法人関西建設協会']);
    expect(rows[1]).toMatchObject({ nameImageId: '00012345', streetNumber: '本町２丁目３－４', furigana: 'タカサキテクノ' });
    expect(rows[2]).toMatchObject({ kind: '399', process: '12', assignmentDate: '2016-01-04' });
  });

  it('reads 29-column files (no hihyoji) and 28-column files (no furigana either)', async () => {
    const r29 = await readAll([fx('cols29')]);
    expect(r29.errors).toEqual([]);
    expect(r29.rows.map((r) => [r.furigana, r.hihyoji])).toEqual([
      ['サッポロテクノ', false],
      [null, false],
    ]);
    const r28 = await readAll([fx('cols28')]);
    expect(r28.errors).toEqual([]);
    expect(r28.rows.map((r) => [r.name, r.furigana, r.hihyoji, r.enCityName])).toEqual([
      ['株式会社札幌テクノ', null, false, null],
      ['函館水産合同会社', null, false, '1 Minatomachi, Hakodate shi'],
    ]);
  });

  it('drops a BOM and reads diff rows: new, rename, revival, deletion, move, correction', async () => {
    const { rows, errors } = await readAll([fx('diff')]);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.sequenceNumber, r.process, r.correct])).toEqual([
      [1, '01', '0'],
      [2, '11', '0'],
      [3, '22', '0'],
      [4, '99', '0'],
      [5, '12', '0'],
      [6, '01', '1'],
    ]);
    expect(rows[0]?.corporateNumber).toBe('2430101000011'); // the BOM is not part of the first field
    expect(rows[2]).toMatchObject({ closeDate: null, closeCause: null });
  });

  it('reads zips, ignoring the .asc signature and non-CSV members, full file before diffs', async () => {
    const { rows, errors } = await readAll([fx('zip')]);
    expect(errors.map((e) => [path.basename(e.file), e.line])).toEqual([
      ['13_tokyo_all_20260130.zip!13_tokyo_all_20260130.csv', 7],
      ['13_tokyo_all_20260130.zip!13_tokyo_all_20260130.csv', 8],
      ['13_tokyo_all_20260130.zip!13_tokyo_all_20260130.csv', 9],
    ]);
    expect(rows).toHaveLength(9);
    expect(rows.at(-1)).toMatchObject({
      process: '21',
      closeDate: '2026-02-01',
      file: expect.stringMatching(/hojin-download\.zip!diff_20260203\.csv$/),
    });
  });

  it('orders files given in any order: full files first, then diffs by date', async () => {
    const { rows } = await readAll([fx('zip/hojin-download.zip'), fx('diff'), fx('utf8')]);
    const files = [...new Set(rows.map((r) => path.basename(r.file)))];
    expect(files).toEqual(['13_tokyo_all_20260130.csv', 'diff_20260202.csv', 'hojin-download.zip!diff_20260203.csv']);
  });

  it('handles parser quirks: LF endings, a quoted line break, blank lines, stray text, no final newline', async () => {
    const file = fx('quirks/quirks.csv');
    const { rows, errors } = await readAll([file]);
    expect(rows.map((r) => [r.sequenceNumber, r.line, r.name])).toEqual([
      [1, 1, '株式会社改行\n入り'],
      [3, 5, '株式会社最終行'],
    ]);
    expect(errors).toEqual([{ file, line: 4, reason: '引用符の後に余分な文字があります (characters after a closing quote)' }]);
  });

  it('turns a missing file into an error item and still reads the others', async () => {
    const { rows, errors } = await readAll([fx('nope.csv'), fx('cols29')]);
    expect(rows).toHaveLength(2);
    expect(errors).toEqual([{ file: fx('nope.csv'), line: 0, reason: expect.stringContaining('ENOENT') }]);
  });
});

describe('readNtaSource', () => {
  it('reports the detected encoding and accounts for every byte', async () => {
    const { sources } = await listNtaSources([fx('sjis'), fx('zip/13_tokyo_all_20260130.zip')]);
    for (const source of sources) {
      let bytes = 0;
      let encoding: string | null = null;
      for await (const chunk of readNtaSource(source as NtaSource, { chunkBytes: 100 })) {
        bytes += chunk.bytes;
        encoding = chunk.encoding ?? encoding;
      }
      expect(bytes, source.file).toBe(source.bytes);
      expect(encoding, source.file).toBe(source.file.includes('osaka') ? 'shift_jis' : 'utf-8');
    }
  });

  it('reports a truncated zip member as an error at the line reached, not a throw', async () => {
    const { mkdtemp, readFile, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(path.join(tmpdir(), 'nta-'));
    try {
      const zip = await readFile(fx('zip/13_tokyo_all_20260130.zip'));
      // Corrupt the compressed data of the first member but keep the directory readable.
      const broken = Buffer.from(zip);
      for (let i = 60; i < 400; i++) broken[i] = 0xff;
      const file = path.join(dir, '13_tokyo_all_20260130.zip');
      await writeFile(file, broken);
      const { sources } = await listNtaSources([file]);
      const errors: NtaRowError[] = [];
      for await (const chunk of readNtaSource(sources[0] as NtaSource)) errors.push(...chunk.errors);
      expect(errors.at(-1)?.reason).toMatch(/^読み込み中にエラーが発生したため、このファイルの残りを読み飛ばしました \(read error/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
