import { describe, expect, it } from 'vitest';

import { isPlainText, multiLineText, singleLineText } from './plain-text';

// The one table of what a text field takes (issue 11 §6).
const REFUSED_EVERYWHERE: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['backspace', '\b'],
  ['tab', '\t'],
  ['carriage return', '\r'],
  ['ESC (terminal control)', '\u001b[2J'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
  ['lone high surrogate', '\ud83d'],
  ['lone low surrogate', '\udc4d'],
  ['reversed pair', '\udc4d\ud83d'],
  ['noncharacter U+FDD0', '\ufdd0'],
  ['noncharacter U+FFFE', '\ufffe'],
  ['noncharacter U+FFFF', '\uffff'],
  ['noncharacter U+1FFFF', '\u{1ffff}'],
  ['noncharacter U+10FFFF', '\u{10ffff}'],
];
const LINE_BREAKS: [string, string][] = [
  ['line feed', '\n'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
];
const ACCEPTED: [string, string][] = [
  ['kanji and kana', '株式会社サンプル　経理部'],
  ['half-width kana', 'ｶﾌﾞｼｷｶﾞｲｼｬ'],
  ['kanji outside the BMP (a surrogate pair)', '𠮷野家'],
  ['emoji with a joiner', '👩‍💻 ビル３階'],
  ['symbols', '〒100-0005 ①（株）・ー〜'],
  ['U+FFFD', '\ufffd'],
  ['U+FDF0 (after the noncharacter block)', '\ufdf0'],
];

describe('isPlainText', () => {
  it.each(REFUSED_EVERYWHERE)('refuses %s in one-line and multi-line fields', (_name, c) => {
    expect(isPlainText(`あ${c}い`)).toBe(false);
    expect(isPlainText(`あ${c}い`, { multiline: true })).toBe(false);
  });
  it.each(LINE_BREAKS)('refuses a %s in a one-line field', (_name, c) => {
    expect(isPlainText(`あ${c}い`)).toBe(false);
  });
  it('allows a line feed, and only that, in a multi-line field', () => {
    expect(isPlainText('一行目\n二行目', { multiline: true })).toBe(true);
    expect(isPlainText('一行目\r\n二行目', { multiline: true })).toBe(false);
  });
  it.each(ACCEPTED)('accepts %s', (_name, value) => {
    expect(isPlainText(value)).toBe(true);
    expect(isPlainText(value, { multiline: true })).toBe(true);
  });
});

describe('the builders', () => {
  it('answer a Japanese message naming the field, before any length rule', () => {
    const result = singleLineText('商号').max(3).safeParse('株式会社\u0000テスト');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('商号に使用できない文字（改行や制御文字など）が含まれています。入力し直してください。');
    expect(multiLineText('本文').safeParse('a\u0000').error?.issues[0]?.message).toBe(
      '本文に使用できない文字（制御文字など）が含まれています。入力し直してください。',
    );
  });
});
