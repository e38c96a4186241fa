import fs from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // Each test speaks as its own client IP, so the per-client rate limit is testable in isolation.
  process.env.TRUSTED_PROXY_HEADER = 'x-forwarded-for';
});

import * as infoRoute from '@/app/api/corporates-search/get-corp-info/route';
import * as searchRoute from '@/app/api/corporates-search/search/route';
import { getEnv } from '@/config/env';
import { ReferenceRecordSchema } from '@/features/company-reference/schemas';
import { COMPANY_ERROR_MESSAGES, withCheckDigit } from '@/features/registry';
import { SearchResultSchema } from '@/features/company-search';
import { importInvoiceFiles } from '@/features/registry/server/invoice/import';
import { formatInvoiceCsvLine, testInvoiceRecord } from '@tools/registry/invoice-synthetic';
import { buildRegistry, ntaRow } from '@/features/registry/testing';

import { call } from '../support/requests';

const CHANGED = '8040001999013'; // domain.md §1: 株式会社商号変更前 → 株式会社商号変更後
const SUCCESSOR = withCheckDigit('700000910001');
const MERGED = withCheckDigit('700000910002');
const NO_INVOICE = withCheckDigit('700000910003');
const SONY = '5010401067252';

let ipSerial = 0;
function client() {
  ipSerial += 1;
  return { 'x-forwarded-for': `198.51.100.${ipSerial}` };
}

const search = (qs: string, headers = client()) => call(searchRoute, `/api/corporates-search/search?${qs}`, { headers });
const info = (qs: string, headers = client()) => call(infoRoute, `/api/corporates-search/get-corp-info?${qs}`, { headers });

beforeAll(async () => {
  const env = getEnv();
  fs.mkdirSync(path.dirname(env.paths.registry), { recursive: true });
  buildRegistry(
    env.paths.registry,
    [
      ntaRow({
        corporateNumber: CHANGED,
        name: '株式会社商号変更前',
        furigana: 'ショウゴウヘンコウマエ',
        latest: false,
        updateDate: '2015-10-05',
        changeDate: '2015-10-05',
      }),
      ntaRow({
        corporateNumber: CHANGED,
        name: '株式会社商号変更後',
        furigana: 'ショウゴウヘンコウアト',
        process: '11',
        updateDate: '2017-05-12',
        changeDate: '2017-05-09',
      }),
      ntaRow({ corporateNumber: SUCCESSOR, name: '承継先工業株式会社', furigana: 'ショウケイサキコウギョウ' }),
      ntaRow({
        corporateNumber: MERGED,
        name: '株式会社合併消滅',
        furigana: 'ガッペイショウメツ',
        process: '71',
        closeDate: '2019-01-01',
        closeCause: '11',
        successorCorporateNumber: SUCCESSOR,
      }),
      ntaRow({ corporateNumber: NO_INVOICE, name: '合同会社不明', kind: '305' }),
      ntaRow({
        corporateNumber: SONY,
        name: 'ソニーグループ株式会社',
        furigana: 'ソニーグループ',
        cityName: '港区',
        streetNumber: '港南１丁目７－１',
        enName: 'Sony Group Corporation',
        enPrefectureName: 'Tokyo',
        enCityName: '1-7-1 Konan, Minato ku',
      }),
    ],
    { isSample: true },
  );
  const src = path.join(env.paths.dataDir, 'invoice.csv');
  fs.writeFileSync(src, [CHANGED, SUCCESSOR].map((n) => formatInvoiceCsvLine(testInvoiceRecord(n, { name: 'x' }))).join(''));
  await importInvoiceFiles({ paths: [src], targetPath: env.paths.invoice, isSample: true });
});

describe('GET /api/corporates-search/search', () => {
  it('finds a company by its name, its reading and its former name', async () => {
    for (const q of ['商号変更後', 'しょうごうへんこうあと', '商号変更前']) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const body = SearchResultSchema.parse(res.json);
      expect(body.items.map((c) => c.corporateNumber)).toEqual([CHANGED]);
    }
  });

  it('finds a company by its English name, and the record gives the English address in English order', async () => {
    for (const q of ['sony', 'SONY group', 'Sony Group Corporation']) {
      const body = SearchResultSchema.parse((await search(`q=${encodeURIComponent(q)}`)).json);
      expect(body.items.map((c) => [c.corporateNumber, c.match, c.enName])).toEqual([[SONY, 'en_name', 'Sony Group Corporation']]);
    }
    const record = ReferenceRecordSchema.parse((await info(`corporateNumber=${SONY}`)).json);
    expect(record.company.current.enName).toBe('Sony Group Corporation');
    expect(record.company.current.enAddress).toBe('1-7-1 Konan, Minato ku, Tokyo');
  });

  it('finds a closed company only when closed companies are included', async () => {
    const active = SearchResultSchema.parse((await search(`q=${encodeURIComponent('合併消滅')}`)).json);
    const all = SearchResultSchema.parse((await search(`q=${encodeURIComponent('合併消滅')}&includeClosed=1`)).json);
    expect(active.items).toEqual([]);
    expect(all.items.map((c) => [c.corporateNumber, c.closed])).toEqual([[MERGED, true]]);
  });

  it('rejects a missing query and unknown parameters with 400 and a Japanese message', async () => {
    const empty = await search('q=');
    expect(empty.status).toBe(400);
    expect(empty.json.error?.fields?.q).toBe('検索語を入力してください。');
    const unknown = await search('q=a&sort=name');
    expect(unknown.status).toBe(400);
  });

  it('answers 429 with Retry-After once a client has used its burst', async () => {
    const headers = client();
    // All at once, so the allowance (10/s plus a burst of 30) cannot recover in between on a slow machine.
    const responses = await Promise.all(Array.from({ length: 80 }, () => search('q=%E5%95%86%E5%8F%B7', headers)));
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(30);
    const limited = responses.find((r) => r.status === 429);
    expect(limited?.json.error?.code).toBe('rate_limited');
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another client is not affected.
    expect((await search('q=%E5%95%86%E5%8F%B7')).status).toBe(200);
  });
});

describe('GET /api/corporates-search/get-corp-info', () => {
  it('returns the full record with the timeline, 会社法人等番号 and invoice status', async () => {
    const res = await info(`corporateNumber=${CHANGED}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const record = ReferenceRecordSchema.parse(res.json);
    expect(record.company.current.name).toBe('株式会社商号変更後');
    expect(record.company.formerNames).toEqual(['株式会社商号変更前']);
    expect(record.timeline.at(-1)?.changes).toContainEqual({
      field: 'name',
      label: '商号又は名称',
      before: '株式会社商号変更前',
      after: '株式会社商号変更後',
    });
    expect(record.companyLegalNumber).toBe('040001999013');
    expect(record.orderable).toBe(true);
    expect(record.invoice).toMatchObject({ state: 'known', registrationNumber: `T${CHANGED}`, status: 'valid' });
    // 同じ所在地の法人: the active companies at the same address, itself and the closed one left out.
    expect(record.sameAddress).toEqual({
      items: [
        { corporateNumber: SUCCESSOR, name: '承継先工業株式会社', kindLabel: '株式会社' },
        { corporateNumber: NO_INVOICE, name: '合同会社不明', kindLabel: '合同会社' },
      ],
      more: false,
    });
  });

  it('accepts full-width digits and hyphens as typed', async () => {
    const res = await info(`corporateNumber=${encodeURIComponent('８０４０－００１９－９９０１３')}`);
    expect(res.status).toBe(200);
  });

  it('gives a merged company its cause and successor, and a company absent from the invoice data as 登録なし dated by the data', async () => {
    const merged = ReferenceRecordSchema.parse((await info(`corporateNumber=${MERGED}`)).json);
    expect(merged.company.closed).toBe(true);
    expect(merged.company.current.closeCauseLabel).toBe('合併による解散等');
    expect(merged.successor).toEqual({ corporateNumber: SUCCESSOR, name: '承継先工業株式会社' });
    const unknown = ReferenceRecordSchema.parse((await info(`corporateNumber=${NO_INVOICE}`)).json);
    expect(unknown.invoice).toEqual({
      state: 'not_registered',
      statusLabel: '登録なし（2023年10月1日時点の公表データ）',
      dataDate: '2023-10-01',
    });
  });

  it('answers 404 JSON for an unknown corporate number', async () => {
    const res = await info(`corporateNumber=${withCheckDigit('700000919999')}`);
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: 'not_found', message: COMPANY_ERROR_MESSAGES.not_found, requestId: expect.any(String) });
  });

  it('answers 400 JSON for a malformed number or a wrong check digit', async () => {
    const short = await info('corporateNumber=12345');
    expect(short.status).toBe(400);
    expect(short.json.error).toMatchObject({ code: 'invalid_format', message: COMPANY_ERROR_MESSAGES.invalid_format });
    const check = await info('corporateNumber=1040001999013');
    expect(check.status).toBe(400);
    expect(check.json.error?.code).toBe('invalid_check_digit');
    const missing = await info('');
    expect(missing.status).toBe(400);
    expect(missing.json.error?.fields?.corporateNumber).toBe('法人番号を入力してください。');
  });

  it('refuses other methods with 405', async () => {
    const res = await call(infoRoute, '/api/corporates-search/get-corp-info?corporateNumber=8040001999013', {
      method: 'POST',
      headers: { ...client(), 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: '{}',
    });
    expect(res.status).toBe(405);
  });
});
