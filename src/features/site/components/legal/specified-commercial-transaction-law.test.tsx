import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cancellationPolicyLines } from '../../legal-content/order-policies';
import type { SpecifiedCommercialTransactionLawProps } from './specified-commercial-transaction-law';
import { SpecifiedCommercialTransactionLaw } from './specified-commercial-transaction-law';
import { legalPageFaults, missingPhrases, sampleDelivery, sampleOperator, samplePrices, textOf } from '@tests/support/legal-fixtures';

function render(props: Partial<SpecifiedCommercialTransactionLawProps> = {}): string {
  return renderToStaticMarkup(
    <SpecifiedCommercialTransactionLaw operator={sampleOperator} prices={samplePrices} delivery={sampleDelivery} {...props} />,
  );
}

/** The td of the row whose th is `label`, as text. */
function row(html: string, label: string): string {
  const match = new RegExp(`<th scope="row">${label}</th><td>(.*?)</td></tr>`, 's').exec(html);
  if (!match?.[1]) throw new Error(`row ${label} not found`);
  return textOf(match[1]);
}

describe('SpecifiedCommercialTransactionLaw', () => {
  it('has one h1, working anchors and no placeholder text', () => {
    const html = render();
    expect(legalPageFaults(html, '特定商取引法に基づく表記')).toEqual([]);
  });

  it('has a row for every item domain.md §5 requires', () => {
    const html = render();
    for (const label of [
      '販売事業者',
      '運営統括責任者',
      '所在地',
      '電話番号',
      'メールアドレス',
      '販売価格',
      '商品代金以外の必要料金',
      '支払方法',
      '支払時期',
      '引渡方法及び引渡時期',
      '返品・キャンセル',
      '申込みの有効期限',
      '動作環境',
    ]) {
      expect(row(html, label), label).not.toBe('');
    }
  });

  it('prints the operator details, phone with hours and invoice number from props', () => {
    const html = render();
    expect(row(html, '販売事業者')).toBe(sampleOperator.name);
    expect(row(html, '運営統括責任者')).toBe(sampleOperator.representative);
    expect(row(html, '所在地')).toBe(`〒${sampleOperator.postcode} ${sampleOperator.address}`);
    expect(row(html, '電話番号')).toContain(sampleOperator.phone);
    expect(row(html, '電話番号')).toContain(`受付時間：${sampleOperator.supportHours}`);
    expect(row(html, 'メールアドレス')).toBe(sampleOperator.supportEmail);
    expect(html).toContain(`href="mailto:${sampleOperator.supportEmail}"`);
    expect(row(html, '適格請求書発行事業者登録番号')).toBe('T5111101000006');
    expect(row(html, 'ウェブサイト')).toContain('https://legal-test.example/');
  });

  it('shows a price table with tax-inclusive totals, the non-taxable Ministry fee and first-purchase totals', () => {
    const html = render();
    const table = textOf(html.slice(html.indexOf('<section id="price-list"')));
    expect(missingPhrases(table, ['代表者事項証明書', '490円（非課税）', '12,345円（税込）'])).toEqual([]);
    expect(table).toContain('12,835円（税込）'); // 490 + 12,345
    expect(table).toContain('1,480円（税込）'); // 490 + 990 first purchase
    expect(html).toContain('data-label="法務局手数料（非課税）"');
    expect(row(html, '販売価格')).toContain('代表者事項証明書：1通 12,835円（税込）（うち法務局手数料 490円（非課税））');
  });

  it('lists the certificates on sale from the price props', () => {
    expect(row(render(), '販売する役務')).toContain('履歴事項全部証明書、現在事項全部証明書、閉鎖事項全部証明書、代表者事項証明書');
  });

  it('names the accepted card brands, defaulting to PAY.JP brands and accepting an override', () => {
    expect(row(render(), '支払方法')).toContain('Visa、Mastercard、JCB、American Express、Diners Club、Discover');
    const narrowed = row(render({ cardBrands: ['Visa', 'Mastercard'] }), '支払方法');
    expect(narrowed).toContain('クレジットカード（Visa、Mastercard）');
    expect(narrowed).not.toContain('JCB');
    expect(narrowed).toContain('3-Dセキュア');
  });

  it('charges at order confirmation and delivers within the configured business days', () => {
    const html = render();
    expect(row(html, '支払時期')).toContain('ご注文確定時');
    const delivery = row(html, '引渡方法及び引渡時期');
    expect(
      missingPhrases(delivery, ['当社営業日の14:30までに', '通常配送では3〜5営業日、速達配送では1〜2営業日', '12月29日から1月3日まで']),
    ).toEqual([]);
  });

  it('says no other charges than communication costs, and prints an express surcharge when configured', () => {
    const none = row(render(), '商品代金以外の必要料金');
    expect(missingPhrases(none, ['別途の送料はかかりません', '通信料金', '追加の料金はかかりません'])).toEqual([]);
    expect(row(render({ delivery: { ...sampleDelivery, expressSurchargeYenTaxIncluded: 330 } }), '商品代金以外の必要料金')).toContain(
      '速達料金330円（税込）',
    );
  });

  it('states the same cancellation terms as the terms of use, including no cancellation after the request to the bureau', () => {
    const cancellation = row(render(), '返品・キャンセル');
    for (const line of cancellationPolicyLines(sampleDelivery)) expect(cancellation).toContain(line);
    expect(cancellation).toContain('キャンセルはお受けできません');
    expect(row(render(), '申込みの有効期限')).toContain('約30分以内');
  });
});
