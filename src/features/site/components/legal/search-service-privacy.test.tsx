import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchServicePrivacy } from './search-service-privacy';
import { legalPageFaults, missingPhrases, sampleOperator, textOf } from '@tests/support/legal-fixtures';

const render = (gtmEnabled: boolean) => renderToStaticMarkup(<SearchServicePrivacy operator={sampleOperator} gtmEnabled={gtmEnabled} />);

describe('SearchServicePrivacy', () => {
  it('has one h1, working anchors and no placeholder text', () => {
    for (const gtmEnabled of [true, false]) {
      const html = render(gtmEnabled);
      expect(legalPageFaults(html, '法人情報照会サービス プライバシーポリシー')).toEqual([]);
    }
  });

  it('describes the access logs and the recent searches kept in browser storage', () => {
    const text = textOf(render(false));
    expect(
      missingPhrases(text, ['アクセスログ：IPアドレス', 'searched_query', 'searched_corporate', '最近の検索を再表示', '取得から1年間']),
    ).toEqual([]);
  });

  it('does not list the member-only keys or the payment script', () => {
    const html = render(true);
    expect(html).not.toContain('csrf_token');
    expect(html).not.toContain('auth_expire_time');
    expect(html).not.toContain('payjp.js');
  });

  it('links to the main privacy policy', () => {
    expect(render(false)).toContain('href="/help/privacy-policy"');
  });

  it('lists the tag manager under 外部送信 only when gtmEnabled', () => {
    const on = textOf(render(true));
    expect(missingPhrases(on, ['電気通信事業法第27条の12', 'Google タグマネージャー', 'Google アナリティクス'])).toEqual([]);
    const off = textOf(render(false));
    expect(off).not.toContain('タグマネージャー');
    expect(off).toContain('外部の事業者へ送信するプログラム（タグ）を使用していません');
  });

  it('prints the contact desk from props', () => {
    const text = textOf(render(false));
    expect(text).toContain(sampleOperator.supportEmail);
    expect(text).toContain(sampleOperator.phone);
  });
});
