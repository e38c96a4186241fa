import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PostalIndex } from '@/features/address/server/postal-index';
import { importPostalCodes } from '@/features/address/server/postcode-import';
import { JIGYOSYO_ROWS, KEN_ALL_ROWS, TOKYO_BUSINESS, jigyosyo, kenAll } from '@tests/support/address';
import { ZipWriter } from '@tools/registry/zip';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'postcode-import-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('importPostalCodes', () => {
  async function zipOf(name: string, member: string, text: string): Promise<string> {
    const file = path.join(dir, name);
    const writer = new ZipWriter(file, new Date('2026-01-01T00:00:00Z'));
    await writer.add(member, iconv.encode(text, 'cp932'));
    await writer.close();
    return file;
  }

  it('reads Japan Post zips of Shift_JIS CSVs and writes a file the index answers from', async () => {
    const out = path.join(dir, 'postal.tsv.gz');
    const summary = await importPostalCodes({
      files: [
        await zipOf('ken_all.zip', 'KEN_ALL.CSV', kenAll(KEN_ALL_ROWS)),
        await zipOf('jigyosyo.zip', 'JIGYOSYO.CSV', jigyosyo(JIGYOSYO_ROWS)),
      ],
      out,
      version: 'test',
      minCodes: 0,
    });
    expect(summary).toMatchObject({ codes: 6, businessRows: 2, areaRows: 5 });
    expect(gunzipSync(readFileSync(out)).toString('utf8').split('\n')[0]).toBe('#hojin-postal-codes\t1');
    const index = new PostalIndex({ file: out });
    expect(await index.lookup('1008994')).toEqual([TOKYO_BUSINESS]);
    expect((await index.lookup('4980000')).map((c) => c.prefecture)).toEqual(['愛知県', '三重県']);
    expect(await index.dataVersion()).toBe('test');
  });

  it('reads UTF-8 CSVs (utf_ken_all.csv) too', async () => {
    const ken = path.join(dir, 'utf_ken_all.csv');
    const jig = path.join(dir, 'JIGYOSYO.CSV');
    writeFileSync(ken, kenAll(KEN_ALL_ROWS));
    writeFileSync(jig, iconv.encode(jigyosyo(JIGYOSYO_ROWS), 'cp932'));
    const out = path.join(dir, 'postal.tsv');
    await importPostalCodes({ files: [ken, jig], out, minCodes: 0, gzip: false });
    await expect(new PostalIndex({ file: out }).lookup('1000005')).resolves.toHaveLength(1);
  });

  it('reads the json/ folder of jquery-jpostal-ja (how the committed file was built), cleaning its notes', async () => {
    const jsonp = (rows: string[][]) => `jQuery_jpostal_callback(\n${JSON.stringify(rows)}\n);\n`;
    const json = path.join(dir, 'json');
    mkdirSync(json);
    writeFileSync(path.join(json, '000.json'), jsonp([['_000info', '', 'ver9 2026-01-01', '', '', '', '', '', '']]));
    writeFileSync(
      path.join(json, '409.json'),
      jsonp([
        ['_409', '山梨県', '北都留郡小菅村', '', '', '', '', '', ''],
        [
          '_4090211',
          '山梨県',
          '北都留郡小菅村',
          '小菅村の次に６６４番地以降がくる場合',
          '',
          '',
          'ﾔﾏﾅｼｹﾝ',
          'ｷﾀﾂﾙｸﾞﾝｺｽｹﾞﾑﾗ',
          'ｺｽｹﾞﾑﾗﾉﾂｷﾞﾆ664ﾊﾞﾝﾁｲｺｳｶﾞｸﾙﾊﾞｱｲ',
        ],
      ]),
    );
    writeFileSync(
      path.join(json, '100.json'),
      jsonp([['_1008994', '東京都', '千代田区', '丸の内', '２丁目７－２', '東京中央郵便局', '', '', '']]),
    );
    const out = path.join(dir, 'postal.tsv.gz');
    const summary = await importPostalCodes({ jpostalDir: json, out, minCodes: 0 });
    expect(summary).toMatchObject({ codes: 2, areaRows: 1, businessRows: 1 });
    expect(summary.version).toContain('ver9 2026-01-01');
    const index = new PostalIndex({ file: out });
    expect(await index.lookup('4090211')).toEqual([
      {
        prefecture: '山梨県',
        prefectureCode: '19',
        city: '北都留郡小菅村',
        town: '',
        kana: { prefecture: 'ヤマナシケン', city: 'キタツルグンコスゲムラ', town: '' },
        isBusiness: false,
      },
    ]);
    expect(await index.lookup('1008994')).toEqual([
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

  it('needs both lists, so that business codes are never dropped silently', async () => {
    const ken = path.join(dir, 'KEN_ALL.CSV');
    writeFileSync(ken, kenAll(KEN_ALL_ROWS));
    await expect(importPostalCodes({ files: [ken], out: path.join(dir, 'x'), minCodes: 0 })).rejects.toThrow(/JIGYOSYO/);
  });

  it('refuses a result smaller than a real data set (a truncated download) and leaves the target alone', async () => {
    const ken = path.join(dir, 'KEN_ALL.CSV');
    const jig = path.join(dir, 'JIGYOSYO.CSV');
    writeFileSync(ken, kenAll(KEN_ALL_ROWS));
    writeFileSync(jig, jigyosyo(JIGYOSYO_ROWS));
    const out = path.join(dir, 'postal.tsv.gz');
    writeFileSync(out, 'previous');
    await expect(importPostalCodes({ files: [ken, jig], out })).rejects.toThrow(/6 件しかありません/);
    expect(readFileSync(out, 'utf8')).toBe('previous');
  });
});
