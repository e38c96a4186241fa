import { describe, expect, it } from 'vitest';

import { PREFECTURE_NAMES, PREFECTURES, isPrefectureName, prefectureByCode, prefectureByName } from './prefectures';

describe('prefectures', () => {
  it('lists the 47 prefectures in JIS code order, 01 北海道 to 47 沖縄県', () => {
    expect(PREFECTURES).toHaveLength(47);
    PREFECTURES.forEach((p, i) => expect(p.code).toBe(String(i + 1).padStart(2, '0')));
    expect(PREFECTURE_NAMES[0]).toBe('北海道');
    expect(PREFECTURE_NAMES[12]).toBe('東京都');
    expect(PREFECTURE_NAMES[46]).toBe('沖縄県');
    expect(new Set(PREFECTURE_NAMES).size).toBe(47);
  });

  it('finds a prefecture by name and by code with or without the leading zero', () => {
    expect(prefectureByName('京都府')?.code).toBe('26');
    expect(prefectureByCode('01')?.name).toBe('北海道');
    expect(prefectureByCode(1)?.name).toBe('北海道');
    expect(prefectureByName('東京')).toBeUndefined();
    expect(isPrefectureName('大阪府')).toBe(true);
    expect(isPrefectureName('大阪')).toBe(false);
  });
});
