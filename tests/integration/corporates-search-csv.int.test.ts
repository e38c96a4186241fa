import fs from 'node:fs';
import path from 'node:path';

import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // Each test speaks as its own client IP, so the per-client rate limit is testable in isolation.
  process.env.TRUSTED_PROXY_HEADER = 'x-forwarded-for';
});

import * as csvRoute from '@/app/api/corporates/search/csv/route';
import { getEnv } from '@/config/env';
import { SEARCH_COUNT_CAP } from '@/features/company-search';
import { withCheckDigit } from '@/features/registry';
import { buildRegistry, ntaRow } from '@/features/registry/testing';
import type { RouteHandler } from '@/server/http/route';

const MERGED = withCheckDigit('700000930001');
const SUCCESSOR = withCheckDigit('700000930002');

let ipSerial = 0;

/** The answer's bytes (Response.text() would drop the BOM). */
async function download(qs: string) {
  ipSerial += 1;
  const request = new NextRequest(`http://localhost:3000/api/corporates/search/csv?${qs}`, {
    headers: { 'x-forwarded-for': `198.51.100.${ipSerial}` },
  });
  const res = await (csvRoute.GET as RouteHandler)(request, { params: Promise.resolve({}) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, lines: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split('\r\n') };
}

beforeAll(() => {
  const file = getEnv().paths.registry;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  buildRegistry(
    file,
    [
      ntaRow({ corporateNumber: SUCCESSOR, name: '承継先ＣＳＶ株式会社', furigana: 'ショウケイサキシーエスブイ' }),
      ntaRow({
        corporateNumber: MERGED,
        name: '株式会社ＣＳＶ消滅',
        process: '71',
        closeDate: '2019-01-01',
        closeCause: '11',
        successorCorporateNumber: SUCCESSOR,
      }),
      // More matches than the 1,000-row limit.
      ...Array.from({ length: SEARCH_COUNT_CAP + 30 }, (_, i) =>
        ntaRow({ name: `多数商事${i + 1}株式会社`, furigana: `タスウショウジ${i + 1}` }),
      ),
    ],
    { isSample: true },
  );
});

describe('GET /api/corporates/search/csv', () => {
  it('answers the search as a CSV file Excel opens: BOM, header, CRLF, quoted, closed with successor', async () => {
    const { res, bytes, lines } = await download(`q=${encodeURIComponent('ＣＳＶ')}&includeClosed=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename=');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      '\uFEFF"法人番号","商号又は名称","フリガナ","法人種別","郵便番号","所在地","状態","閉鎖年月日","閉鎖事由","承継先法人番号","旧商号","法人番号指定年月日","更新年月日"',
    );
    expect(lines).toHaveLength(4);
    expect(lines).toContain(
      `"${MERGED}","株式会社ＣＳＶ消滅","","株式会社","1000005","東京都千代田区丸の内一丁目1番1号","閉鎖","2019-01-01","合併による解散等","${SUCCESSOR}","","2015-10-05","2020-04-01"`,
    );
    expect(lines[3]).toBe('');
  });

  it('offers an Excel form beside the plain one: 法人番号, 郵便番号 and 承継先法人番号 as ="…" (decision 0065)', async () => {
    const { res, lines } = await download(`q=${encodeURIComponent('ＣＳＶ')}&includeClosed=1&format=excel`);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('_Excel用.csv');
    expect(lines[0]).toContain('"法人番号","商号又は名称"');
    expect(lines).toContain(
      `"=""${MERGED}""","株式会社ＣＳＶ消滅","","株式会社","=""1000005""","東京都千代田区丸の内一丁目1番1号","閉鎖","2019-01-01","合併による解散等","=""${SUCCESSOR}""","","2015-10-05","2020-04-01"`,
    );
    const plain = await download(`q=${encodeURIComponent('ＣＳＶ')}&includeClosed=1&format=plain`);
    expect(plain.lines.join('\n')).not.toContain('=""');
    const bad = await download(`q=${encodeURIComponent('ＣＳＶ')}&format=xlsx`);
    expect(bad.res.status).toBe(400);
  });

  it('streams every page up to the 1,000-row limit', async () => {
    const { res, lines } = await download(`q=${encodeURIComponent('多数商事')}`);
    expect(res.status).toBe(200);
    // Header, 1,000 rows, and the empty string after the last CRLF.
    expect(lines).toHaveLength(SEARCH_COUNT_CAP + 2);
    expect(new Set(lines.slice(1, -1).map((l) => l.split(',')[0])).size).toBe(SEARCH_COUNT_CAP);
  });

  it('answers a bad query with the search errors as JSON, not a file', async () => {
    const { res, bytes } = await download('q=');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ error: { fields: { q: '検索語を入力してください。' } } });
    expect((await download('q=a&cursor=abc.def')).res.status).toBe(400);
  });
});
