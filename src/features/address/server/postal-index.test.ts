import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AddressCandidate } from '../schemas';
import { encodePostalFile, PostalTable } from './postal-file';
import { findPostalFile, lookupZipcode, PostalIndex, POSTAL_FILE, warmPostalIndex } from './postal-index';
import { buildCandidates, jigyosyoRows, kenAllRows } from './postal-sources';
import { JIGYOSYO_ROWS, KEN_ALL_ROWS, TOKYO_BUSINESS, jigyosyo, kenAll } from '@tests/support/address';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'postal-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('KEN_ALL / JIGYOSYO readers', () => {
  it('refuses a KEN_ALL row with the wrong number of columns or an unclosed quote, naming the line', () => {
    const good = kenAll(KEN_ALL_ROWS);
    expect(() => kenAllRows(`${good}1,"a,b"\r\n`)).toThrow(/KEN_ALL line \d+: 2 columns, expected 15/);
    expect(() => kenAllRows(`${good}"unclosed\r\n`)).toThrow(/KEN_ALL line \d+: 閉じられていない引用符/);
  });

  it('turns the rows into the API candidates: notes removed, split rows joined, areas merged, several areas kept', () => {
    const area = kenAllRows(kenAll(KEN_ALL_ROWS));
    const codes = buildCandidates([...area, ...jigyosyoRows(jigyosyo(JIGYOSYO_ROWS), area)]);
    expect(codes.get('1000005')).toEqual([
      {
        prefecture: '東京都',
        prefectureCode: '13',
        city: '千代田区',
        town: '丸の内',
        kana: { prefecture: 'トウキョウト', city: 'チヨダク', town: 'マルノウチ' },
        isBusiness: false,
      },
    ]);
    expect(codes.get('4980000')?.map((c) => [c.prefecture, c.city, c.town, c.kana?.town])).toEqual([
      ['愛知県', '弥富市', '', ''],
      ['三重県', '桑名郡木曽岬町', '', ''],
    ]);
    expect(codes.get('0600042')?.map((c) => [c.town, c.kana?.town])).toEqual([['大通西', 'オオドオリニシ']]);
    expect(codes.get('0287700')?.map((c) => [c.town, c.kana?.town])).toEqual([['葛巻', 'クズマキ']]);
    // A business takes the readings of KEN_ALL's row of the same place; a town KEN_ALL does not
    // list keeps the municipality's reading only.
    expect(codes.get('1008994')).toEqual([TOKYO_BUSINESS]);
    expect(codes.get('1008799')?.[0]?.kana).toEqual({ prefecture: 'トウキョウト', city: 'チヨダク', town: '' });
  });

  it('refuses a row with a wrong number of columns or a malformed code', () => {
    expect(() => kenAllRows('"1000005","東京都"\n')).toThrow(/KEN_ALL line 1: 2 columns/);
    expect(() => kenAllRows(kenAll([['100-005', '', '', '', '東京都', '千代田区', '']]))).toThrow(/not a 7-digit/);
  });
});

describe('the postal-code file', () => {
  const codes = new Map<string, AddressCandidate[]>([
    ['1008994', [TOKYO_BUSINESS]],
    [
      '1008799',
      [{ prefecture: '東京都', prefectureCode: '13', city: '千代田区', town: '架空町', isBusiness: true, businessName: '名', street: '' }],
    ],
    [
      '0600042',
      [
        {
          prefecture: '北海道',
          prefectureCode: '01',
          city: '札幌市中央区',
          town: '大通西',
          kana: { prefecture: 'ホッカイドウ', city: 'サッポロシチュウオウク', town: 'オオドオリニシ' },
          isBusiness: false,
        },
      ],
    ],
  ]);

  it('answers exactly what was written, sorted by code, with a binary search', () => {
    const text = encodePostalFile({ version: 'test 2026-01', codes });
    expect(
      text
        .split('\n')
        .filter((l) => /^\d/.test(l))
        .map((l) => l.slice(0, 7)),
    ).toEqual(['0600042', '1008799', '1008994']);
    const table = PostalTable.parse(text);
    expect(table.version).toBe('test 2026-01');
    expect(table.size).toBe(3);
    for (const [zipcode, list] of codes) expect(table.lookup(zipcode)).toEqual(list);
    expect(table.lookup('0000000')).toEqual([]);
    expect(table.lookup('9999999')).toEqual([]);
    expect(table.lookup('1008800')).toEqual([]);
    expect(() => table.lookup('100-8994')).toThrow(RangeError);
  });

  it('refuses a foreign, truncated or unsorted file at load', () => {
    const text = encodePostalFile({ version: 'v', codes });
    expect(() => PostalTable.parse('jQuery_jpostal_callback([])')).toThrow(/not a hojin postal-code file/);
    expect(() => PostalTable.parse(text.slice(0, -5))).toThrow(/truncated/);
    expect(() => PostalTable.parse(text.replace('\tB\t', '\tX\t'), { verify: true })).toThrow(/bad code line/);
    const lines = text.split('\n');
    const swapped = [...lines.slice(0, -4), lines.at(-2), lines.at(-3), ''].join('\n');
    expect(() => PostalTable.parse(swapped)).toThrow(/not sorted/);
  });

  it('refuses a tab or line break inside a field when writing', () => {
    const bad = new Map([['1000005', [{ ...TOKYO_BUSINESS, street: '１\t２' }]]]);
    expect(() => encodePostalFile({ version: 'v', codes: bad })).toThrow(/tab or line break in street/);
  });
});

describe('PostalIndex', () => {
  it('does not keep a failed load: the next lookup reads the file again', async () => {
    const file = path.join(dir, 'postal.tsv');
    writeFileSync(file, 'not a postal file');
    const index = new PostalIndex({ file });
    await expect(index.lookup('1000005')).rejects.toThrow(/not a hojin postal-code file/);
    writeFileSync(file, encodePostalFile({ version: 'v', codes: new Map([['1008994', [TOKYO_BUSINESS]]]) }));
    expect(await index.lookup('1008994')).toEqual([TOKYO_BUSINESS]);
  });

  it('finds the committed data file from a folder below the repository', () => {
    expect(findPostalFile(path.join(process.cwd(), 'src', 'features'))).toBe(path.join(process.cwd(), POSTAL_FILE));
  });

  it('says how to build the file when it is missing', () => {
    expect(() => findPostalFile(dir)).toThrow(/postcode:import/);
  });
});

describe('the process-wide index, loaded at the server start', () => {
  it('reads the committed file: warming answers with its size (again without error), and lookups answer from it', async () => {
    const warmed = await warmPostalIndex();
    expect(warmed.codes).toBeGreaterThan(100_000);
    const again = await warmPostalIndex();
    expect(again.codes).toBe(warmed.codes);
    const [first] = await lookupZipcode('1000005');
    expect(first).toMatchObject({ prefecture: '東京都', city: '千代田区' });
  });
});
