import { describe, expect, it } from 'vitest';

import * as route from '@/app/api/address/zipcode-to-address/route';
import { ZipcodeLookupResponseSchema } from '@/features/address';

import { call } from '../support/requests';

const lookup = (zipcode: string) => call(route, `/api/address/zipcode-to-address?zipcode=${encodeURIComponent(zipcode)}`);

describe('GET /api/address/zipcode-to-address', () => {
  it('answers 100-0005 with 東京都千代田区丸の内 and its reading', async () => {
    const res = await lookup('1000005');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    const body = ZipcodeLookupResponseSchema.parse(res.json);
    expect(body).toEqual({
      zipcode: '1000005',
      candidates: [
        {
          prefecture: '東京都',
          prefectureCode: '13',
          city: '千代田区',
          town: '丸の内',
          kana: { prefecture: 'トウキョウト', city: 'チヨダク', town: 'マルノウチ' },
          isBusiness: false,
        },
      ],
    });
  });

  it('accepts full-width digits, hyphen-like characters and spaces', async () => {
    for (const input of ['１００－０００５', '100ー0005', '〒100 0005', '100−0005']) {
      const res = await lookup(input);
      expect(res.status, input).toBe(200);
      expect(res.json.zipcode).toBe('1000005');
    }
  });

  it('offers every area when a code maps to several, even across prefectures', async () => {
    const res = await lookup('498-0000');
    expect(res.status).toBe(200);
    const body = ZipcodeLookupResponseSchema.parse(res.json);
    expect(body.candidates.map((c) => [c.prefectureCode, c.prefecture, c.city, c.town])).toEqual([
      ['23', '愛知県', '弥富市', ''],
      ['24', '三重県', '桑名郡木曽岬町', ''],
    ]);

    const kiyosu = ZipcodeLookupResponseSchema.parse((await lookup('452-0961')).json);
    expect(kiyosu.candidates.length).toBeGreaterThan(10);
    expect(new Set(kiyosu.candidates.map((c) => c.city))).toEqual(new Set(['清須市']));
  });

  it('answers a business postal code with the business name and street', async () => {
    const body = ZipcodeLookupResponseSchema.parse((await lookup('100-8994')).json);
    expect(body.candidates).toEqual([
      expect.objectContaining({
        prefecture: '東京都',
        city: '千代田区',
        town: '丸の内',
        isBusiness: true,
        businessName: '東京中央郵便局',
        street: '２丁目７－２',
      }),
    ]);
  });

  it('answers the municipality alone for a code whose town is a KEN_ALL note', async () => {
    const body = ZipcodeLookupResponseSchema.parse((await lookup('409-0211')).json);
    expect(body.candidates.map((c) => [c.city, c.town])).toEqual([['北都留郡小菅村', '']]);
  });

  it.each([['12345'], ['100-00050'], ['abcdefg'], ['']])('answers 400 with the Japanese message for %j', async (input) => {
    const res = await lookup(input);
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: 'bad_request',
      message: '郵便番号は7桁の数字で入力してください。',
      fields: { zipcode: '郵便番号は7桁の数字で入力してください。' },
      requestId: expect.any(String),
    });
  });

  it('answers 400 when the parameter is missing', async () => {
    const res = await call(route, '/api/address/zipcode-to-address');
    expect(res.status).toBe(400);
    expect(res.json.error?.message).toBe('郵便番号は7桁の数字で入力してください。');
  });

  it('answers 404 with a Japanese message for a code that does not exist', async () => {
    const res = await lookup('999-9999');
    expect(res.status).toBe(404);
    expect(res.json.error?.code).toBe('not_found');
    expect(res.json.error?.message).toContain('該当する住所が見つかりませんでした');
  });

  // One table over the committed data file (assets/postal/postal-codes.tsv.gz): each kind of code
  // the lookup must cover, as the API answers it.
  it.each([
    // kind, input, status, candidates as 都道府県 市区町村 町域 [事業所名 番地]
    ['normal', '100-0005', 200, ['東京都 千代田区 丸の内']],
    ['normal, full-width', '〒１０１－００２１', 200, ['東京都 千代田区 外神田']],
    ['normal, floor of a building', '1007001', 200, ['東京都 千代田区 丸の内ＪＰタワー１階']],
    ['normal, notes merged', '060-0042', 200, ['北海道 札幌市中央区 大通西']],
    ['normal, whole municipality', '409-0211', 200, ['山梨県 北都留郡小菅村 ']],
    ['business', '100-8994', 200, ['東京都 千代田区 丸の内 東京中央郵便局 ２丁目７－２']],
    ['business without town reading', '001-8577', 200, ['北海道 札幌市北区 新琴似７条 ダイハツ北海道販売　株式会社 １１丁目５番２８号']],
    ['multi-area, two prefectures', '498-0000', 200, ['愛知県 弥富市 ', '三重県 桑名郡木曽岬町 ']],
    ['unknown', '999-9999', 404, []],
    ['unknown, no code starts so', '000-0000', 404, []],
    ['malformed, 6 digits', '100-000', 400, []],
    ['malformed, letters', '１００－０００Ａ', 400, []],
  ] as const)('%s: %s → %i', async (_kind, input, status, expected) => {
    const res = await lookup(input);
    expect(res.status).toBe(status);
    if (status !== 200) {
      expect(res.json.error?.code).toBe(status === 404 ? 'not_found' : 'bad_request');
      return;
    }
    const body = ZipcodeLookupResponseSchema.parse(res.json);
    expect(
      body.candidates.map((c) => [c.prefecture, c.city, c.town, ...(c.isBusiness ? [c.businessName, c.street] : [])].join(' ')),
    ).toEqual(expected);
    for (const c of body.candidates) expect(c.isBusiness).toBe(_kind.startsWith('business'));
  });

  it('refuses other methods', async () => {
    const res = await call(route, '/api/address/zipcode-to-address?zipcode=1000005', { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
