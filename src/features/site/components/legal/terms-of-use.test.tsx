import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LEGAL_DATES } from '../../legal-content/constants';
import { applicationValidityLines, cancellationPolicyLines, deliveryTimingLines } from '../../legal-content/order-policies';
import { TermsOfUse } from './terms-of-use';
import {
  NTA_ATTRIBUTION_PHRASES,
  legalPageFaults,
  missingPhrases,
  sampleDelivery,
  sampleOperator,
  sectionText,
  textOf,
} from '@tests/support/legal-fixtures';

const render = (delivery = sampleDelivery) => renderToStaticMarkup(<TermsOfUse operator={sampleOperator} delivery={delivery} />);

const articleText = (html: string, n: number) => sectionText(html, `article-${n}`);

describe('TermsOfUse', () => {
  it('gives the contact desk of 第21条 with the hours under a label, never in a second pair of parentheses', () => {
    const text = articleText(render(), 21);
    expect(text).toContain('受付時間：平日 9:30〜18:00（土日祝日・年末年始を除く）');
    expect(text).toContain('help@legal-test.example');
    expect(text).not.toMatch(/））/);
  });

  it('has one h1, working table-of-contents anchors and no placeholder text', () => {
    const html = render();
    expect(legalPageFaults(html, '利用規約')).toEqual([]);
  });

  it('numbers its articles 第1条 to 第25条 in order, each linked from the table of contents', () => {
    const html = render();
    const headings = [...html.matchAll(/<h2 id="article-(\d+)-heading"[^>]*>第(\d+)条（/g)];
    expect(headings.map((m) => Number(m[2]))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    for (const m of headings) expect(m[1]).toBe(m[2]);
    expect(html).toContain('href="#article-25"');
    expect(textOf(html)).toContain('附則');
  });

  it('covers definitions, membership, account, the 代行取得 service, prices, delivery, cancellation and jurisdiction', () => {
    const text = textOf(render());
    for (const title of [
      '第2条（定義）',
      '第3条（会員登録）',
      '第4条（アカウントの管理）',
      '第7条（退会）',
      '第8条（本サービスの内容）',
      '第9条（ご注文及び個別契約の成立）',
      '第10条（料金及び支払方法）',
      '第11条（証明書のお届け）',
      '第12条（キャンセル、返品及び返金）',
      '第14条（法人情報の出典及び性質）',
      '第15条（禁止事項）',
      '第20条（免責及び損害賠償）',
      '第22条（本規約の変更）',
      '第25条（準拠法及び管轄裁判所）',
    ]) {
      expect(text, title).toContain(title);
    }
    expect(articleText(render(), 2)).toContain('「取得代行」とは');
    expect(articleText(render(), 25)).toContain('日本法に準拠');
  });

  it('names the operator and service from props', () => {
    const text = textOf(render());
    expect(text).toContain(`${sampleOperator.name}（以下「当社」といいます。）`);
    expect(text).toContain(`「${sampleOperator.serviceName}」（以下「本サービス」といいます。）`);
    expect(articleText(render(), 21)).toContain(sampleOperator.supportEmail);
  });

  it('forbids scraping and bulk collection of the search', () => {
    const prohibited = articleText(render(), 15);
    expect(missingPhrases(prohibited, ['スクレイピング', '大量に又は網羅的に取得', 'アクセスの制限を回避'])).toEqual([]);
  });

  it('carries the NTA attribution and the processed-data statement', () => {
    const source = articleText(render(), 14);
    expect(missingPhrases(source, NTA_ATTRIBUTION_PHRASES)).toEqual([]);
  });

  it('limits liability only for slight negligence and never for intent or gross negligence (消費者契約法8条)', () => {
    const liability = articleText(render(), 20);
    expect(liability).toContain('当社の過失（重大な過失を除きます。）による場合に限り');
    expect(liability).toContain('故意又は重大な過失によって損害が生じた場合には適用しません');
    expect(textOf(render())).not.toMatch(/一切(の)?責任を負いません|いかなる場合も責任を負いません/);
  });

  it('states the same delivery, cancellation and validity sentences as the 特商法 page', () => {
    const text = textOf(render());
    for (const line of [
      ...deliveryTimingLines(sampleDelivery),
      ...cancellationPolicyLines(sampleDelivery),
      ...applicationValidityLines(),
    ]) {
      expect(text, line).toContain(line);
    }
    expect(articleText(render(), 11)).toContain('通常配送では3〜5営業日、速達配送では1〜2営業日');
    expect(articleText(render(), 12)).toContain('14:30までに確定したご注文');
    expect(articleText(render(), 12)).toContain(
      '交付請求を行った後は証明書の取得を取り消すことができないため、キャンセルはお受けできません',
    );
  });

  it('mentions an express surcharge only when there is one', () => {
    expect(articleText(render(), 10)).toContain('速達配送を選択した場合も、追加の料金はかかりません');
    const priced = articleText(render({ ...sampleDelivery, expressSurchargeYenTaxIncluded: 330 }), 10);
    expect(priced).toContain('速達料金330円（税込）');
  });

  it('shows its 制定日 and the 最終改定日 of the 第13条 change (receipt re-issue) from the one table of dates', () => {
    const text = textOf(render());
    expect(LEGAL_DATES.termsOfUse).toEqual({ enactedOn: '2026-11-22', revisedOn: '2026-11-26' });
    expect(
      missingPhrases(text, [
        '制定日2026年11月22日',
        '最終改定日2026年11月26日',
        '本規約は、2026年11月22日から施行します。（最終改定：2026年11月26日）',
      ]),
    ).toEqual([]);
    expect(articleText(render(), 13)).toContain('再発行');
  });
});
