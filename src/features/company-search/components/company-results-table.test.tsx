import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { orderabilityOf } from '@/features/orders';
import type { CompanySummary } from '@/features/registry';

import { ORDERABILITY_SAMPLES, sampleCompany } from '@tests/support/company-search';
import { CompanyResultsTable } from './company-results-table';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));

const base = sampleCompany();

const render = (companies: Partial<CompanySummary>[]) =>
  renderToStaticMarkup(
    <CompanyResultsTable companies={companies.map((c) => ({ ...base, ...c }))} stale={false} onChoose={() => undefined} />,
  ).replace(/<!-- -->/g, '');

describe('CompanyResultsTable', () => {
  it('is a table with a caption, column headers and the company name as the row header linking to its record', () => {
    const html = render([{}]);
    expect(html).toContain('<caption class="visually-hidden">検索結果（1件を表示）</caption>');
    for (const h of ['商号／フリガナ', '法人番号', '所在地', '法人種別', '状態', 'お申し込み'])
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${h}</th>`));
    expect(html).toMatch(
      /<th scope="row"[^>]*><a [^>]*href="\/search-service\/result\?corporateNumber=8040001999013"[^>]*>株式会社商号変更後<\/a>/,
    );
    expect(html).toContain('ショウゴウヘンコウアト');
    expect(html).toContain('東京都千代田区丸の内１丁目１－１');
    expect(html).toContain('>存続<');
    expect(html).toContain('aria-label="株式会社商号変更後の証明書を申請する"');
  });

  it('shows the closing date and cause, and why a company matched under another name', () => {
    const html = render([
      { closed: true, closeDate: '2020-03-31', closeCause: '11', closeCauseLabel: '合併による解散等' },
      { corporateNumber: '1180301018771', match: 'former_name', matchedFormerName: '株式会社商号変更前' },
    ]);
    expect(html).toMatch(/>閉鎖<\/span><span class="[^"]*">2020年3月31日<\/span>/);
    expect(html).toContain('合併による解散等');
    expect(html).toContain('旧商号「株式会社商号変更前」で一致しました');
    // A closed company's record can still be ordered (閉鎖事項証明書).
    expect(html.match(/の証明書を申請する"/g)).toHaveLength(2);
  });

  it('offers the order button exactly when the orders rule says the company can be ordered, and says why not', () => {
    for (const c of ORDERABILITY_SAMPLES) {
      const html = render([c]);
      const rule = orderabilityOf({ ...c, closed: false });
      expect(html.includes('証明書を申請</button>'), c.kind).toBe(rule.orderable);
      if (!rule.orderable) {
        expect(html).toContain('取り寄せできません');
        expect(html).toContain(rule.message);
      }
    }
  });
});
