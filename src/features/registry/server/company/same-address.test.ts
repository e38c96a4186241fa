import { describe, expect, it } from 'vitest';

import { testRegistry } from '@tests/support/test-registry';

import { ntaRow } from '../../testing';
import { companiesAtSameAddress } from './same-address';

const at = (streetNumber: string, more: Parameters<typeof ntaRow>[0] = {}) =>
  ntaRow({ cityName: '港区', cityCode: '103', postCode: '1080075', streetNumber, ...more });
const own = at('港南１丁目７番１号', { name: 'ソニーグループ株式会社', furigana: 'ソニーグループ' });
const sameWrittenOtherwise = at('港南1-7-1', { name: '株式会社ソニー・ミュージック', furigana: 'ソニーミュージック' });
const sameKana = at('港南１－７－１', { name: 'ソニー生命株式会社', furigana: 'ソニーセイメイ', kind: '399' });
const otherNumber = at('港南1-7-11', { name: '株式会社隣の番地' });
const closed = at('港南1-7-1', { name: '株式会社閉鎖済み', process: '21', closeDate: '2020-03-31', closeCause: '01' });
const hidden = at('港南1-7-1', { name: '株式会社秘匿', hihyoji: true });
const otherCity = ntaRow({ cityName: '品川区', cityCode: '109', streetNumber: '港南1-7-1', name: '株式会社別の区' });
/** A company registered abroad (no prefecture, city or street; 国外所在地 only). */
const abroadRow = () =>
  ntaRow({
    prefectureName: null,
    cityName: null,
    streetNumber: null,
    prefectureCode: null,
    cityCode: null,
    addressOutside: 'New York',
  });
const abroad = abroadRow();
const abroadToo = abroadRow();

const registry = testRegistry([own, sameWrittenOtherwise, sameKana, otherNumber, closed, hidden, otherCity, abroad, abroadToo]);

describe('companiesAtSameAddress (同じ所在地の法人)', () => {
  it('lists the other active, searchable companies at the same address however it is written, in 五十音順', () => {
    expect(companiesAtSameAddress(own.corporateNumber, registry.store)).toEqual({
      items: [
        { corporateNumber: sameKana.corporateNumber, name: 'ソニー生命株式会社', kindLabel: 'その他の設立登記法人' },
        { corporateNumber: sameWrittenOtherwise.corporateNumber, name: '株式会社ソニー・ミュージック', kindLabel: '株式会社' },
      ],
      more: false,
    });
  });

  it('says when there are more than the limit', () => {
    const result = companiesAtSameAddress(own.corporateNumber, registry.store, 1);
    expect(result.items.map((i) => i.name)).toEqual(['ソニー生命株式会社']);
    expect(result.more).toBe(true);
  });

  it('lists the neighbours of a closed company too, and nothing for a company without a domestic address or an unknown number', () => {
    expect(companiesAtSameAddress(closed.corporateNumber, registry.store).items.map((i) => i.name)).toEqual([
      'ソニーグループ株式会社',
      'ソニー生命株式会社',
      '株式会社ソニー・ミュージック',
    ]);
    expect(companiesAtSameAddress(abroad.corporateNumber, registry.store)).toEqual({ items: [], more: false });
    expect(companiesAtSameAddress('8040001999013', registry.store)).toEqual({ items: [], more: false });
  });
});
