import fs from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // Each test speaks as its own client IP, so the per-client rate limit is testable in isolation.
  process.env.TRUSTED_PROXY_HEADER = 'x-forwarded-for';
});

import * as referenceRoute from '@/app/api/corporates/reference/route';
import * as searchRoute from '@/app/api/corporates/search/route';
import * as citiesRoute from '@/app/api/corporates/cities/route';
import * as healthRoute from '@/app/api/health/route';
import { getEnv } from '@/config/env';
import { CompanyDetailSchema, withCheckDigit } from '@/features/registry';
import { CityListSchema, SEARCH_ERROR_MESSAGES, SEARCH_PAGE_SIZE, SearchResultSchema } from '@/features/company-search';
import { buildRegistry, ntaRow } from '@/features/registry/testing';

import { call } from '../support/requests';

const CHANGED = '8040001999013'; // domain.md §1: 株式会社商号変更前 → 株式会社商号変更後
const CLOSED = withCheckDigit('700000900001');
const HIDDEN = withCheckDigit('700000900002');

let ipSerial = 0;
/** A fresh client IP (each test has its own rate-limit bucket). */
function client() {
  ipSerial += 1;
  return { 'x-forwarded-for': `192.0.2.${ipSerial}` };
}

const search = (qs: string, headers = client()) => call(searchRoute, `/api/corporates/search?${qs}`, { headers });
const cities = (qs: string, headers = client()) => call(citiesRoute, `/api/corporates/cities?${qs}`, { headers });
const reference = (qs: string, headers = client()) => call(referenceRoute, `/api/corporates/reference?${qs}`, { headers });

beforeAll(() => {
  const rows = [
    ntaRow({
      name: 'トヨタ自動車株式会社',
      furigana: 'トヨタジドウシャ',
      prefectureCode: '23',
      prefectureName: '愛知県',
      cityName: '豊田市',
      cityCode: '211',
      streetNumber: 'トヨタ町1番地',
    }),
    ntaRow({ name: '株式会社トヨタ東京', furigana: 'トヨタトウキョウ' }),
    ntaRow({
      corporateNumber: CLOSED,
      name: '株式会社トヨタ閉鎖',
      furigana: 'トヨタヘイサ',
      process: '21',
      closeDate: '2020-03-31',
      closeCause: '01',
    }),
    ntaRow({ corporateNumber: HIDDEN, name: '株式会社トヨタ秘匿', hihyoji: true }),
    ntaRow({ corporateNumber: CHANGED, name: '株式会社商号変更前', latest: false, updateDate: '2015-10-05', changeDate: '2015-10-05' }),
    ntaRow({ corporateNumber: CHANGED, name: '株式会社商号変更後', process: '11', updateDate: '2017-05-09', changeDate: '2017-05-09' }),
    ntaRow({ name: '合同会社日本ラボ', kind: '305', prefectureCode: '14', prefectureName: '神奈川県' }),
    // Enough 日本 companies for two pages.
    ...Array.from({ length: SEARCH_PAGE_SIZE + 5 }, (_, i) =>
      ntaRow({ name: `日本商事${i + 1}株式会社`, furigana: `ニホンショウジ${i + 1}` }),
    ),
  ];
  const file = getEnv().paths.registry;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  buildRegistry(file, rows, { isSample: true, dataDate: '2026-11-20' });
});

describe('GET /api/corporates/search', () => {
  it('finds a company by part of its name in any kana width, and answers cacheable JSON', async () => {
    const res = await search(`q=${encodeURIComponent('ﾄﾖﾀ')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = SearchResultSchema.parse(res.json);
    // Both are prefix matches (the legal form does not count); then prefectures in JIS order.
    expect(body.items.map((c) => c.name)).toEqual(['株式会社トヨタ東京', 'トヨタ自動車株式会社']);
    expect(body.count).toBe(2);
    expect(body.countCapped).toBe(false);
    expect(body.registry.isSample).toBe(true);
    expect(body.items[1]).toMatchObject({
      kind: '301',
      kindLabel: '株式会社',
      prefectureName: '愛知県',
      address: '愛知県豊田市トヨタ町1番地',
      closed: false,
    });
  });

  it('leaves closed companies out unless includeClosed is set, and never shows hidden ones', async () => {
    const active = SearchResultSchema.parse((await search('q=トヨタ')).json);
    expect(active.items.some((c) => c.closed)).toBe(false);
    const all = SearchResultSchema.parse((await search('q=トヨタ&includeClosed=1')).json);
    expect(all.items.map((c) => c.corporateNumber)).toContain(CLOSED);
    expect(all.items.find((c) => c.corporateNumber === CLOSED)).toMatchObject({ closed: true, closeDate: '2020-03-31' });
    expect(all.items.map((c) => c.corporateNumber)).not.toContain(HIDDEN);
  });

  it('filters by prefecture and kind', async () => {
    const aichi = SearchResultSchema.parse((await search('q=トヨタ&prefecture=23')).json);
    expect(aichi.items.map((c) => c.name)).toEqual(['トヨタ自動車株式会社']);
    const llc = SearchResultSchema.parse((await search('q=日本&kind=305')).json);
    expect(llc.items.map((c) => c.name)).toEqual(['合同会社日本ラボ']);
  });

  it('filters by 市区町村 within the prefecture, pages under the filter, and needs the prefecture', async () => {
    const toyota = SearchResultSchema.parse((await search('q=トヨタ&prefecture=23&city=211')).json);
    expect(toyota.items.map((c) => c.name)).toEqual(['トヨタ自動車株式会社']);
    expect(SearchResultSchema.parse((await search('q=トヨタ&prefecture=23&city=201')).json).items).toEqual([]);
    const first = SearchResultSchema.parse((await search('q=日本商事&prefecture=13&city=101')).json);
    expect(first.count).toBe(SEARCH_PAGE_SIZE + 5);
    const second = SearchResultSchema.parse((await search(`q=日本商事&prefecture=13&city=101&cursor=${first.nextCursor}`)).json);
    expect(second.items).toHaveLength(5);
    // The cursor belongs to the filtered query only.
    expect((await search(`q=日本商事&prefecture=13&cursor=${first.nextCursor}`)).status).toBe(400);
    const alone = await search('q=トヨタ&city=211');
    expect(alone.status).toBe(400);
    expect(alone.json.error?.fields?.city).toBe('市区町村を指定するときは都道府県も指定してください。');
  });

  it('searches by part of the 所在地, alone or with a name, within the 市区町村, from 2 characters', async () => {
    const alone = SearchResultSchema.parse((await search(`address=${encodeURIComponent('トヨタ町１')}&prefecture=23&city=211`)).json);
    expect(alone.query).toEqual({ normalized: 'トヨタ町1', type: 'address', address: 'トヨタ町1' });
    expect(alone.items.map((c) => [c.name, c.match])).toEqual([['トヨタ自動車株式会社', 'address']]);
    // 丸の内一丁目 (the fixture's default address, 漢数字) found as 丸の内1: every 日本商事, paged.
    const first = SearchResultSchema.parse((await search(`q=日本商事&address=${encodeURIComponent('丸の内1')}`)).json);
    expect(first.count).toBe(SEARCH_PAGE_SIZE + 5);
    const second = SearchResultSchema.parse(
      (await search(`q=日本商事&address=${encodeURIComponent('丸の内1')}&cursor=${first.nextCursor}`)).json,
    );
    expect(second.items).toHaveLength(5);
    expect((await search(`q=日本商事&address=${encodeURIComponent('丸の内2')}&cursor=${first.nextCursor}`)).status).toBe(400);
    expect(
      SearchResultSchema.parse((await search(`q=トヨタ&address=${encodeURIComponent('丸の内')}`)).json).items.map((c) => c.name),
    ).toEqual(['株式会社トヨタ東京']);

    const short = await search(`address=${encodeURIComponent('町')}`);
    expect(short.status).toBe(400);
    expect(short.json.error?.fields?.address).toBe(SEARCH_ERROR_MESSAGES.address_too_short);
    // Two characters as typed, fewer once normalised (a separator alone).
    const dashes = await search(`address=${encodeURIComponent('－－')}`);
    expect(dashes.status).toBe(400);
    expect(dashes.json.error).toMatchObject({ code: 'address_too_short', fields: { address: SEARCH_ERROR_MESSAGES.address_too_short } });
  });

  it('lists the 市区町村 of a prefecture from the registry, cacheable', async () => {
    const res = await cities('prefecture=23');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(CityListSchema.parse(res.json)).toEqual({ prefecture: '23', cities: [{ code: '211', name: '豊田市' }] });
    expect(CityListSchema.parse((await cities('prefecture=13')).json).cities).toEqual([{ code: '101', name: '千代田区' }]);
    expect(CityListSchema.parse((await cities('prefecture=47')).json).cities).toEqual([]);
    const bad = await cities('prefecture=48');
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields?.prefecture).toBe('都道府県の指定が正しくありません。');
  });

  it('finds a company by its former name and says which one matched', async () => {
    const body = SearchResultSchema.parse((await search(`q=${encodeURIComponent('商号変更前')}`)).json);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      corporateNumber: CHANGED,
      name: '株式会社商号変更後',
      match: 'former_name',
      matchedFormerName: '株式会社商号変更前',
    });
  });

  it('looks up a full-width, hyphenated 法人番号 exactly', async () => {
    const body = SearchResultSchema.parse((await search(`q=${encodeURIComponent('８０４０－００１９－９９０１３')}`)).json);
    expect(body.query.type).toBe('corporate_number');
    expect(body.items.map((c) => c.corporateNumber)).toEqual([CHANGED]);
  });

  it('pages with the cursor and rejects a cursor of another query', async () => {
    const first = SearchResultSchema.parse((await search('q=日本商事')).json);
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.count).toBe(SEARCH_PAGE_SIZE + 5);
    expect(first.nextCursor).not.toBeNull();
    const second = SearchResultSchema.parse((await search(`q=日本商事&cursor=${first.nextCursor}`)).json);
    expect(second.page).toBe(2);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const names = new Set([...first.items, ...second.items].map((c) => c.corporateNumber));
    expect(names.size).toBe(SEARCH_PAGE_SIZE + 5);

    const wrong = await search(`q=トヨタ&cursor=${first.nextCursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: 'invalid_cursor', message: SEARCH_ERROR_MESSAGES.invalid_cursor });
    expect(wrong.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 400 with a Japanese message for a wrong check digit, a legal form alone, or no query', async () => {
    const digit = await search('q=1040001999013');
    expect(digit.status).toBe(400);
    expect(digit.json.error).toMatchObject({ code: 'invalid_check_digit', fields: { q: SEARCH_ERROR_MESSAGES.invalid_check_digit } });

    const form = await search(`q=${encodeURIComponent('株式会社')}`);
    expect(form.status).toBe(400);
    expect(form.json.error?.code).toBe('empty_query');

    const missing = await search('');
    expect(missing.status).toBe(400);
    expect(missing.json.error?.fields?.q).toBe('会社名・法人番号などの検索語か、所在地を入力してください。');

    const unknownParam = await search('q=トヨタ&page=2');
    expect(unknownParam.status).toBe(400);
    const badPref = await search('q=トヨタ&prefecture=48');
    expect(badPref.json.error?.fields?.prefecture).toBe('都道府県の指定が正しくありません。');
  });

  it('limits each client to its burst, with Retry-After, while other clients go on', async () => {
    const me = client();
    // At once and well over the burst: the steady rate (20/s) would need 12 s to absorb 300 requests.
    const responses = await Promise.all(Array.from({ length: 300 }, () => search('q=トヨタ', me)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(60);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const limited = responses.find((r) => r.status === 429);
    expect(limited?.json.error?.message).toContain('検索が集中しました');
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited?.headers.get('cache-control')).toBe('no-store');
    expect((await search('q=トヨタ')).status).toBe(200);
  });

  it('refuses other methods', async () => {
    const res = await call(searchRoute, '/api/corporates/search?q=a', { method: 'POST', headers: client() });
    expect(res.status).toBe(405);
  });
});

describe('GET /api/corporates/reference', () => {
  it('answers one company with its history and former names', async () => {
    const res = await reference(`corporateNumber=${CHANGED}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = CompanyDetailSchema.parse(res.json);
    expect(body.current.name).toBe('株式会社商号変更後');
    expect(body.formerNames).toEqual(['株式会社商号変更前']);
    expect(body.history.map((h) => h.name)).toEqual(['株式会社商号変更前']);
    expect(body.registry.isSample).toBe(true);
    expect(body.registry.dataDate).toBe('2026-11-20');
  });

  it('accepts full-width digits and a leading T', async () => {
    expect((await reference(`corporateNumber=${encodeURIComponent('Ｔ８０４０００１９９９０１３')}`)).status).toBe(200);
  });

  it('answers 404 for an unknown or hidden company', async () => {
    const unknown = await reference(`corporateNumber=${withCheckDigit('700000999999')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({
      code: 'not_found',
      message: 'この法人番号の会社は見つかりませんでした。番号をご確認ください。',
      requestId: expect.any(String),
    });
    expect((await reference(`corporateNumber=${HIDDEN}`)).status).toBe(404);
  });

  it('answers 400 with a Japanese message for a malformed number or a wrong check digit', async () => {
    const malformed = await reference('corporateNumber=12345');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ code: 'invalid_format', message: '法人番号は13桁の数字で入力してください。' });
    const digit = await reference('corporateNumber=1040001999013');
    expect(digit.status).toBe(400);
    expect(digit.json.error?.code).toBe('invalid_check_digit');
    const missing = await reference('');
    expect(missing.status).toBe(400);
    expect(missing.json.error?.fields?.corporateNumber).toBe('法人番号を入力してください。');
  });
});

describe('GET /api/health', () => {
  it('reports the registry ready with its size, build time and sample flag', async () => {
    const res = await call(healthRoute, '/api/health');
    expect(res.json.registry).toMatchObject({ ok: true, state: 'ready', companies: expect.any(Number), isSample: true, snapshotId: null });
    expect((res.json.registry as { companies: number }).companies).toBeGreaterThanOrEqual(30);
    expect(typeof (res.json.registry as { builtAt: string }).builtAt).toBe('string');
    // データ更新日: the newest NTA file applied (issue 14 item 1).
    expect((res.json.registry as { dataDate: string }).dataDate).toBe('2026-11-20');
  });
});
