import type { LegalDates } from './types';

/** The spec's routes for the legal pages (frontend-spec.md §2), for links between them. */
export const LEGAL_PATHS = {
  privacyPolicy: '/help/privacy-policy',
  termsOfUse: '/help/terms-of-use',
  specifiedCommercialTransactionLaw: '/help/specified-commercial-transaction-law',
  searchServiceTerms: '/search-service/help/terms-of-use',
  searchServicePrivacy: '/search-service/help/privacy-policy',
  searchService: '/search-service',
  basicInfo: '/my-page/basic-info',
  unregister: '/my-page/unregister',
} as const;

/**
 * 制定日 and 改定日 of each document. Change a document's text → set its revisedOn to the day the
 * new text takes effect (and announce the change beforehand where the terms require it).
 */
export const LEGAL_DATES = {
  privacyPolicy: { enactedOn: '2026-11-22' },
  // 第13条（領収書）: the original at the first download, 再発行 on request or after a 宛名 correction (0024)
  termsOfUse: { enactedOn: '2026-11-22', revisedOn: '2026-11-26' },
  specifiedCommercialTransactionLaw: { enactedOn: '2026-11-22' },
  searchServiceTerms: { enactedOn: '2026-11-22' },
  searchServicePrivacy: { enactedOn: '2026-11-22' },
} as const satisfies Record<string, LegalDates>;

/**
 * Attribution required by the NTA terms of use (法人番号公表サイト利用規約, Public Data License 1.0):
 * the source, plus — separately — a statement that the content was processed, never presented as
 * if the government had made it (domain.md §1).
 */
export const NTA_SOURCES = {
  corporateNumber: {
    attribution: '出典：国税庁法人番号公表サイト（国税庁）',
    siteName: '国税庁法人番号公表サイト（国税庁）',
    url: 'https://www.houjin-bangou.nta.go.jp/',
  },
  invoice: {
    attribution: '出典：国税庁適格請求書発行事業者公表サイト（国税庁）',
    siteName: '国税庁適格請求書発行事業者公表サイト（国税庁）',
    url: 'https://www.invoice-kohyo.nta.go.jp/',
  },
} as const;

/** The NTA's content is licensed under this; the name as the Digital Agency publishes it. */
export const PUBLIC_DATA_LICENSE = '公共データ利用規約（第1.0版）（PDL1.0）';

/** Brands PAY.JP accepts; the operator's merchant contract may narrow it (prop override). */
export const DEFAULT_CARD_BRANDS = ['Visa', 'Mastercard', 'JCB', 'American Express', 'Diners Club', 'Discover'] as const;

/** The payment processor (domain.md §3). */
export const PAYJP = {
  company: 'PAY株式会社',
  service: 'PAY.JP',
  country: '日本',
} as const;

export const GOOGLE = {
  company: 'Google LLC',
  country: '米国',
  privacyPolicyUrl: 'https://policies.google.com/privacy?hl=ja',
  partnerSitesUrl: 'https://policies.google.com/technologies/partner-sites?hl=ja',
  analyticsOptOutUrl: 'https://tools.google.com/dlpage/gaoptout?hl=ja',
} as const;

/** 個人情報保護委員会: its survey of foreign data-protection systems is where 28条 information points. */
export const PPC_URL = 'https://www.ppc.go.jp/';

/** 営業日 as the delivery windows count them (domain.md §2). */
export const BUSINESS_DAY_DEFINITION = '土曜日、日曜日、国民の祝日・休日及び年末年始（12月29日から1月3日まで）を除く日';

/**
 * What the site keeps in the visitor's browser (frontend-spec.md §3 browser storage keys, plus the
 * cookies of security.md). Listed in both privacy pages; `searchService` marks what the free
 * reference service itself uses.
 */
export type BrowserStorageEntry = {
  name: string;
  kind: string;
  purpose: string;
  lifetime: string;
  searchService: boolean;
};

export const BROWSER_STORAGE: readonly BrowserStorageEntry[] = [
  {
    name: 'セッションCookie',
    kind: 'Cookie（必須）',
    purpose:
      'ログイン状態を維持し、リクエストが会員ご本人からのものであることを確認するために使用します。JavaScriptからは読み取れない設定（HttpOnly）で、暗号化された通信（HTTPS）でのみ送信します。',
    lifetime: 'ログアウト、セッションの有効期限の経過又はブラウザの設定による削除まで',
    searchService: false,
  },
  {
    name: 'Googleアカウント連携用の一時Cookie',
    kind: 'Cookie（必須）',
    purpose: 'Googleアカウントでのログイン時に、Googleの認証画面から戻ってきたリクエストが正当なものであることを確認するために使用します。',
    lifetime: 'ログイン手続の完了まで（短時間で失効します。）',
    searchService: false,
  },
  {
    name: 'csrf_token',
    kind: 'ブラウザのストレージ（必須）',
    purpose:
      '第三者のウェブサイトから不正なリクエストが送信されること（クロスサイトリクエストフォージェリ）を防ぐための確認用の値を保存します。',
    lifetime: 'ログアウト又はセッションの終了まで',
    searchService: false,
  },
  {
    name: 'auth_expire_time',
    kind: 'ブラウザのストレージ（必須）',
    purpose:
      'ログインの有効期限を保存し、期限が切れたときにログイン画面をご案内するために使用します。ログイン状態の最終的な判断は当社のサーバーで行います。',
    lifetime: 'ログアウト又はログインの有効期限まで',
    searchService: false,
  },
  {
    name: 'user_email',
    kind: 'ブラウザのストレージ',
    purpose: 'ログイン中の会員のメールアドレスを画面に表示するために保存します。',
    lifetime: 'ログアウトまで',
    searchService: false,
  },
  {
    name: 'searched_query',
    kind: 'ブラウザのストレージ',
    purpose:
      '直近の検索条件（商号、法人番号、所在地の都道府県等）を保存し、検索画面に戻ったときや最近の検索として再表示するために使用します。',
    lifetime: 'ブラウザの設定で削除するまで',
    searchService: true,
  },
  {
    name: 'searched_corporate',
    kind: 'ブラウザのストレージ',
    purpose: '検索結果から選択した法人（法人番号、商号、所在地）を保存し、証明書のご注文画面に引き継ぐために使用します。',
    lifetime: 'ご注文の完了等により不要となるまで、又はブラウザの設定で削除するまで',
    searchService: true,
  },
];
