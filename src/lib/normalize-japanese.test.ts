import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KANJI_VARIANTS, codePointLength, normalizeJapanese as n } from './normalize-japanese';

/** The alphabet promised by the file comment: letters and digits only, nothing folded away. */
function outsideAlphabet(s: string): string[] {
  return Array.from(s).filter(
    (c) =>
      !/^[\p{L}\p{N}]$/u.test(c) ||
      /[A-Z\u3041-\u309f\uff00-\uffef\u30fb\ue000-\uf8ff\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u30f0\u30f1]/u.test(
        c,
      ) ||
      KANJI_VARIANTS.has(c.codePointAt(0) ?? 0),
  );
}

describe('normalizeJapanese', () => {
  it.each([
    ['トヨタ', 'トヨタ'],
    ['ﾄﾖﾀ', 'トヨタ'],
    ['とよた', 'トヨタ'],
    ['株式会社トヨタ', 'トヨタ'],
    ['トヨタ自動車株式会社', 'トヨタ自動車'],
    ['T&M', 'tm'],
    ['Ｔ＆Ｍ', 'tm'],
    ['ｔ＆ｍ', 'tm'],
    ['株式会社Ｔ＆Ｍコンサルティング', 'tmコンサルテイング'],
    ['ソニー', 'ソニー'],
    ['そにー', 'ソニー'],
    ['ｿﾆｰ', 'ソニー'],
    ['ソニ−', 'ソニー'],
    ['ソニ―', 'ソニー'],
    ['ソニ-', 'ソニー'],
    ['ソニ－', 'ソニー'],
    ['T-Mobile', 'tmobile'],
    ['ABC－１２３', 'abc123'],
  ])('folds %s to %s', (input, expected) => {
    expect(n(input)).toBe(expected);
  });

  it.each([
    ['(株)テスト', 'テスト'],
    ['㈱テスト', 'テスト'],
    ['（株）テスト', 'テスト'],
    ['テスト㈲', 'テスト'],
    ['テスト(同)', 'テスト'],
    ['有限会社テスト', 'テスト'],
    ['合同会社テスト', 'テスト'],
    ['合名会社テスト', 'テスト'],
    ['合資会社テスト', 'テスト'],
    ['一般社団法人テスト協会', 'テスト協会'],
    ['一般財団法人テスト財団', 'テスト財団'],
    ['公益社団法人テスト', 'テスト'],
    ['公益財団法人テスト', 'テスト'],
    ['特定非営利活動法人テスト', 'テスト'],
    ['医療法人社団テスト会', 'テスト会'],
    ['社会福祉法人テスト福祉会', 'テスト福祉会'],
    ['学校法人テスト学園', 'テスト学園'],
    ['宗教法人テスト寺', 'テスト寺'],
    ['㍿テスト', 'テスト'],
    ['カブシキガイシャテスト', 'テスト'],
    ['株式会社', ''],
  ])('removes the legal form in %s', (input, expected) => {
    expect(n(input)).toBe(expected);
  });

  it.each([
    ['髙橋', '高橋'],
    ['山﨑', '山崎'],
    ['德川', '徳川'],
    ['麴町', '麹町'],
    ['渡邊', '渡辺'],
    ['渡邉', '渡辺'],
    ['齋藤', '斎藤'],
    ['齊藤', '斎藤'],
    ['濱田', '浜田'],
    ['澤井', '沢井'],
    ['國學院', '国学院'],
    ['𠮷野家', '吉野家'],
  ])('maps the old or variant form %s to %s', (input, expected) => {
    expect(n(input)).toBe(expected);
  });

  it('folds small kana and obsolete kana so older registrations match', () => {
    expect(n('キャノン')).toBe(n('キヤノン'));
    expect(n('フィルム')).toBe(n('フイルム'));
    expect(n('ウヰスキー')).toBe(n('ウイスキー'));
    expect(n('霞ヶ関')).toBe(n('霞ケ関'));
  });

  it('drops spaces, 中点 and punctuation of every width', () => {
    expect(n('エー・ビー・シー')).toBe('エービーシー');
    expect(n('日本　建設 工業')).toBe('日本建設工業');
    expect(n('A.B.C.')).toBe('abc');
    expect(n('「テスト」！')).toBe('テスト');
  });

  it('keeps a long-vowel mark only after kana, also across dropped characters', () => {
    expect(n('ア・ー')).toBe('アー');
    expect(n('ー日本')).toBe('日本');
    expect(n('日本ー')).toBe('日本');
    expect(n('日本カブシキガイシャー')).toBe('日本');
  });

  it('removes legal forms that stripping brings together', () => {
    expect(n('株式株式会社会社')).toBe('');
  });

  it('folds Latin diacritics and case', () => {
    expect(n('Société GÉNÉRALE')).toBe('societegenerale');
    expect(n('Straße')).toBe('strasse');
  });

  it('returns an empty string for empty or symbol-only input', () => {
    expect(n('')).toBe('');
    expect(n('・・・')).toBe('');
    expect(n('　')).toBe('');
  });

  it('never maps a kanji to another key of the variant table', () => {
    for (const target of KANJI_VARIANTS.values()) expect(KANJI_VARIANTS.has(target)).toBe(false);
  });

  const japaneseChar = fc.oneof(
    fc.integer({ min: 0x3000, max: 0x30ff }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0xff00, max: 0xffef }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCharCode(c)),
    fc.constantFrom(...Array.from(KANJI_VARIANTS.keys(), (c) => String.fromCodePoint(c))),
    fc.constantFrom('株式会社', '(株)', '㈱', 'カブシキガイシャ', 'ー', '-', '・', '＆', ' ', '﨑', '𠮷', 'é', 'İ', 'ß'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  );
  const japaneseText = fc.array(japaneseChar, { maxLength: 24 }).map((parts) => parts.join(''));
  const anyText = fc.oneof(japaneseText, fc.string({ unit: 'binary', maxLength: 40 }));

  it('is idempotent when a dropped character or a removed legal form brings Hangul jamo together', () => {
    for (const [input, expected] of [
      ['ﾱ株式会社ￂ', '마'],
      ['ﾡ＀ￂ', '가'],
    ] as const) {
      const once = n(input);
      expect(once).toBe(expected);
      expect(n(once)).toBe(once);
    }
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const once = n(s);
        expect(n(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws and returns only letters and digits of the allowed alphabet (property)', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const out = n(s);
        expect(typeof out).toBe('string');
        expect(outsideAlphabet(out)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same result for hiragana and katakana spellings (property)', () => {
    const hiragana = fc
      .array(fc.integer({ min: 0x3041, max: 0x3096 }), { minLength: 1, maxLength: 12 })
      .map((cs) => String.fromCharCode(...cs));
    fc.assert(
      fc.property(hiragana, (h) => {
        const k = Array.from(h, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60)).join('');
        expect(n(h)).toBe(n(k));
      }),
    );
  });

  it('counts astral characters as one character', () => {
    expect(codePointLength('𠮷野家')).toBe(3);
    expect(codePointLength('')).toBe(0);
  });
});
