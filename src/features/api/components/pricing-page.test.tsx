import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { PricingPage } from './pricing-page';

const plans = [
  { id: 'free', name: 'フリー', priceYen: 0, monthlyQuota: 10_000, ratePerSecond: 10 },
  { id: 'standard', name: 'スタンダード', priceYen: 5500, monthlyQuota: 100_000, ratePerSecond: 30 },
];

describe('/developers/pricing', () => {
  it('shows each plan with its tax-inclusive price, the tax in it and its limits, and the subscription terms', () => {
    const html = renderToStaticMarkup(<PricingPage plans={plans} graceDays={7} ipPerSecond={50} />);
    expect(html).toContain('スタンダード');
    expect(html).toContain('5,500円（税込）');
    expect(html).toContain('うち消費税（10%）500円');
    expect(html).toContain('100,000 件');
    expect(html).toContain('無料（カード登録不要）');
    for (const term of ['支払時期と更新日', '上位プランへの変更', '下位プランへの変更', '解約', '返金', '更新の決済に失敗したとき'])
      expect(html).toContain(term);
    expect(html).toContain('7 日間は有料プランのリクエスト数を維持');
    expect(html).toContain('href="/help/specified-commercial-transaction-law"');
    expect(html).toContain('href="/my-page/api"');
  });

  it('shows no subscription terms when only the free plan is offered', () => {
    const html = renderToStaticMarkup(<PricingPage plans={plans.slice(0, 1)} graceDays={7} ipPerSecond={50} />);
    expect(html).not.toContain('有料プランの契約条件');
  });
});
