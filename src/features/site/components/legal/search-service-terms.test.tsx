import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchServiceTerms } from './search-service-terms';
import { brokenAnchors, countH1, placeholderLeaks, sampleOperator, textOf } from '@tests/support/legal-fixtures';

const html = renderToStaticMarkup(<SearchServiceTerms operator={sampleOperator} />);
const text = textOf(html);

describe('SearchServiceTerms', () => {
  it('has one h1, working anchors and no placeholder text', () => {
    expect(countH1(html)).toBe(1);
    expect(html).toContain('>法人情報照会サービス利用規約</h1>');
    expect(brokenAnchors(html)).toEqual([]);
    expect(placeholderLeaks(html)).toEqual([]);
  });

  it('says the service is free and needs no registration', () => {
    expect(text).toContain('無料で提供する法人情報照会サービス');
    expect(text).toContain('会員登録をせずにどなたでも利用できます');
  });

  it('carries the NTA attribution, the processed-data statement and the licence', () => {
    expect(text).toContain('出典：国税庁法人番号公表サイト（国税庁）');
    expect(text).toContain('出典：国税庁適格請求書発行事業者公表サイト（国税庁）');
    expect(text).toContain('加工して');
    expect(text).toContain('国税庁によって保証されたものではありません');
    expect(text).toContain('公共データ利用規約（第1.0版）');
    expect(html).toContain('href="https://www.houjin-bangou.nta.go.jp/"');
  });

  it('gives no warranty and says unknown invoice registration is not "not registered"', () => {
    expect(text).toContain('以上の保証をしません');
    expect(text).toContain('登記事項証明書に代わるものではありません');
    expect(text).toContain('「不明」と表示し、これは登録がないことを意味しません');
  });

  it('forbids bulk collection and announces the rate limits', () => {
    expect(text).toContain('スクレイピング');
    expect(text).toContain('大量に又は網羅的に取得');
    expect(text).toContain('照会サービスと同種又は類似のデータベース');
    expect(text).toContain('検索の回数及び表示できる検索結果のページ数に上限');
  });

  it('caps liability only for slight negligence', () => {
    expect(text).toContain('当社の過失（重大な過失を除きます。）によって');
    expect(text).toContain('故意又は重大な過失によって損害が生じた場合には適用しません');
  });

  it('links to both privacy pages and the main terms, and prints the operator contact', () => {
    expect(html).toContain('href="/search-service/help/privacy-policy"');
    expect(html).toContain('href="/help/privacy-policy"');
    expect(html).toContain('href="/help/terms-of-use"');
    expect(text).toContain(sampleOperator.name);
    expect(text).toContain(sampleOperator.supportEmail);
    expect(text).toContain(sampleOperator.phone);
  });
});
