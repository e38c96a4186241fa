import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PostalIndex, findPostalDataDir } from './postal-index';

/** A data file in the package's format: a JSONP call with 9-field rows. */
function jsonp(rows: string[][]): string {
  return `jQuery_jpostal_callback(\n${JSON.stringify(rows)}\n);\n`;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'postal-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const write = (prefix: string, rows: string[][]) => writeFileSync(path.join(dir, `${prefix}.json`), jsonp(rows));

describe('PostalIndex', () => {
  it('answers every area of a code, skips prefix and info rows, and cleans the town', async () => {
    write('000', [['_000info', '', 'ver9 2026-01-01', '', '', '', '', '', '']]);
    write('498', [
      ['_498', '愛知県', '弥富市', '', '', '', '', '', ''],
      ['_4980000', '愛知県', '弥富市', '以下に掲載がない場合', '', '', 'ｱｲﾁｹﾝ', 'ﾔﾄﾐｼ', 'ｲｶﾆｹｲｻｲｶﾞﾅｲﾊﾞｱｲ'],
      ['_4980000', '三重県', '桑名郡木曽岬町', '', '', '', 'ﾐｴｹﾝ', 'ｸﾜﾅｸﾞﾝｷｿｻｷﾁｮｳ', ''],
    ]);
    const index = new PostalIndex({ dataDir: dir });
    expect(await index.lookup('4980000')).toEqual([
      {
        prefecture: '愛知県',
        prefectureCode: '23',
        city: '弥富市',
        town: '',
        kana: { prefecture: 'アイチケン', city: 'ヤトミシ', town: '' },
        isBusiness: false,
      },
      {
        prefecture: '三重県',
        prefectureCode: '24',
        city: '桑名郡木曽岬町',
        town: '',
        kana: { prefecture: 'ミエケン', city: 'クワナグンキソサキチョウ', town: '' },
        isBusiness: false,
      },
    ]);
    expect(await index.lookup('4989999')).toEqual([]);
    expect(await index.dataVersion()).toBe('ver9 2026-01-01');
  });

  it('marks business codes with their name and street, and leaves out kana the data lacks', async () => {
    write('100', [['_1008994', '東京都', '千代田区', '丸の内', '２丁目７－２', '東京中央郵便局', '', '', '']]);
    expect(await new PostalIndex({ dataDir: dir }).lookup('1008994')).toEqual([
      {
        prefecture: '東京都',
        prefectureCode: '13',
        city: '千代田区',
        town: '丸の内',
        isBusiness: true,
        businessName: '東京中央郵便局',
        street: '２丁目７－２',
      },
    ]);
  });

  it('merges rows that become the same address once the notes are removed', async () => {
    write('060', [
      ['_0600042', '北海道', '札幌市中央区', '大通西（１～１９丁目）', '', '', 'ﾎｯｶｲﾄﾞｳ', 'ｻｯﾎﾟﾛｼﾁｭｳｵｳｸ', 'ｵｵﾄﾞｵﾘﾆｼ(1-19ﾁｮｳﾒ)'],
      ['_0600042', '北海道', '札幌市中央区', '大通西（その他）', '', '', 'ﾎｯｶｲﾄﾞｳ', 'ｻｯﾎﾟﾛｼﾁｭｳｵｳｸ', 'ｵｵﾄﾞｵﾘﾆｼ(ｿﾉﾀ)'],
    ]);
    const candidates = await new PostalIndex({ dataDir: dir }).lookup('0600042');
    expect(candidates.map((c) => [c.town, c.kana?.town])).toEqual([['大通西', 'オオドオリニシ']]);
  });

  it('answers nothing for digits no data file covers, and skips rows of an unknown prefecture', async () => {
    write('123', [['_1234567', '架空県', '架空市', '', '', '', '', '', '']]);
    const index = new PostalIndex({ dataDir: dir });
    expect(await index.lookup('9990000')).toEqual([]);
    expect(await index.lookup('1234567')).toEqual([]);
  });

  it('refuses anything but 7 digits (callers normalise first)', async () => {
    await expect(new PostalIndex({ dataDir: dir }).lookup('100-0005')).rejects.toThrow(RangeError);
    await expect(new PostalIndex({ dataDir: dir }).lookup('../../x')).rejects.toThrow(RangeError);
  });

  it('keeps at most maxPrefixes files and reads an evicted one again', async () => {
    write('100', [['_1000005', '東京都', '千代田区', '丸の内', '', '', '', '', '']]);
    write('101', [['_1010021', '東京都', '千代田区', '外神田', '', '', '', '', '']]);
    const index = new PostalIndex({ dataDir: dir, maxPrefixes: 1 });
    expect((await index.lookup('1000005'))[0]?.town).toBe('丸の内');
    // Changed on disk: a cached prefix does not see it…
    write('100', [['_1000005', '東京都', '千代田区', '丸の内（変更後）', '', '', '', '', '']]);
    write('101', [['_1010021', '東京都', '千代田区', '外神田', '', '', '', '', '']]);
    expect((await index.lookup('1000005'))[0]?.town).toBe('丸の内');
    // …until another prefix pushed it out.
    await index.lookup('1010021');
    write('100', [['_1000005', '東京都', '千代田区', '大手町', '', '', '', '', '']]);
    expect((await index.lookup('1000005'))[0]?.town).toBe('大手町');
  });

  it('does not cache a file it could not read', async () => {
    writeFileSync(path.join(dir, '100.json'), 'not jsonp');
    const index = new PostalIndex({ dataDir: dir });
    await expect(index.lookup('1000005')).rejects.toThrow(/unexpected postal data format/);
    write('100', [['_1000005', '東京都', '千代田区', '丸の内', '', '', '', '', '']]);
    expect(await index.lookup('1000005')).toHaveLength(1);
  });
});

describe('findPostalDataDir', () => {
  it('finds the package data from a folder below the repository', () => {
    const found = findPostalDataDir(path.join(process.cwd(), 'src', 'features'));
    expect(found).toBe(path.join(process.cwd(), 'node_modules', 'jquery-jpostal-ja', 'json'));
  });

  it('says what to install when the package is missing', () => {
    mkdirSync(path.join(dir, 'empty'));
    expect(() => findPostalDataDir(path.join(dir, 'empty'))).toThrow(/npm ci/);
  });
});
