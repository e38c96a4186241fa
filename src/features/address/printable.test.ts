import { describe, expect, it } from 'vitest';

import { printableError, unprintableCharacters, unprintableMessage } from './printable';

const nfkc = (s: string) => s.normalize('NFKC');

describe('unprintableCharacters (what a delivery label and the receipt can print)', () => {
  it.each([
    ['an ordinary address', '丸の内1-1-1 サンプルビル3階'],
    ['kanji of Windows-31J’s extensions', '髙橋 﨑山 德永'],
    ['JIS X 0213 kanji outside Windows-31J', '𠮷野家'],
    ['kana beyond Windows-31J', 'ゔぁいおりん'],
    ['the Mac’s wave dash and minus', '1〜3丁目 2−1'],
    ['signs of JIS X 0208', '♪★〒※○△□'],
    ['Greek and Cyrillic of JIS X 0208', 'Ωя'],
    ['full-width forms after NFKC', nfkc('ＡＢＣビル　１２３号室 ￥ ～')],
    ['circled digits and ㈱ after NFKC', nfkc('①ビル ㈱サンプル')],
    ['half-width kana after NFKC', nfkc('ｻﾝﾌﾟﾙﾋﾞﾙ')],
    ['ASCII punctuation', '#3F (A&B) \'x\' "y" 1/2 @ _'],
  ])('accepts %s', (_name, value) => {
    expect(unprintableCharacters(value)).toEqual([]);
  });

  it.each([
    ['an emoji', 'ビル🏢3階', ['🏢']],
    ['an emoji with its variation selector', '❤️', ['❤', '\ufe0f']],
    ['a family emoji (joined by ZWJ)', '👨‍👩‍👧', ['👨', '\u200d', '👩', '👧']],
    ['a keycap', '1️⃣', ['\ufe0f', '\u20e3']],
    ['a skin tone', '👍🏽', ['👍', '🏽']],
    ['a flag', '🇯🇵', ['🇯', '🇵']],
    ['pictographs of the BMP', '☎ ♡', ['☎', '♡']],
    ['Hangul', '서울', ['서', '울']],
    ['an accented letter', 'Café', ['é']],
    ['private use', 'ビル\ue000', ['\ue000']],
    ['an ideographic variation selector', '葛\u{e0100}', ['\u{e0100}']],
  ])('refuses %s', (_name, value, expected) => {
    expect(unprintableCharacters(nfkc(value))).toEqual(expected);
  });

  it('names each refused character once, in order', () => {
    expect(unprintableCharacters('😀a😀b🏢')).toEqual(['😀', '🏢']);
  });
});

describe('unprintableMessage', () => {
  it('names the field and up to three characters, and says what to do', () => {
    expect(printableError('町名・番地', 'ビル🏢3階')).toBe(
      '町名・番地に使用できない文字「🏢」が含まれています。絵文字や一部の記号・外国の文字は、お届け伝票や書類に印字できないため、取り除くか別の文字に置き換えてください。',
    );
    expect(unprintableMessage('宛名', ['😀', '🏢', '☎', '♡'])).toContain('「😀」「🏢」「☎」などが含まれています');
  });

  it('shows an invisible character by its code point', () => {
    expect(unprintableMessage('宛名', ['\u200d'])).toContain('「U+200D」');
    expect(unprintableMessage('宛名', ['\u{e0100}'])).toContain('「U+E0100」');
  });

  it('is null when everything can be printed', () => {
    expect(printableError('宛名', '山田 太郎')).toBeNull();
  });
});
