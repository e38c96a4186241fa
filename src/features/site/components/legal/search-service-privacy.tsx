import { BROWSER_STORAGE, LEGAL_DATES, LEGAL_PATHS } from '../../legal-content/constants';
import { externalTransmissions } from '../../legal-content/external-transmissions';
import type { LegalDates, OperatorInfo } from '../../legal-content/types';
import { LegalDocument, type LegalSection } from './legal-document';
import { BrowserStorageTable, ExternalTransmissionList, Items, OperatorContact } from './legal-parts';

export type SearchServicePrivacyProps = {
  operator: OperatorInfo;
  /** True when GTM_ID is configured; the reference service pages then carry the tag too. */
  gtmEnabled: boolean;
  dates?: LegalDates;
};

/**
 * What the free reference service itself collects. It complements the main privacy policy
 * (linked, and authoritative for everything not said here) rather than repeating it.
 */
export function SearchServicePrivacy({ operator, gtmEnabled, dates = LEGAL_DATES.searchServicePrivacy }: SearchServicePrivacyProps) {
  const mainPolicy = <a href={LEGAL_PATHS.privacyPolicy}>プライバシーポリシー</a>;
  const storage = BROWSER_STORAGE.filter((entry) => entry.searchService);
  const transmissions = externalTransmissions({ gtmEnabled, includePayment: false });

  const sections: LegalSection[] = [
    {
      id: 'scope',
      title: '1. 本ポリシーの位置付け',
      content: (
        <p>
          本ポリシーは、{operator.name}（以下「当社」といいます。）が「{operator.serviceName}
          」において無料で提供する法人情報照会サービス（法人の検索を含み、以下「照会サービス」といいます。）で取り扱う情報について説明するものです。本ポリシーに定めのない事項は、当社の
          {mainPolicy}によります。
        </p>
      ),
    },
    {
      id: 'collected',
      title: '2. 取得する情報',
      content: (
        <>
          <p>
            照会サービスは、会員登録をせずに利用でき、氏名やメールアドレスの入力は求めません。照会サービスの利用に伴い、次の情報を取得します。
          </p>
          <Items>
            <li>
              アクセスログ：IPアドレス、ブラウザの種類及びバージョン、OS、アクセスの日時、閲覧したページのURL（検索の条件を含みます。）、直前に閲覧していたページのURL（リファラー）
            </li>
            <li>検索の条件（商号、フリガナ、法人番号、都道府県等）及び閲覧した法人</li>
            <li>ログインしている会員の方の場合は、その会員を識別する情報（会員としての取扱いは{mainPolicy}によります。）</li>
            <li>お問い合わせをいただいた場合の、お名前、メールアドレス及びお問い合わせの内容</li>
          </Items>
          <p>
            照会サービスで表示する法人の情報は、国税庁が法令に基づいて公表している情報であり、利用者から取得するものではありません。法人の商号や所在地に個人の氏名や住所が含まれる場合がありますが、当社は国税庁が公表している範囲でのみ表示しています。掲載内容についてのご相談は、お問い合わせ窓口で受け付けます。
          </p>
        </>
      ),
    },
    {
      id: 'purposes',
      title: '3. 利用目的',
      content: (
        <Items>
          <li>照会サービスを提供し、検索の結果及び法人の情報を表示するため</li>
          <li>検索結果の機械的な大量取得その他の禁止事項に該当する行為を検知し、アクセスを制限するため</li>
          <li>障害への対応、不正アクセスの調査及びセキュリティの確保のため</li>
          <li>照会サービスの利用状況を統計的に分析し（個人を特定できない形で行います。）、検索の品質や画面を改善するため</li>
          <li>お問い合わせに回答するため</li>
        </Items>
      ),
    },
    {
      id: 'storage',
      title: '4. ブラウザのストレージに保存する情報',
      content: (
        <>
          <p>
            照会サービスは、最近の検索を再表示したり、選択した法人を証明書のご注文画面に引き継いだりするため、利用者のブラウザのストレージに次の情報を保存します。
          </p>
          <BrowserStorageTable entries={storage} />
          <p>
            これらの値はブラウザ内に保存されるもので、保存された値そのものが自動的に当社に送信されることはありません（検索を実行したときやご注文の手続に進んだときは、そのために必要な検索の条件や法人の情報を当社のサーバーに送信します。）。ブラウザの設定（閲覧履歴データの削除等）で、いつでも削除できます。共用のパソコンをお使いの場合は、利用後に削除することをおすすめします。
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: '5. 保存期間',
      content: (
        <p>
          アクセスログは、取得から1年間保存し、その後削除します。ただし、不正な行為の調査に必要な場合は、その調査が終わるまで保存します。お問い合わせの記録は、対応の完了から3年間保存します。
        </p>
      ),
    },
    {
      id: 'third-parties',
      title: '6. 第三者への提供及び委託',
      content: (
        <p>
          当社は、法令に基づく場合その他{mainPolicy}
          に定める場合を除き、照会サービスで取得した情報を第三者に提供しません。サーバーの運用等を外部の事業者に委託する場合の取扱い及び委託先については、
          {mainPolicy}
          の「業務の委託」をご覧ください。
        </p>
      ),
    },
    {
      id: 'external',
      title: '7. 外部送信について',
      content: (
        <>
          <p>
            電気通信事業法第27条の12の規定に基づき、照会サービスのページを表示した際に利用者の端末から外部の事業者へ送信される情報の内容、送信先及び利用目的を、次のとおり公表します。
          </p>
          {transmissions.length === 0 ? (
            <p>照会サービスのページでは、利用者の情報を外部の事業者へ送信するプログラム（タグ）を使用していません。</p>
          ) : (
            <ExternalTransmissionList entries={transmissions} />
          )}
        </>
      ),
    },
    {
      id: 'requests',
      title: '8. 開示等の請求及びお問い合わせ',
      content: (
        <>
          <p>
            保有個人データの開示、訂正、利用の停止等のご請求の方法は、{mainPolicy}
            の「保有個人データの開示等の請求」に定めるとおりです。照会サービスにおける情報の取扱いに関するお問い合わせは、次の窓口で受け付けます。
          </p>
          <OperatorContact operator={operator} desk={`${operator.name} 個人情報お問い合わせ窓口`} />
        </>
      ),
    },
    {
      id: 'changes',
      title: '9. 本ポリシーの変更',
      content: (
        <p>
          当社は、照会サービスの内容の変更、法令の改正等に応じて、本ポリシーを変更することがあります。変更後の本ポリシーは、本サービス上に掲載した時から効力を生じます。照会サービスの利用条件は「
          <a href={LEGAL_PATHS.searchServiceTerms}>法人情報照会サービス利用規約</a>」をご覧ください。
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="法人情報照会サービス プライバシーポリシー"
      dates={dates}
      lead={<p>法人情報照会サービスをご利用いただく際に当社が取得する情報と、その取扱いについてご説明します。</p>}
      sections={sections}
      closing="以上"
    />
  );
}
