import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PrivacyPolicyProps } from './privacy-policy';
import { PrivacyPolicy } from './privacy-policy';
import { legalPageFaults, missingPhrases, sampleOperator, sectionText, textOf } from '@tests/support/legal-fixtures';

function render(props: Partial<PrivacyPolicyProps> = {}): string {
  return renderToStaticMarkup(<PrivacyPolicy operator={sampleOperator} gtmEnabled={false} {...props} />);
}

describe('PrivacyPolicy', () => {
  it('has one h1, working table-of-contents anchors and no placeholder text', () => {
    for (const gtmEnabled of [true, false]) {
      const html = render({ gtmEnabled });
      expect(legalPageFaults(html, 'プライバシーポリシー')).toEqual([]);
    }
  });

  it('names the watch list and its mail setting where it lists what is collected, why, how long, and what unregistering deletes', () => {
    const html = render();
    expect(sectionText(html, 'collected')).toContain(
      '（3）ウォッチリストに関する情報会員がウォッチリストに登録した法人の法人番号及び登録の日時',
    );
    expect(sectionText(html, 'purposes')).toContain(
      'ウォッチリストに登録された法人の商号、所在地、インボイス登録等の変更を、画面及びメールでお知らせするため',
    );
    const retention = sectionText(html, 'retention');
    expect(retention).toContain('ウォッチリスト、変更通知メールの設定及びその配信の記録');
    // what unregistering deletes: the same items as the unregister page's list (accounts/rules.ts)
    const deleted = retention.slice(retention.indexOf('次の情報を直ちに削除します'), retention.indexOf('退会後も取引の日から7年間保存'));
    expect(deleted).toContain('ウォッチリスト、変更通知メールの設定及びその配信の記録');
  });

  it('contains every section 個人情報保護法 and domain.md §5 require', () => {
    const text = textOf(render());
    for (const heading of [
      '事業者の名称、住所及び代表者',
      '取得する個人情報',
      '利用目的',
      '取得の方法及び同意',
      '安全管理措置',
      '個人データの第三者提供',
      '業務の委託',
      '外国にある第三者への提供等',
      '保存期間及び退会時の取扱い',
      'Cookie及びブラウザのストレージ',
      '外部送信について',
      '保有個人データの開示等の請求',
      'お問い合わせ窓口',
      '本ポリシーの変更',
    ]) {
      expect(text, heading).toContain(heading);
    }
    expect(text).toContain('制定日');
  });

  it('prints the operator, its representative, address and contact from props', () => {
    const operatorSection = sectionText(render(), 'operator');
    expect(operatorSection).toContain(sampleOperator.name);
    expect(operatorSection).toContain(sampleOperator.representative);
    expect(operatorSection).toContain(`〒${sampleOperator.postcode} ${sampleOperator.address}`);
    const contact = sectionText(render(), 'contact');
    expect(contact).toContain(sampleOperator.supportEmail);
    expect(contact).toContain(sampleOperator.phone);
    expect(contact).toContain(sampleOperator.supportHours);
  });

  it('lists Google Tag Manager and Google Analytics under 外部送信 only when gtmEnabled', () => {
    const withGtm = sectionText(render({ gtmEnabled: true }), 'external');
    expect(missingPhrases(withGtm, ['電気通信事業法第27条の12', 'Google タグマネージャー', 'Google アナリティクス', 'Google LLC'])).toEqual(
      [],
    );
    expect(render({ gtmEnabled: true })).toContain('https://tools.google.com/dlpage/gaoptout');

    const withoutGtm = render({ gtmEnabled: false });
    expect(withoutGtm).not.toContain('タグマネージャー');
    expect(withoutGtm).not.toContain('アナリティクス');
    expect(sectionText(withoutGtm, 'external')).toContain(
      'アクセス解析や広告を目的とする外部の事業者のプログラム（タグ）を使用していません',
    );
  });

  it('lists the PAY.JP script on payment pages under 外部送信 whether or not GTM is enabled', () => {
    for (const gtmEnabled of [true, false]) {
      const external = sectionText(render({ gtmEnabled }), 'external');
      expect(missingPhrases(external, ['payjp.js', 'PAY株式会社', 'お支払い方法を入力するページ'])).toEqual([]);
    }
  });

  it('says card numbers go only to PAY.JP and 3-D Secure data goes to card issuers, abroad included', () => {
    const html = render();
    expect(sectionText(html, 'collected')).toContain(
      'カード番号及びセキュリティコードは、PAY.JPの入力欄に直接入力され、当社のサーバーを経由しないため、当社は取得も保存もしません',
    );
    expect(sectionText(html, 'third-parties')).toContain('お客様がご利用のクレジットカードの発行会社に提供します');
    const abroad = sectionText(html, 'abroad');
    expect(abroad).toContain('発行会社の所在国に移転されることがあります');
    expect(abroad).toContain('特定できません');
  });

  it('names Google LLC in the USA as a foreign third party with the information 28条 requires', () => {
    const abroad = sectionText(render(), 'abroad');
    expect(missingPhrases(abroad, ['Google LLC', 'アメリカ合衆国', '当該国の個人情報の保護に関する制度', '提供先が講ずる措置'])).toEqual(
      [],
    );
  });

  it('says honestly that processor countries are set by the deployment when they are not configured', () => {
    const processorsSection = sectionText(render(), 'processors');
    expect(
      missingPhrases(processorsSection, [
        'メール配信事業者',
        'クラウドサービス事業者',
        '運用環境により定まります',
        '現在の委託先の名称及び所在国を遅滞なくお知らせします',
      ]),
    ).toEqual([]);
  });

  it('prints configured processors and names the foreign ones in the 外国 section', () => {
    const html = render({
      dataLocations: {
        hosting: { provider: 'Example Cloud, Inc.', country: '米国' },
        fileStorage: { provider: 'Example Cloud, Inc.', country: '米国' },
        mail: { provider: '株式会社メール配信テスト', country: '日本' },
      },
    });
    const processorsSection = sectionText(html, 'processors');
    expect(processorsSection).toContain('株式会社メール配信テスト');
    expect(processorsSection).toContain('Example Cloud, Inc.');
    expect(processorsSection).not.toContain('運用環境により定まります');
    expect(sectionText(html, 'abroad')).toContain('現在、外国にある委託先は次のとおりです：Example Cloud, Inc.（米国）');
  });

  it('states the 7-year retention and what unregistering deletes and keeps', () => {
    const retention = sectionText(render(), 'retention');
    expect(retention).toContain('取引の日から7年間');
    for (const deleted of ['認証情報', 'セッション', 'Googleアカウントとの連携', '登録済みのクレジットカード', 'マーケティング']) {
      expect(retention, deleted).toContain(deleted);
    }
    expect(retention).toContain('退会後も取引の日から7年間保存し');
    expect(retention).toContain('発行した領収書の内容');
  });

  it('lists the session cookie and every browser storage key the client uses', () => {
    const cookies = sectionText(render(), 'cookies');
    for (const key of ['セッションCookie', 'csrf_token', 'auth_expire_time', 'searched_corporate', 'searched_query', 'user_email']) {
      expect(cookies, key).toContain(key);
    }
  });

  it('explains how to request disclosure, correction and deletion, with identity checks', () => {
    const requests = sectionText(render(), 'requests');
    for (const word of ['利用目的の通知', '開示', '訂正、追加又は削除', '利用の停止又は消去', '第三者への提供の停止', '代理人', '手数料']) {
      expect(requests, word).toContain(word);
    }
    expect(requests).toContain(sampleOperator.supportEmail);
  });

  it('shows 最終改定日 only when the document has been revised', () => {
    expect(textOf(render())).not.toContain('最終改定日');
    const revised = textOf(render({ dates: { enactedOn: '2026-11-22', revisedOn: '2027-04-01' } }));
    expect(revised).toContain('制定日2026年11月22日');
    expect(revised).toContain('最終改定日2027年4月1日');
  });
});
