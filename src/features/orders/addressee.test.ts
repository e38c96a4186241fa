import { describe, expect, it } from 'vitest';

import { receiptAddresseeOf, splitAddressee, withHonorific } from './addressee';

// [what the member typed, what pages and mails show, the receipt's name, the receipt's honorific]
const CASES: [string, string, string, string][] = [
  // 1. an honorific the member typed is theirs: nothing added, nothing changed
  ['株式会社サンプル 総務部 御中', '株式会社サンプル 総務部 御中', '株式会社サンプル 総務部', '御中'],
  ['株式会社サンプル　総務部　御中　', '株式会社サンプル 総務部 御中', '株式会社サンプル 総務部', '御中'],
  ['山田太郎様', '山田太郎様', '山田太郎', '様'],
  ['山田 太郎 様', '山田 太郎 様', '山田 太郎', '様'],
  ['山田 太郎 殿', '山田 太郎 殿', '山田 太郎', '殿'],
  ['株主各位', '株主各位', '株主', '各位'],
  ['株式会社サンプル ご担当者様', '株式会社サンプル ご担当者様', '株式会社サンプル ご担当者', '様'],
  // 2. a unit or an organisation by its last word
  ['株式会社サンプル 経理部', '株式会社サンプル 経理部 御中', '株式会社サンプル 経理部', '御中'],
  ['株式会社サンプル総務部', '株式会社サンプル総務部 御中', '株式会社サンプル総務部', '御中'],
  ['人事部', '人事部 御中', '人事部', '御中'],
  ['サンプル銀行 新宿支店', 'サンプル銀行 新宿支店 御中', 'サンプル銀行 新宿支店', '御中'],
  ['山田税理士事務所', '山田税理士事務所 御中', '山田税理士事務所', '御中'],
  ['ＡＢＣ商店', 'ＡＢＣ商店 御中', 'ＡＢＣ商店', '御中'],
  ['東京大学', '東京大学 御中', '東京大学', '御中'],
  ['Sample Co., Ltd.', 'Sample Co., Ltd. 御中', 'Sample Co., Ltd.', '御中'],
  ['Example Inc.', 'Example Inc. 御中', 'Example Inc.', '御中'],
  // 3. a legal-entity form: the organisation 御中, a person at it 様
  ['株式会社サンプル', '株式会社サンプル 御中', '株式会社サンプル', '御中'],
  ['サンプル合同会社', 'サンプル合同会社 御中', 'サンプル合同会社', '御中'],
  ['株式会社 サンプル', '株式会社 サンプル 御中', '株式会社 サンプル', '御中'],
  ['サンプル 株式会社', 'サンプル 株式会社 御中', 'サンプル 株式会社', '御中'],
  ['㈱サンプル', '㈱サンプル 御中', '㈱サンプル', '御中'],
  ['（株）サンプル　', '（株）サンプル 御中', '（株）サンプル', '御中'],
  ['一般社団法人サンプル協会', '一般社団法人サンプル協会 御中', '一般社団法人サンプル協会', '御中'],
  ['株式会社サンプル 山田 太郎', '株式会社サンプル 山田 太郎 様', '株式会社サンプル 山田 太郎', '様'],
  ['サンプル株式会社 山田', 'サンプル株式会社 山田 様', 'サンプル株式会社 山田', '様'],
  ['株式会社サンプル 総務部 山田', '株式会社サンプル 総務部 山田 様', '株式会社サンプル 総務部 山田', '様'],
  // 4. a person
  ['山田 太郎', '山田 太郎 様', '山田 太郎', '様'],
  ['山田太郎', '山田太郎 様', '山田太郎', '様'],
  ['阿部', '阿部 様', '阿部', '様'],
  ['服部 半蔵', '服部 半蔵 様', '服部 半蔵', '様'],
  ['長谷部', '長谷部 様', '長谷部', '様'],
  ['John Smith', 'John Smith 様', 'John Smith', '様'],
  ['　ＡＢＣ　太郎　', 'ＡＢＣ 太郎 様', 'ＡＢＣ 太郎', '様'],
  // an honorific alone is a name, not an honorific to strip
  ['様', '様 様', '様', '様'],
];

describe('the honorific rule (decision 0024)', () => {
  it.each(CASES)('%s → %s', (typed, shown, name, honorific) => {
    expect(withHonorific(typed)).toBe(shown);
    expect(splitAddressee(typed)).toEqual({ name, honorific });
  });

  it('never shows two honorifics: the receipt prints what the pages show', () => {
    for (const [typed] of CASES.slice(0, -1)) {
      const shown = withHonorific(typed);
      expect(shown).not.toMatch(/(御中|様|殿|各位)\s*(御中|様|殿|各位)$/u);
      const { name, honorific } = splitAddressee(typed);
      expect(shown.replace(/\s/g, '')).toBe(`${name}${honorific}`.replace(/\s/g, ''));
    }
  });

  it('names the receipt after the お届け先 when the 領収書の宛名 was left empty', () => {
    expect(receiptAddresseeOf({ receiptRecipient: '  ', recipient: '山田 太郎' })).toBe('山田 太郎');
    expect(receiptAddresseeOf({ receiptRecipient: '株式会社サンプル　経理部', recipient: '山田 太郎' })).toBe('株式会社サンプル 経理部');
  });
});
