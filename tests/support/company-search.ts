import type { CompanySummary } from '@/features/registry';

/**
 * Test helpers of the search feature (for *.test.ts files only): one search result as the API
 * gives it — the sample registry's renamed company (株式会社商号変更前 → 株式会社商号変更後) —
 * with any field replaced.
 */
export function sampleCompany(overrides: Partial<CompanySummary> = {}): CompanySummary {
  return {
    corporateNumber: '8040001999013',
    name: '株式会社商号変更後',
    furigana: 'ショウゴウヘンコウアト',
    enName: null,
    kind: '301',
    kindLabel: '株式会社',
    prefectureCode: '13',
    prefectureName: '東京都',
    cityName: '千代田区',
    streetNumber: '丸の内１丁目１－１',
    postCode: '1000005',
    addressOutside: null,
    address: '東京都千代田区丸の内１丁目１－１',
    closed: false,
    closeDate: null,
    closeCause: null,
    closeCauseLabel: null,
    successorCorporateNumber: null,
    formerNames: ['株式会社商号変更前'],
    matchedFormerName: null,
    match: 'prefix',
    assignmentDate: '2015-10-05',
    updateDate: '2017-05-09',
    ...overrides,
  };
}

/**
 * One company of each orderability (orders/orderable.ts): no commercial registry (国の機関), a
 * foreign company without a registry record, one with a record. The result list's and the
 * table's tests check their order button follows the rule for each.
 */
export const ORDERABILITY_SAMPLES = [
  { kind: '101', kindLabel: '国の機関', corporateNumber: '7000012050002' },
  { kind: '401', kindLabel: '外国会社等', corporateNumber: '7000012050002' },
  { kind: '305', kindLabel: '合同会社', corporateNumber: '8040001999013' },
] as const;
