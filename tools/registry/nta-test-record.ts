import type { NtaRecord } from './nta-synthetic';

/**
 * The NTA record tests start from and override: an active 株式会社 in 東京都千代田区, the current
 * row, assigned 2015-10-05 and unchanged since 2020-04-01. Shared by the registry's test helpers
 * (src/features/registry/testing.ts) and the e2e journeys that write a daily diff (watch.spec.ts).
 */
export function testNtaRecord({ corporateNumber, ...fields }: Partial<NtaRecord> & Pick<NtaRecord, 'corporateNumber'>): NtaRecord {
  return {
    corporateNumber,
    process: '01',
    correct: '0',
    updateDate: '2020-04-01',
    changeDate: '2020-04-01',
    name: '株式会社テスト',
    nameImageId: null,
    kind: '301',
    prefectureName: '東京都',
    cityName: '千代田区',
    streetNumber: '丸の内一丁目1番1号',
    addressImageId: null,
    prefectureCode: '13',
    cityCode: '101',
    postCode: '1000005',
    addressOutside: null,
    addressOutsideImageId: null,
    closeDate: null,
    closeCause: null,
    successorCorporateNumber: null,
    changeCause: null,
    assignmentDate: '2015-10-05',
    latest: true,
    enName: null,
    enPrefectureName: null,
    enCityName: null,
    enAddressOutside: null,
    furigana: null,
    hihyoji: false,
    ...fields,
  };
}
