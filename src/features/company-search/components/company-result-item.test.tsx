import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { orderabilityOf } from '@/features/orders';
import type { CompanySummary } from '@/features/registry';

import { ORDERABILITY_SAMPLES, sampleCompany } from '@tests/support/company-search';
import { missingPhrases } from '@tests/support/legal-fixtures';
import { CompanyResultItem } from './company-result-item';

const base = sampleCompany();

const render = (c: Partial<CompanySummary>) =>
  renderToStaticMarkup(<CompanyResultItem company={{ ...base, ...c }} onChoose={() => undefined} />).replace(/<!-- -->/g, '');

describe('CompanyResultItem', () => {
  it('shows name, reading, kind, address with postal code, 法人番号, the order button and the free reference link', () => {
    const html = render({});
    expect(
      missingPhrases(html, [
        '>株式会社商号変更後</h3>',
        'ショウゴウヘンコウアト',
        '>株式会社</span>',
        '〒100-0005 東京都千代田区丸の内１丁目１－１',
        '8040001999013',
        'この法人の証明書を申請する',
        'href="/search-service/result?corporateNumber=8040001999013"',
        '旧商号：株式会社商号変更前',
      ]),
    ).toEqual([]);
    expect(html).not.toContain('閉鎖');
  });

  it('says which former name matched', () => {
    expect(render({ match: 'former_name', matchedFormerName: '株式会社商号変更前' })).toContain(
      '旧商号「株式会社商号変更前」で一致しました',
    );
  });

  it('marks a closed company with its date and cause, and keeps it orderable (閉鎖事項証明書)', () => {
    const html = render({ closed: true, closeDate: '2020-03-31', closeCause: '01', closeCauseLabel: '清算の結了等' });
    expect(missingPhrases(html, ['閉鎖（2020年3月31日）', '清算の結了等', 'この法人の証明書を申請する'])).toEqual([]);
  });

  // Which companies can be ordered is the orders feature's one rule and its one table
  // (src/features/orders/orderable.test.ts); this only checks that the row follows it.
  it('offers the order button exactly when the orders rule says the company can be ordered, and says why not', () => {
    for (const c of ORDERABILITY_SAMPLES) {
      const html = render(c);
      const rule = orderabilityOf({ ...c, closed: false });
      expect(html.includes('この法人の証明書を申請する'), c.kind).toBe(rule.orderable);
      if (!rule.orderable) expect(html).toContain(`${c.kindLabel}：${rule.message}`);
    }
  });
});
