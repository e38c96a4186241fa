import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReferenceRecord } from '../schemas';
import { CompanyRecord } from './company-record';

const current = {
  process: '01',
  processLabel: '新規',
  correction: false,
  updateDate: '2026-11-20',
  changeDate: '2026-11-20',
  name: '株式会社日次更新',
  furigana: null,
  enName: null,
  kind: '301',
  kindLabel: '株式会社',
  prefectureCode: '13',
  prefectureName: '東京都',
  cityCode: '103',
  cityName: '港区',
  streetNumber: '芝公園１丁目',
  postCode: '1050011',
  addressOutside: null,
  address: '東京都港区芝公園１丁目',
  enAddress: null,
  closeDate: null,
  closeCause: null,
  closeCauseLabel: null,
  successorCorporateNumber: null,
  changeCause: null,
} as const;

const record = (dataDate: string | null): ReferenceRecord => ({
  company: {
    corporateNumber: '2010401000001',
    assignmentDate: '2015-10-05',
    closed: false,
    current,
    history: [],
    formerNames: [],
    registry: { builtAt: '2026-11-21T00:00:00.000Z', isSample: false, dataDate },
  },
  companyLegalNumber: '010401000001',
  // Not orderable: the order button needs the app router, which a static render has not.
  orderable: false,
  successor: null,
  timeline: [],
  invoice: { state: 'not_registered', statusLabel: '登録なし（2026年11月26日時点の公表データ）', dataDate: '2026-11-26' },
  sameAddress: { items: [], more: false },
  path: '/search-service/result?corporateNumber=2010401000001',
});

describe('CompanyRecord', () => {
  it('says the データ更新日 of the registry the record comes from', () => {
    const html = renderToStaticMarkup(<CompanyRecord record={record('2026-11-20')} attribution={null} />);
    expect(html).toContain('データ更新日：<time dateTime="2026-11-20">2026年11月20日</time>');
  });

  it('lists 同じ所在地の法人 with links to their records, and says when there are more', () => {
    const html = renderToStaticMarkup(
      <CompanyRecord
        record={{
          ...record(null),
          sameAddress: { items: [{ corporateNumber: '5010401067252', name: 'ソニーグループ株式会社', kindLabel: '株式会社' }], more: true },
        }}
        attribution={null}
      />,
    );
    expect(html).toContain('同じ所在地の法人');
    expect(html).toContain('href="/search-service/result?corporateNumber=5010401067252"');
    expect(html).toContain('ほかにもこの所在地の法人があります');
    expect(renderToStaticMarkup(<CompanyRecord record={record(null)} attribution={null} />)).not.toContain('同じ所在地の法人');
  });

  it('says nothing of a date the registry does not have', () => {
    expect(renderToStaticMarkup(<CompanyRecord record={record(null)} attribution={null} />)).not.toContain('データ更新日');
  });

  it('links the company on the NTA site and its registration on the invoice site, in a new tab and labelled external', () => {
    const html = renderToStaticMarkup(<CompanyRecord record={record(null)} attribution={null} />);
    expect(html).toContain(
      '<a href="https://www.houjin-bangou.nta.go.jp/henkorireki-johoto.html?selHouzinNo=2010401000001" target="_blank" rel="noopener noreferrer">',
    );
    expect(html).toContain(
      '<a href="https://www.invoice-kohyo.nta.go.jp/regno-search/detail?selRegNo=2010401000001" target="_blank" rel="noopener noreferrer">',
    );
    expect(html.match(/（外部サイト・新しいタブで開きます）/g)).toHaveLength(2);
  });

  it('says 登録なし dated by the invoice data for a company with no registration in it, never 不明', () => {
    const html = renderToStaticMarkup(<CompanyRecord record={record(null)} attribution={null} />);
    expect(html).toContain('登録なし（2026年11月26日時点の公表データ）');
    expect(html).not.toContain('不明');
  });

  it('says 不明 only when no invoice data is loaded', () => {
    const html = renderToStaticMarkup(
      <CompanyRecord
        record={{ ...record(null), invoice: { state: 'unknown', statusLabel: '不明（公表データを準備中）' } }}
        attribution={null}
      />,
    );
    expect(html).toContain('不明（公表データを準備中）');
    expect(html).not.toContain('登録なし');
  });

  it("labels a registration's 登録状況 with the invoice data's own date, not with today's (issue 24 point 4)", () => {
    const known = (dataDate: string | null): ReferenceRecord => ({
      ...record(null),
      invoice: {
        state: 'known',
        registrationNumber: 'T2010401000001',
        registrationDate: '2023-10-01',
        disposalDate: null,
        expireDate: null,
        status: 'valid',
        statusLabel: '登録されています',
        asOf: '2026-12-07',
        dataDate,
        isSample: false,
      },
    });
    const html = renderToStaticMarkup(<CompanyRecord record={known('2026-01-30')} attribution={null} />);
    expect(html).toContain('登録状況（2026年1月30日時点の公表データ）');
    expect(html).not.toContain('2026年12月7日');
    const undated = renderToStaticMarkup(<CompanyRecord record={known(null)} attribution={null} />);
    expect(undated).toContain('登録状況（公表データ）');
    expect(undated).not.toContain('2026年12月7日');
  });
});
