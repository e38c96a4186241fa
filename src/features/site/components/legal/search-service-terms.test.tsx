import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchServiceTerms } from './search-service-terms';
import { NTA_ATTRIBUTION_PHRASES, legalPageFaults, missingPhrases, sampleOperator, textOf } from '@tests/support/legal-fixtures';

const html = renderToStaticMarkup(<SearchServiceTerms operator={sampleOperator} />);
const text = textOf(html);

describe('SearchServiceTerms', () => {
  it('has one h1, working anchors and no placeholder text', () => {
    expect(legalPageFaults(html, '法人情報照会サービス利用規約')).toEqual([]);
  });

  it('says the service is free and needs no registration', () => {
    expect(text).toContain('無料で提供する法人情報照会サービス');
    expect(text).toContain('会員登録をせずにどなたでも利用できます');
  });

  it('carries the NTA attribution, the processed-data statement and the licence', () => {
    expect(missingPhrases(text, [...NTA_ATTRIBUTION_PHRASES, '出典：国税庁適格請求書発行事業者公表サイト（国税庁）'])).toEqual([]);
    expect(html).toContain('href="https://www.houjin-bangou.nta.go.jp/"');
  });

  it('gives no warranty and says unknown invoice registration is not "not registered"', () => {
    expect(
      missingPhrases(text, [
        '以上の保証をしません',
        '登記事項証明書に代わるものではありません',
        '「不明」と表示し、これは登録がないことを意味しません',
      ]),
    ).toEqual([]);
  });

  it('forbids bulk collection and announces the rate limits', () => {
    expect(
      missingPhrases(text, [
        'スクレイピング',
        '大量に又は網羅的に取得',
        '照会サービスと同種又は類似のデータベース',
        '検索の回数及び表示できる検索結果のページ数に上限',
      ]),
    ).toEqual([]);
  });

  it('caps liability only for slight negligence', () => {
    expect(text).toContain('当社の過失（重大な過失を除きます。）によって');
    expect(text).toContain('故意又は重大な過失によって損害が生じた場合には適用しません');
  });

  it('links to both privacy pages and the main terms, and prints the operator contact', () => {
    expect(
      missingPhrases(html, ['href="/search-service/help/privacy-policy"', 'href="/help/privacy-policy"', 'href="/help/terms-of-use"']),
    ).toEqual([]);
    expect(text).toContain(sampleOperator.name);
    expect(text).toContain(sampleOperator.supportEmail);
    expect(text).toContain(sampleOperator.phone);
  });
});
