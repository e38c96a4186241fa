import fs from 'node:fs';
import path from 'node:path';

import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // Each test speaks as its own client IP, so the per-client rate limit is testable in isolation.
  process.env.TRUSTED_PROXY_HEADER = 'x-forwarded-for';
});

import * as bulkRoute from '@/app/api/corporates/bulk-check/route';
import * as csrfRoute from '@/app/api/session/csrf/route';
import { getEnv } from '@/config/env';
import type { RouteHandler } from '@/server/http/route';
import { BULK_MESSAGES, BulkCheckResultSchema, bulkFormerNameMessage } from '@/features/company-search';
import { withCheckDigit } from '@/features/registry';
import { importInvoiceFiles } from '@/features/registry/server/invoice/import';
import { buildRegistry, ntaRow } from '@/features/registry/testing';
import { formatInvoiceCsvLine, testInvoiceRecord, type InvoiceSourceRecord } from '@tools/registry/invoice-synthetic';

import { call, cookiesFrom, sameOriginJson } from '../support/requests';

const ACTIVE = withCheckDigit('700000920001');
const SUCCESSOR = withCheckDigit('700000920002');
const MERGED = withCheckDigit('700000920003');
const EXPIRED = withCheckDigit('700000920004');
const UNKNOWN = withCheckDigit('700000920005');
const TWIN_A = withCheckDigit('700000920006');
const TWIN_B = withCheckDigit('700000920007');
const HIDDEN = withCheckDigit('700000920008');
const FORM_BEFORE = withCheckDigit('700000920009');
const FORM_AFTER = withCheckDigit('700000920010');
const RENAMED = withCheckDigit('700000920011');

let ipSerial = 0;

async function post(body: unknown, extra: Record<string, string> = {}) {
  ipSerial += 1;
  const csrf = await call(csrfRoute, '/api/session/csrf');
  const token = (csrf.json as { csrf_token: string }).csrf_token;
  return call(bulkRoute, '/api/corporates/bulk-check', {
    method: 'POST',
    headers: sameOriginJson(token, cookiesFrom(csrf.headers), { 'x-forwarded-for': `203.0.113.${ipSerial}`, ...extra }),
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  const env = getEnv();
  fs.mkdirSync(path.dirname(env.paths.registry), { recursive: true });
  buildRegistry(
    env.paths.registry,
    [
      ntaRow({ corporateNumber: ACTIVE, name: '一括確認商事株式会社', cityName: '港区', streetNumber: '芝公園四丁目2番8号' }),
      ntaRow({ corporateNumber: SUCCESSOR, name: '承継工業株式会社' }),
      ntaRow({
        corporateNumber: MERGED,
        name: '株式会社吸収消滅',
        process: '71',
        closeDate: '2019-01-01',
        closeCause: '11',
        successorCorporateNumber: SUCCESSOR,
      }),
      ntaRow({ corporateNumber: EXPIRED, name: '失効産業株式会社' }),
      ntaRow({ corporateNumber: UNKNOWN, name: '合同会社未登録', kind: '305' }),
      ntaRow({ corporateNumber: TWIN_A, name: '株式会社同名' }),
      ntaRow({ corporateNumber: TWIN_B, name: '株式会社同名', prefectureCode: '27', prefectureName: '大阪府', cityName: '大阪市北区' }),
      ntaRow({ corporateNumber: HIDDEN, name: '株式会社秘匿', hihyoji: true }),
      // The same name but for the legal form and its place: the index's normalised name is one.
      ntaRow({ corporateNumber: FORM_BEFORE, name: '株式会社前後商店' }),
      ntaRow({ corporateNumber: FORM_AFTER, name: '前後商店株式会社' }),
      // Renamed (domain.md §1: former names are searchable): ソニー株式会社 → ソニーグループ株式会社, as in the sample registry.
      ntaRow({ corporateNumber: RENAMED, name: 'ソニー株式会社', latest: false, updateDate: '2015-10-05', changeDate: '2015-10-05' }),
      ntaRow({
        corporateNumber: RENAMED,
        name: 'ソニーグループ株式会社',
        process: '11',
        updateDate: '2021-04-01',
        changeDate: '2021-04-01',
      }),
    ],
    { isSample: true },
  );
  const registration = (n: string, extra: Partial<InvoiceSourceRecord> = {}) =>
    formatInvoiceCsvLine(testInvoiceRecord(n, { name: 'x', ...extra }));
  const src = path.join(env.paths.dataDir, 'invoice-bulk.csv');
  fs.writeFileSync(
    src,
    [
      registration(ACTIVE),
      registration(SUCCESSOR),
      registration(EXPIRED, { process: '03', updateDate: '2025-04-01', expireDate: '2025-04-01' }),
    ].join(''),
  );
  await importInvoiceFiles({ paths: [src], targetPath: env.paths.invoice, isSample: true });
});

describe('POST /api/corporates/bulk-check', () => {
  it('answers each line: found, not found, closed with successor, ambiguous, invalid, with invoice status on the date', async () => {
    const lines = [
      `${ACTIVE.slice(0, 4)}-${ACTIVE.slice(4)}`,
      '',
      `Ｔ${MERGED}`,
      withCheckDigit('700000929999'),
      HIDDEN,
      '一括確認商事株式会社',
      '株式会社同名',
      `T${EXPIRED}`,
      UNKNOWN,
      '1234',
    ];
    const res = await post({ lines, date: '2025-03-31' });
    expect(res.status).toBe(200);
    const body = BulkCheckResultSchema.parse(res.json);
    expect(body.date).toBe('2025-03-31');
    // 「行」 is the line's number as pasted: the blank second line keeps its number (issue 24: the rows after it were off by one).
    expect(body.rows.map((r) => [r.line, r.kind, r.result])).toEqual([
      [1, 'number', 'found'],
      [3, 'invoice', 'found'],
      [4, 'number', 'not_found'],
      [5, 'number', 'not_found'],
      [6, 'name', 'found'],
      [7, 'name', 'ambiguous'],
      [8, 'invoice', 'found'],
      [9, 'number', 'found'],
      [10, 'invalid', 'invalid'],
    ]);
    const [active, merged, , , byName, twins, expired, unknown, invalid] = body.rows;
    expect(active?.company).toMatchObject({
      corporateNumber: ACTIVE,
      name: '一括確認商事株式会社',
      address: '東京都港区芝公園四丁目2番8号',
      closed: false,
    });
    expect(active?.invoice).toMatchObject({ state: 'registered', registrationNumber: `T${ACTIVE}`, status: 'valid' });
    expect(merged?.company).toMatchObject({
      closed: true,
      closeDate: '2019-01-01',
      closeCauseLabel: '合併による解散等',
      successor: { corporateNumber: SUCCESSOR, name: '承継工業株式会社' },
    });
    // No row in the invoice data: 登録なし as of the data's newest 更新年月日 (decision 0048), never 不明.
    const notRegistered = { state: 'not_registered', statusLabel: '登録なし（2025年4月1日時点の公表データ）', dataDate: '2025-04-01' };
    expect(merged?.invoice).toEqual(notRegistered);
    expect(byName?.company?.corporateNumber).toBe(ACTIVE);
    expect(twins).toMatchObject({ matches: 2, message: BULK_MESSAGES.ambiguous, company: null });
    // Valid the day before the expiry, expired from that day on.
    expect(expired?.invoice).toMatchObject({ status: 'valid', endDate: '2025-04-01' });
    expect(unknown?.invoice).toEqual(notRegistered);
    expect(invalid?.message).toBe(BULK_MESSAGES.bad_number);
    expect(body.summary).toEqual({ found: 5, notFound: 2, ambiguous: 1, invalid: 1 });

    const later = BulkCheckResultSchema.parse((await post({ lines: [`T${EXPIRED}`], date: '2025-04-01' })).json);
    expect(later.rows[0]?.invoice).toMatchObject({ status: 'expired', statusLabel: '登録が失効しています' });
  });

  it('answers the result as a CSV file Excel opens: BOM, CRLF, quoted', async () => {
    const csrf = await call(csrfRoute, '/api/session/csrf');
    const request = new NextRequest('http://localhost:3000/api/corporates/bulk-check', {
      method: 'POST',
      headers: sameOriginJson((csrf.json as { csrf_token: string }).csrf_token, cookiesFrom(csrf.headers), {
        'x-forwarded-for': '203.0.113.200',
      }),
      body: JSON.stringify({ lines: [MERGED, '株式会社同名'], date: '2025-03-31', format: 'csv' }),
    });
    const res = await (bulkRoute.POST as RouteHandler)(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    // The bytes themselves: Response.text() would drop the BOM that Excel needs.
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"行","入力","結果","法人番号","商号又は名称","所在地","状態","承継先法人番号","承継先名称","登録番号","登録状況","確認日","備考"',
    );
    expect(lines[1]).toBe(
      `"1","${MERGED}","該当あり","${MERGED}","株式会社吸収消滅","東京都千代田区丸の内一丁目1番1号","閉鎖（2019年1月1日、合併による解散等）","${SUCCESSOR}","承継工業株式会社","","登録なし（2025年4月1日時点の公表データ）","2025-03-31",""`,
    );
    expect(lines[2]).toBe(`"2","株式会社同名","複数該当（2件）","","","","","","","","","2025-03-31","${BULK_MESSAGES.ambiguous}"`);
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('tells names apart by the legal form as registered, and counts them when the input has neither', async () => {
    const body = BulkCheckResultSchema.parse(
      (await post({ lines: ['前後商店株式会社', '株式会社前後商店', 'ｶﾌﾞｼｷｶﾞｲｼｬ前後商店', '(株)前後商店'] })).json,
    );
    expect(body.rows.map((r) => [r.result, r.company?.corporateNumber ?? r.matches])).toEqual([
      ['found', FORM_AFTER],
      ['found', FORM_BEFORE],
      ['ambiguous', 2],
      ['ambiguous', 2],
    ]);
  });

  it('finds a company by a former name (旧商号) as /search does, and says so beside the result', async () => {
    const body = BulkCheckResultSchema.parse((await post({ lines: ['ソニー株式会社', 'ｿﾆｰ株式会社', 'ソニーグループ株式会社'] })).json);
    expect(body.rows.map((r) => [r.result, r.company?.corporateNumber ?? null])).toEqual([
      ['found', RENAMED],
      ['found', RENAMED],
      ['found', RENAMED],
    ]);
    expect(body.rows[0]?.message).toBe(bulkFormerNameMessage('ソニー株式会社', 'ソニーグループ株式会社'));
    expect(body.rows[2]?.message).toBeNull();
  });

  it('writes the CSV in an Excel form too (codes as ="…"), and neutralises a full-width ＝ at the start of a line as typed', async () => {
    const csrf = await call(csrfRoute, '/api/session/csrf');
    const request = new NextRequest('http://localhost:3000/api/corporates/bulk-check', {
      method: 'POST',
      headers: sameOriginJson((csrf.json as { csrf_token: string }).csrf_token, cookiesFrom(csrf.headers), {
        'x-forwarded-for': '203.0.113.201',
      }),
      body: JSON.stringify({ lines: [MERGED, '', '＝1+1'], date: '2025-03-31', format: 'excel' }),
    });
    const res = await (bulkRoute.POST as RouteHandler)(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('一括確認_2025-03-31_Excel用.csv');
    const lines = new TextDecoder('utf-8', { ignoreBOM: true })
      .decode(await res.arrayBuffer())
      .slice(1)
      .split('\r\n');
    expect(lines[1]).toBe(
      `"1","=""${MERGED}""","該当あり","=""${MERGED}""","株式会社吸収消滅","東京都千代田区丸の内一丁目1番1号","閉鎖（2019年1月1日、合併による解散等）","=""${SUCCESSOR}""","承継工業株式会社","","登録なし（2025年4月1日時点の公表データ）","2025-03-31",""`,
    );
    expect(lines[2]?.startsWith(`"3","'＝1+1","該当なし"`)).toBe(true);
  });

  it('refuses more than 1,000 lines with 422 in Japanese, and a POST without the CSRF token with 403', async () => {
    const over = await post({ lines: Array.from({ length: 1001 }, () => ACTIVE) });
    expect(over.status).toBe(422);
    expect(over.json.error?.fields?.lines).toBe(BULK_MESSAGES.too_many);
    const forged = await post({ lines: [ACTIVE] }, { 'x-csrf-token': 'forged' });
    expect(forged.status).toBe(403);
  });

  it('answers 429 once a client has used its burst', async () => {
    const csrf = await call(csrfRoute, '/api/session/csrf');
    const headers = sameOriginJson((csrf.json as { csrf_token: string }).csrf_token, cookiesFrom(csrf.headers), {
      'x-forwarded-for': '203.0.113.250',
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(bulkRoute, '/api/corporates/bulk-check', { method: 'POST', headers, body: JSON.stringify({ lines: [ACTIVE] }) }),
      ),
    );
    expect(responses.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(responses.find((r) => r.status === 429)?.json.error?.code).toBe('rate_limited');
  });
});
