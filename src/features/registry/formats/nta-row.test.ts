import { describe, expect, it } from 'vitest';
import { isCalendarDate, isNtaRowError, toNtaRow } from './nta-row';
import type { NtaRow, NtaRowError } from '@/features/registry/nta-types';

// A valid 30-column record (the NTA specification's name-change example), as split fields.
const BASE = [
  '3',
  '8040001999013',
  '11',
  '0',
  '2017-05-12',
  '2017-05-09',
  '株式会社商号変更後',
  '',
  '301',
  '東京都',
  '千代田区',
  '霞が関３丁目１－１',
  '',
  '13',
  '101',
  '1008978',
  '',
  '',
  '',
  '',
  '',
  '',
  '2015-10-05',
  '1',
  'A "B" Co.',
  'Tokyo',
  '3-1-1 Kasumigaseki, Chiyoda ku',
  '',
  'ショウゴウヘンコウアト',
  '0',
];

const parse = (fields: string[], line = 7): NtaRow | NtaRowError => toNtaRow(fields, fields.length, 'f.csv', line, null);
const withField = (i: number, v: string) => BASE.map((f, k) => (k === i ? v : f));
const reasonOf = (fields: string[]) => {
  const r = parse(fields);
  if (!isNtaRowError(r)) throw new Error('expected an error');
  return r.reason;
};

describe('toNtaRow', () => {
  it('maps the 30 columns to named fields, empty fields to null', () => {
    expect(parse(BASE)).toEqual({
      sequenceNumber: 3,
      corporateNumber: '8040001999013',
      process: '11',
      correct: '0',
      updateDate: '2017-05-12',
      changeDate: '2017-05-09',
      name: '株式会社商号変更後',
      nameImageId: null,
      kind: '301',
      prefectureName: '東京都',
      cityName: '千代田区',
      streetNumber: '霞が関３丁目１－１',
      addressImageId: null,
      prefectureCode: '13',
      cityCode: '101',
      postCode: '1008978',
      addressOutside: null,
      addressOutsideImageId: null,
      closeDate: null,
      closeCause: null,
      successorCorporateNumber: null,
      changeCause: null,
      assignmentDate: '2015-10-05',
      latest: true,
      enName: 'A "B" Co.',
      enPrefectureName: 'Tokyo',
      enCityName: '3-1-1 Kasumigaseki, Chiyoda ku',
      enAddressOutside: null,
      furigana: 'ショウゴウヘンコウアト',
      hihyoji: false,
      file: 'f.csv',
      line: 7,
    });
  });

  it('reads hihyoji=1 and latest=0', () => {
    const r = parse(BASE.map((f, i) => (i === 29 ? '1' : i === 23 ? '0' : f))) as NtaRow;
    expect(r.hihyoji).toBe(true);
    expect(r.latest).toBe(false);
  });

  it('reads 29 columns as furigana without hihyoji, and 28 columns without either', () => {
    const r29 = parse(BASE.slice(0, 29)) as NtaRow;
    expect(r29.furigana).toBe('ショウゴウヘンコウアト');
    expect(r29.hihyoji).toBe(false);
    const r28 = parse(BASE.slice(0, 28)) as NtaRow;
    expect(r28.furigana).toBeNull();
    expect(r28.hihyoji).toBe(false);
    expect(r28.enName).toBe('A "B" Co.');
  });

  it('reads a closure with cause and successor', () => {
    const fields = [...BASE];
    fields[2] = '71';
    fields[18] = '2019-01-01';
    fields[19] = '11';
    fields[20] = '1180301018771';
    const r = parse(fields) as NtaRow;
    expect([r.process, r.closeDate, r.closeCause, r.successorCorporateNumber]).toEqual(['71', '2019-01-01', '11', '1180301018771']);
  });

  it('rejects a wrong column count with file, line and reason', () => {
    expect(parse(BASE.slice(0, 27), 12)).toEqual({
      file: 'f.csv',
      line: 12,
      reason: expect.stringMatching(/^列数が27列です.*\(wrong column count: 27; expected 30, 29 or 28\)$/),
    });
    expect(reasonOf([...BASE, 'x'])).toMatch(/31/);
  });

  it.each([
    [1, '8040001999014', /チェックデジット.*bad check digit/],
    [1, '804000199901', /13桁.*not 13 digits/],
    [4, '2023-02-29', /更新年月日.*update date/],
    [5, '2017-13-01', /変更年月日.*change date/],
    [22, '2015/10/05', /法人番号指定年月日.*assignment date/],
    [18, '2019-04-31', /閉鎖等年月日.*close date/],
    [2, '05', /処理区分.*unknown process code/],
    [3, '2', /訂正区分/],
    [8, '300', /法人種別.*unknown kind/],
    [13, '48', /都道府県コード/],
    [14, '1010', /市区町村コード/],
    [15, '100-8978', /郵便番号/],
    [19, '02', /閉鎖等の事由/],
    [20, '1180301018772', /承継先法人番号のチェックデジット/],
    [23, '2', /最新履歴/],
    [29, 'x', /検索対象除外/],
    [0, 'a1', /一連番号/],
    [6, '', /商号又は名称が空/],
  ])('rejects column %i = %j', (i, v, reason) => {
    expect(reasonOf(withField(i as number, v as string))).toMatch(reason as RegExp);
  });

  it('passes a CSV-level problem through as the reason', () => {
    expect(toNtaRow(BASE, 30, 'f.csv', 3, 'broken')).toEqual({ file: 'f.csv', line: 3, reason: 'broken' });
  });
});

describe('isCalendarDate', () => {
  it('accepts real dates including leap days', () => {
    for (const d of ['2015-10-05', '2024-02-29', '2000-02-29', '1999-12-31']) expect(isCalendarDate(d), d).toBe(true);
  });
  it('rejects impossible or malformed dates', () => {
    for (const d of [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-00-10',
      '2024-13-01',
      '2024-01-00',
      '20240101',
      '2024-1-01',
      '2024-01-0１',
      '',
    ])
      expect(isCalendarDate(d), d).toBe(false);
  });
});
