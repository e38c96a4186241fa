import { describe, expect, it } from 'vitest';

import { withCheckDigit } from '@/features/registry';

import {
  BULK_LINES_MAX,
  BULK_MESSAGES,
  bulkCompanyStateText,
  countBulkLines,
  csvColumnLines,
  CSV_FILE_MESSAGES,
  csvFileProblem,
  decodeCsvBytes,
  looksLikeHeader,
  parseBulkLine,
  parseCsv,
  splitBulkText,
} from './bulk';
import { BulkCheckBodySchema } from './bulk-schemas';
import { toExcelCsv } from '@/lib/csv';

const N = withCheckDigit('700000900001');
const wide = (s: string) => s.replace(/[0-9T]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe('parseBulkLine', () => {
  it.each([
    [N, N],
    [wide(N), N],
    [`${N.slice(0, 4)}-${N.slice(4, 8)}-${N.slice(8)}`, N],
    [`${N.slice(0, 4)}－${N.slice(4, 8)} ${N.slice(8)}`, N],
    [` ${N} `, N],
  ])('reads %s as the 法人番号 %s', (raw, expected) => {
    expect(parseBulkLine(raw)).toEqual({ kind: 'number', input: raw.trim(), corporateNumber: expected });
  });

  it.each([`T${N}`, `t${N}`, wide(`T${N}`), `T-${N.slice(0, 4)}-${N.slice(4)}`])('reads %s as a T-number', (raw) => {
    expect(parseBulkLine(raw)).toMatchObject({ kind: 'invoice', corporateNumber: N });
  });

  it('refuses a wrong check digit and a wrong length, saying which', () => {
    const bad = `${String((Number(N[0]) % 9) + 1)}${N.slice(1)}`;
    expect(parseBulkLine(bad)).toMatchObject({ kind: 'invalid', message: BULK_MESSAGES.bad_check_digit });
    expect(parseBulkLine('123456789012')).toMatchObject({ kind: 'invalid', message: BULK_MESSAGES.bad_number });
    expect(parseBulkLine(`T${N}0`)).toMatchObject({ kind: 'invalid', message: BULK_MESSAGES.bad_number });
  });

  it('takes anything else as an exact name, NFKC-normalised', () => {
    expect(parseBulkLine('  ｿﾆｰｸﾞﾙｰﾌﾟ株式会社 ')).toEqual({ kind: 'name', input: 'ｿﾆｰｸﾞﾙｰﾌﾟ株式会社', name: 'ソニーグループ株式会社' });
    expect(parseBulkLine('Ｔｅｓｔ　Ｃｏ．')).toMatchObject({ kind: 'name', name: 'Test Co.' });
  });
});

describe('splitBulkText', () => {
  it('keeps blank lines in place (the 「行」 numbers the list as pasted), drops the trailing ones, reads any line ending', () => {
    expect(splitBulkText(`a\r\n\r\n  \nb\rc\n\n`)).toEqual(['a', '', '', 'b', 'c']);
    expect(countBulkLines(splitBulkText(`a\r\n\r\n  \nb\rc\n\n`))).toBe(3);
  });
});

describe('BulkCheckBodySchema', () => {
  it(`takes ${BULK_LINES_MAX} lines and refuses one more in Japanese`, () => {
    const lines = Array.from({ length: BULK_LINES_MAX }, () => N);
    expect(BulkCheckBodySchema.safeParse({ lines }).success).toBe(true);
    const over = BulkCheckBodySchema.safeParse({ lines: [...lines, N] });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(BULK_MESSAGES.too_many);
    // blank lines between them are sent for numbering, not counted
    expect(BulkCheckBodySchema.safeParse({ lines: [...lines, '', ' '] }).success).toBe(true);
  });

  it('refuses only blank lines and a date that does not exist', () => {
    expect(BulkCheckBodySchema.safeParse({ lines: ['', ' '] }).error?.issues[0]?.message).toBe(BULK_MESSAGES.empty);
    expect(BulkCheckBodySchema.safeParse({ lines: [N], date: '2026-02-30' }).success).toBe(false);
    expect(BulkCheckBodySchema.safeParse({ lines: [N], date: '2026-02-28' }).success).toBe(true);
  });
});

describe('CSV upload', () => {
  it('refuses an Excel book or another binary file with a Japanese message instead of reading mojibake', () => {
    // the first bytes of an .xlsx (a zip) and of an .xls (an OLE compound file)
    expect(csvFileProblem(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toBe(CSV_FILE_MESSAGES.excel_book);
    expect(csvFileProblem(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe(CSV_FILE_MESSAGES.excel_book);
    expect(csvFileProblem(new TextEncoder().encode('%PDF-1.7\n\0\0binary'))).toBe(CSV_FILE_MESSAGES.not_text);
    // UTF-16 text (Excel's 「Unicode テキスト」) has a NUL in every ASCII character
    expect(csvFileProblem(new Uint8Array([0xff, 0xfe, 0x37, 0x00, 0x30, 0x00]))).toBe(CSV_FILE_MESSAGES.not_text);
    // CSVs are read: UTF-8 with BOM, Shift_JIS, empty
    expect(csvFileProblem(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('法人番号\r\n')]))).toBeNull();
    expect(csvFileProblem(new Uint8Array([0x96, 0x40, 0x90, 0x6c]))).toBeNull();
    expect(csvFileProblem(new Uint8Array([]))).toBeNull();
  });

  it('decodes UTF-8 (with BOM) and falls back to Shift_JIS', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('法人番号,名称\r\n')]);
    expect(decodeCsvBytes(utf8)).toEqual({ text: '法人番号,名称\r\n', encoding: 'utf-8' });
    // 「法人」 in Shift_JIS.
    const sjis = new Uint8Array([0x96, 0x40, 0x90, 0x6c]);
    expect(decodeCsvBytes(sjis)).toEqual({ text: '法人', encoding: 'shift_jis' });
  });

  it('parses quoted fields and picks a column without its header', () => {
    const rows = parseCsv(`名称,法人番号\r\n"株式会社""A"",本社",${N}\r\n\r\nB社,T${N}`);
    expect(rows).toEqual([
      ['名称', '法人番号'],
      ['株式会社"A",本社', N],
      ['B社', `T${N}`],
    ]);
    expect(csvColumnLines(rows, 1, true)).toEqual([N, `T${N}`]);
    // a row whose cell is empty keeps its place
    expect(
      csvColumnLines(
        [
          ['a', N],
          ['b', ''],
          ['c', N],
          ['d', ''],
        ],
        1,
        false,
      ),
    ).toEqual([N, '', N]);
    expect(looksLikeHeader([['法人番号'], [N]])).toBe(true);
    expect(looksLikeHeader([[N], [N]])).toBe(false);
    expect(
      looksLikeHeader([
        ['取引先名', '法人番号'],
        ['国税庁', N],
      ]),
    ).toBe(true);
    expect(looksLikeHeader([['国税庁'], ['株式会社A']])).toBe(false);
  });
});

describe('toExcelCsv', () => {
  it('writes a BOM, quotes every field and ends lines with CRLF', () => {
    expect(toExcelCsv(['a', 'b'], [['0123', 'x"y']])).toBe('\uFEFF"a","b"\r\n"0123","x""y"\r\n');
  });

  it('keeps a field Excel would run as a formula as text, with a leading apostrophe', () => {
    const fields = ['=HYPERLINK("http://example.com","x")', '+1+2', '-2+3', '@SUM(1)', '\t=1', '株式会社=A', 'T7000012050002'];
    expect(toExcelCsv(['入力'], [fields])).toBe(
      '\uFEFF"入力"\r\n' +
        `"'=HYPERLINK(""http://example.com"",""x"")","'+1+2","'-2+3","'@SUM(1)","'\t=1","株式会社=A","T7000012050002"\r\n`,
    );
  });
});

describe('bulkCompanyStateText', () => {
  const company = {
    corporateNumber: '4234901000007',
    name: '株式会社合併消滅サンプル',
    address: '愛知県豊田市元町１番地',
    closed: true,
    closeDate: '2019-01-01',
    closeCauseLabel: '合併による解散等',
    successor: { corporateNumber: '1180301018771', name: 'トヨタ自動車株式会社' },
  };

  it('gives a closure as the record page does: the date in Japanese, then the cause', () => {
    expect(bulkCompanyStateText(company)).toBe('閉鎖（2019年1月1日、合併による解散等）');
    expect(bulkCompanyStateText({ ...company, closeCauseLabel: null })).toBe('閉鎖（2019年1月1日）');
    expect(bulkCompanyStateText({ ...company, closeDate: null })).toBe('閉鎖（合併による解散等）');
    expect(bulkCompanyStateText({ ...company, closeDate: null, closeCauseLabel: null })).toBe('閉鎖');
  });

  it('says 存続 for a company still registered, nothing without a company', () => {
    expect(bulkCompanyStateText({ ...company, closed: false, closeDate: null, closeCauseLabel: null, successor: null })).toBe('存続');
    expect(bulkCompanyStateText(null)).toBe('');
  });
});
