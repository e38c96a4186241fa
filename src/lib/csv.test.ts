import { describe, expect, it } from 'vitest';

import { csvFileName, csvRecord, excelCsvField, toExcelCsv } from './csv';

describe('the CSV writer', () => {
  it('neutralises full-width ＝ ＋ － ＠ at the start of a cell as it does the ASCII ones (Excel reads ＝1+1 as =1+1)', () => {
    expect(excelCsvField('＝1+1')).toBe(`"'＝1+1"`);
    expect(excelCsvField('＋81')).toBe(`"'＋81"`);
    expect(excelCsvField('－5')).toBe(`"'－5"`);
    expect(excelCsvField('＠SUM(A1)')).toBe(`"'＠SUM(A1)"`);
    expect(excelCsvField('=1+1')).toBe(`"'=1+1"`);
    // only at the start
    expect(excelCsvField('株式会社＝Ａ')).toBe('"株式会社＝Ａ"');
    // a number stays a number
    expect(excelCsvField(-1600)).toBe('"-1600"');
  });

  it('plain form: codes are written as they are', () => {
    expect(csvRecord(['7000012050002', '0600001', 'x'], { textColumns: [0, 1] })).toBe('"7000012050002","0600001","x"\r\n');
    expect(csvRecord(['7000012050002', '0600001'], { form: 'plain', textColumns: [0, 1] })).toBe('"7000012050002","0600001"\r\n');
  });

  it('excel form: digits in the named columns are ="…" (Excel keeps the leading 0 and all 13 digits); other fields unchanged', () => {
    expect(csvRecord(['7000012050002', '0600001', '0600001', ''], { form: 'excel', textColumns: [0, 1, 3] })).toBe(
      '"=""7000012050002""","=""0600001""","0600001",""\r\n',
    );
    // not digits: never written as a formula, and the guard still applies
    expect(csvRecord(['=1+1', 'T7000012050002', '＝2'], { form: 'excel', textColumns: [0, 1, 2] })).toBe(
      `"'=1+1","T7000012050002","'＝2"\r\n`,
    );
  });

  it('the header is never written as codes; file names say which form', () => {
    expect(toExcelCsv(['1', 'b'], [['0123', 'x']], { form: 'excel', textColumns: [0] })).toBe('\uFEFF"1","b"\r\n"=""0123""","x"\r\n');
    expect(csvFileName('一括確認_2026-12-07', 'plain')).toBe('一括確認_2026-12-07.csv');
    expect(csvFileName('一括確認_2026-12-07', 'excel')).toBe('一括確認_2026-12-07_Excel用.csv');
  });
});
