import { GOOGLE, PAYJP } from './constants';
import { THREE_D_SECURE } from '@/lib/payment-terms';

/**
 * 電気通信事業法 27条の12 (外部送信規律): for every instruction our pages give the browser to send
 * the user's information to someone else, we publish what is sent, to whom, and why. The list is
 * built from what the site really loads: the tag manager only when GTM_ID is configured (issue 2),
 * and payjp.js on the pages where a card is entered (issue 7).
 */
export type ExternalTransmission = {
  id: string;
  service: string;
  /** 送信先の事業者 (氏名又は名称) and its country. */
  recipient: string;
  pages: string;
  information: string[];
  purposes: string[];
  optOut: string;
  links: { label: string; href: string }[];
};

export type ExternalTransmissionOptions = {
  /** True when the Google Tag Manager container is configured and its script is on the pages. */
  gtmEnabled: boolean;
  /** The payment pages (and their payjp.js) belong to the main service, not the reference service. */
  includePayment: boolean;
};

export function externalTransmissions(options: ExternalTransmissionOptions): ExternalTransmission[] {
  const list: ExternalTransmission[] = [];
  if (options.gtmEnabled) {
    list.push(
      {
        id: 'google-tag-manager',
        service: 'Google タグマネージャー',
        recipient: `${GOOGLE.company}（${GOOGLE.country}）`,
        pages: '本サービスのすべてのページ',
        information: [
          '閲覧したページのURL及び直前に閲覧していたページのURL（リファラー）',
          'IPアドレス',
          'ブラウザの種類・バージョン、言語設定、画面の大きさ等の端末及び通信環境に関する情報',
          'アクセスした日時',
        ],
        purposes: ['アクセス解析等に用いる計測用のプログラム（タグ）を、当社のウェブサイトで一元的に管理し、配信するため'],
        optOut:
          'Google タグマネージャーはタグを配信するための仕組みであり、単独で停止する手段は提供されていません。下記の Google アナリティクスのオプトアウトにより、計測を停止できます。',
        links: [{ label: 'Google プライバシーポリシー', href: GOOGLE.privacyPolicyUrl }],
      },
      {
        id: 'google-analytics',
        service: 'Google アナリティクス',
        recipient: `${GOOGLE.company}（${GOOGLE.country}）`,
        pages: '本サービスのすべてのページ',
        information: [
          'Cookieに保存される、ブラウザを識別するための符号（クライアントID）',
          '閲覧したページのURL、ページのタイトル、リファラー',
          'ページ上での操作（閲覧、スクロール、リンクのクリック等）及び閲覧日時・滞在時間',
          'IPアドレスから推定されるおおよその地域',
          'ブラウザの種類・バージョン、OS、言語設定、画面の大きさ等の端末に関する情報',
        ],
        purposes: ['本サービスの利用状況を統計的に把握し、画面や機能の改善に役立てるため', '障害や表示の不具合の発生状況を把握するため'],
        optOut:
          'Google が提供する「Google アナリティクス オプトアウト アドオン」をブラウザに導入することにより、送信を停止できます。また、ブラウザの設定でCookieを削除すると、ブラウザを識別するための符号がリセットされます。',
        links: [
          { label: 'Google によるデータの使用について', href: GOOGLE.partnerSitesUrl },
          { label: 'Google アナリティクス オプトアウト アドオン', href: GOOGLE.analyticsOptOutUrl },
        ],
      },
    );
  }
  if (options.includePayment) {
    list.push({
      id: 'payjp',
      service: `${PAYJP.service}（クレジットカード決済用のプログラム payjp.js）`,
      recipient: `${PAYJP.company}（${PAYJP.country}）`,
      pages: 'ご注文手続のうちお支払い方法を入力するページ、及びクレジットカードを登録するページ',
      information: [
        'カード入力欄に入力されたカード番号、有効期限、セキュリティコード及びカード名義（当社のサーバーを経由せず、PAY.JPに直接送信されます。）',
        `${THREE_D_SECURE}による本人認証に必要なメールアドレス等の情報`,
        'IPアドレス、ブラウザの種類・バージョン、言語設定等の端末及び通信環境に関する情報',
        '閲覧中のページのURL',
      ],
      purposes: [
        'カード番号を当社が保持しない形式の符号（トークン）に置き換え、クレジットカード決済を行うため',
        `${THREE_D_SECURE}による本人認証を行うため`,
        'クレジットカードの不正利用を検知し、防止するため',
      ],
      optOut:
        'クレジットカード決済に必要な送信であるため、停止することはできません。送信を望まない場合は、クレジットカードの入力及びご注文をお控えください。',
      links: [],
    });
  }
  return list;
}
