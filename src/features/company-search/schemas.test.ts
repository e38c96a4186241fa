import { describe, expect, it } from 'vitest';
import { SearchParamsSchema } from './schemas';

describe('SearchParamsSchema', () => {
  it('reads query-string values: trimmed q, comma-separated or repeated kinds, boolean strings', () => {
    expect(SearchParamsSchema.parse({ q: ' トヨタ ', kind: '301,305', includeClosed: 'true', prefecture: '23' })).toEqual({
      q: 'トヨタ',
      kind: ['301', '305'],
      includeClosed: true,
      prefecture: '23',
    });
    expect(SearchParamsSchema.parse({ q: 'ソニー', kind: ['301', '301', '302'] })).toEqual({
      q: 'ソニー',
      kind: ['301', '302'],
      includeClosed: false,
    });
  });

  it('rejects bad values with Japanese messages', () => {
    const result = SearchParamsSchema.safeParse({ q: ' ', prefecture: '48', kind: '999', includeClosed: 'maybe', cursor: 'a b' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({
      q: '検索語を入力してください。',
      prefecture: '都道府県の指定が正しくありません。',
      kind: '法人種別の指定が正しくありません。',
      cursor: '続きの位置の指定が正しくありません。',
    });
    expect(SearchParamsSchema.safeParse({ q: 'あ'.repeat(101) }).error?.issues[0]?.message).toBe('検索語は100文字以内で入力してください。');
  });

  it('takes a 市区町村 code only with its prefecture (the codes repeat across prefectures)', () => {
    expect(SearchParamsSchema.parse({ q: 'ソニー', prefecture: '13', city: '103' })).toMatchObject({ prefecture: '13', city: '103' });
    const alone = SearchParamsSchema.safeParse({ q: 'ソニー', city: '103' });
    expect(alone.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['city', '市区町村を指定するときは都道府県も指定してください。'],
    ]);
    expect(SearchParamsSchema.safeParse({ q: 'ソニー', prefecture: '13', city: '1031' }).error?.issues[0]?.message).toBe(
      '市区町村の指定が正しくありません。',
    );
  });

  it('refuses a search word with a control character (src/lib/plain-text.ts), trims a pasted tab', () => {
    const refused = SearchParamsSchema.safeParse({ q: 'トヨタ\u0000' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      '検索語に使用できない文字（改行や制御文字など）が含まれています。入力し直してください。',
    );
    expect(SearchParamsSchema.parse({ q: 'トヨタ\t' }).q).toBe('トヨタ');
  });

  it('takes the address field alone or with q, from 2 characters, and asks for one of them', () => {
    expect(SearchParamsSchema.parse({ address: ' 丸の内二丁目 ', prefecture: '13' })).toEqual({
      address: '丸の内二丁目',
      prefecture: '13',
      includeClosed: false,
    });
    expect(SearchParamsSchema.parse({ q: 'ソニー', address: '港南' })).toMatchObject({ q: 'ソニー', address: '港南' });
    expect(SearchParamsSchema.safeParse({ address: '町' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['address', '所在地は2文字以上で入力してください（例：丸の内二丁目、大手町1）。'],
    ]);
    expect(SearchParamsSchema.safeParse({ address: 'あ'.repeat(101) }).error?.issues[0]?.message).toBe(
      '所在地は100文字以内で入力してください。',
    );
    expect(SearchParamsSchema.safeParse({ prefecture: '13' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['q', '会社名・法人番号などの検索語か、所在地を入力してください。'],
    ]);
    expect(SearchParamsSchema.safeParse({ address: '丸の内\u0000' }).success).toBe(false);
  });

  it('rejects unknown parameters', () => {
    expect(SearchParamsSchema.safeParse({ q: 'トヨタ', page: '2' }).success).toBe(false);
  });
});
