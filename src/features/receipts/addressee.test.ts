import { describe, expect, it } from 'vitest';

import { splitAddressee } from './addressee';

describe('splitAddressee', () => {
  it('addresses a person 様 and a company or department 御中', () => {
    expect(splitAddressee('山田 太郎')).toEqual({ name: '山田 太郎', honorific: '様' });
    expect(splitAddressee('株式会社サンプル')).toEqual({ name: '株式会社サンプル', honorific: '御中' });
    expect(splitAddressee('サンプル合同会社')).toEqual({ name: 'サンプル合同会社', honorific: '御中' });
    expect(splitAddressee('㈱サンプル')).toEqual({ name: '㈱サンプル', honorific: '御中' });
    expect(splitAddressee('株式会社サンプル 経理部')).toEqual({ name: '株式会社サンプル 経理部', honorific: '御中' });
  });

  it('addresses a person at a company 様', () => {
    expect(splitAddressee('株式会社サンプル 山田 太郎')).toEqual({ name: '株式会社サンプル 山田 太郎', honorific: '様' });
  });

  it('uses the honorific the member typed instead of doubling it', () => {
    expect(splitAddressee('山田太郎様')).toEqual({ name: '山田太郎', honorific: '様' });
    expect(splitAddressee('株式会社サンプル　御中')).toEqual({ name: '株式会社サンプル', honorific: '御中' });
    expect(splitAddressee('山田 太郎 殿')).toEqual({ name: '山田 太郎', honorific: '様' });
  });

  it('prints the name as typed, with spaces trimmed and collapsed', () => {
    expect(splitAddressee('　ＡＢＣ　商店　')).toEqual({ name: 'ＡＢＣ 商店', honorific: '様' });
    expect(splitAddressee('（株）サンプル　')).toEqual({ name: '（株）サンプル', honorific: '御中' });
  });
});
