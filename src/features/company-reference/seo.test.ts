import { describe, expect, it } from 'vitest';

import type { ReferenceRecord } from './schemas';
import { jsonLdText, recordDescription, recordJsonLd, recordTitle } from './seo';

const current = {
  process: '71',
  processLabel: '吸収合併',
  correction: false,
  updateDate: '2019-01-08',
  changeDate: '2019-01-01',
  name: '株式会社</script><script>alert(1)</script>',
  furigana: 'テスト',
  enName: 'Test Co., Ltd.',
  kind: '301',
  kindLabel: '株式会社',
  prefectureCode: '23',
  prefectureName: '愛知県',
  cityCode: '211',
  cityName: '豊田市',
  streetNumber: '元町１番地',
  postCode: '4718501',
  addressOutside: null,
  address: '愛知県豊田市元町１番地',
  enAddress: null,
  closeDate: '2019-01-01',
  closeCause: '11',
  closeCauseLabel: '合併による解散等',
  successorCorporateNumber: '1180301018771',
  changeCause: null,
} as const;

const record: ReferenceRecord = {
  company: {
    corporateNumber: '4234901000007',
    assignmentDate: '2015-10-05',
    closed: true,
    current,
    history: [],
    formerNames: ['株式会社旧名'],
    registry: { builtAt: '2026-11-22T00:00:00.000Z', isSample: true, dataDate: '2026-11-20' },
  },
  companyLegalNumber: '234901000007',
  orderable: true,
  successor: { corporateNumber: '1180301018771', name: 'トヨタ自動車株式会社' },
  timeline: [],
  invoice: { state: 'not_registered', statusLabel: '登録なし（2026年11月26日時点の公表データ）', dataDate: '2026-11-26' },
  sameAddress: { items: [], more: false },
  path: '/search-service/result?corporateNumber=4234901000007',
};

describe('record SEO', () => {
  it('gives an Organization with the 法人番号 as identifier and taxID, the address and the dissolution date', () => {
    const ld = recordJsonLd(record, 'https://hojin.example/search-service/result?corporateNumber=4234901000007');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      taxID: '4234901000007',
      alternateName: ['テスト', 'Test Co., Ltd.', '株式会社旧名'],
      address: {
        '@type': 'PostalAddress',
        addressCountry: 'JP',
        postalCode: '471-8501',
        addressRegion: '愛知県',
        addressLocality: '豊田市',
      },
      dissolutionDate: '2019-01-01',
    });
    expect(ld.identifier).toEqual([
      { '@type': 'PropertyValue', propertyID: '法人番号', name: '法人番号', value: '4234901000007' },
      { '@type': 'PropertyValue', propertyID: '会社法人等番号', name: '会社法人等番号', value: '234901000007' },
    ]);
    // No registration in the invoice data: no vatID claimed.
    expect(ld).not.toHaveProperty('vatID');
  });

  it('escapes the JSON so a name cannot close the script element', () => {
    const text = jsonLdText(recordJsonLd(record, 'https://hojin.example/x'));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toMatchObject({ name: current.name });
  });

  it('names the company, its number and the closure in the title and description', () => {
    expect(recordTitle(record)).toBe(`${current.name}（法人番号 4234901000007）の法人情報`);
    expect(recordDescription(record)).toContain('旧商号「株式会社旧名」を含む変更履歴');
    expect(recordDescription(record)).toContain('（2019年1月1日閉鎖）');
    expect(recordDescription(record)).toContain('出典：国税庁法人番号公表サイト');
  });
});
