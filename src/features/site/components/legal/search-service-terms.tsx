import { LEGAL_DATES, LEGAL_PATHS, NTA_SOURCES, PUBLIC_DATA_LICENSE } from '../../legal-content/constants';
import type { LegalDates, OperatorInfo } from '../../legal-content/types';
import { LegalDocument, type LegalSection } from './legal-document';
import { Clauses, ExternalLink, Items, NtaAttribution, OperatorContact } from './legal-parts';

export type SearchServiceTermsProps = {
  operator: OperatorInfo;
  dates?: LegalDates;
};

/**
 * Terms of the free reference service (法人情報照会). Carries the attribution and processed-data
 * statement the NTA terms require, states that nothing is warranted beyond the NTA's own data,
 * and forbids the bulk collection the rate limits exist to stop (security.md, Abuse).
 */
export function SearchServiceTerms({ operator, dates = LEGAL_DATES.searchServiceTerms }: SearchServiceTermsProps) {
  const sections: LegalSection[] = [
    {
      id: 'scope',
      title: '第1条（適用）',
      content: (
        <Clauses>
          <li>
            本規約は、{operator.name}（以下「当社」といいます。）が「{operator.serviceName}
            」において無料で提供する法人情報照会サービス（法人の検索を含み、以下「照会サービス」といいます。）の利用条件を定めるものです。
          </li>
          <li>
            照会サービスは、会員登録をせずにどなたでも利用できます。照会サービスを利用する方（以下「利用者」といいます。）は、本規約に同意したうえで照会サービスを利用するものとします。
          </li>
          <li>
            会員の方が照会サービスを利用する場合は、本規約のほか「<a href={LEGAL_PATHS.termsOfUse}>利用規約</a>
            」が適用されます。照会サービスについて本規約と利用規約の内容が異なる場合は、本規約が優先して適用されます。
          </li>
          <li>
            照会サービスにおける情報の取扱いは、「
            <a href={LEGAL_PATHS.searchServicePrivacy}>法人情報照会サービス プライバシーポリシー</a>」及び「
            <a href={LEGAL_PATHS.privacyPolicy}>プライバシーポリシー</a>」に定めるところによります。
          </li>
        </Clauses>
      ),
    },
    {
      id: 'service',
      title: '第2条（照会サービスの内容）',
      content: (
        <Clauses>
          <li>利用者は、照会サービスで、商号又は名称、フリガナ、法人番号及び所在地等によって法人を検索できます。</li>
          <li>
            照会サービスでは、法人ごとに、法人番号、商号又は名称、フリガナ、英語表記、法人種別、本店又は主たる事務所の所在地、国外所在地、法人番号指定年月日、登記記録の閉鎖等の状況、商号や所在地の変更の履歴、会社法人等番号及び適格請求書発行事業者の登録状況のうち、当社が保有するものを表示します。
          </li>
          <li>国税庁が検索の対象から除外することとしている法人は、検索結果に表示しません。</li>
          <li>照会サービスの利用に料金はかかりません。ただし、インターネット接続料金及び通信料金は利用者の負担となります。</li>
        </Clauses>
      ),
    },
    {
      id: 'source',
      title: '第3条（出典及び加工の表示）',
      content: (
        <>
          <Clauses>
            <li>
              照会サービスで表示する法人情報の出典は、{NTA_SOURCES.corporateNumber.siteName}及び{NTA_SOURCES.invoice.siteName}
              です。
            </li>
            <li>
              当社は、これらのサイトで公表されている情報を、検索のための表記の正規化、変更の履歴の整理、会社法人等番号の表示、適格請求書発行事業者の登録状況の判定等のために加工して、照会サービスの情報を作成しています。照会サービスは国税庁が作成し、又は提供するものではなく、その内容は国税庁によって保証されたものではありません。
            </li>
            <li>
              国税庁が公表する情報は、{PUBLIC_DATA_LICENSE}
              に基づいて利用しています。利用者が照会サービスで表示された情報を転載その他の方法で利用する場合は、同規約に従い、出典を記載するとともに、編集・加工した場合はその旨を記載してください。編集・加工した情報を、国が作成したかのように公表し、又は利用してはなりません。
            </li>
          </Clauses>
          <NtaAttribution operator={operator} includeInvoice />
        </>
      ),
    },
    {
      id: 'accuracy',
      title: '第4条（情報の正確性）',
      content: (
        <Clauses>
          <li>
            照会サービスの情報は、国税庁が公表した時点の情報に基づくものであり、国税庁の更新が照会サービスに反映されるまでに時間を要することがあります。最新の情報は、
            <ExternalLink href={NTA_SOURCES.corporateNumber.url}>{NTA_SOURCES.corporateNumber.siteName}</ExternalLink>
            でご確認ください。
          </li>
          <li>
            適格請求書発行事業者の登録状況は、当社が国税庁の公表データを取り込んだ時点のものです。当社がその法人のデータを保有していない場合は「不明」と表示し、これは登録がないことを意味しません。取引に当たっては、
            <ExternalLink href={NTA_SOURCES.invoice.url}>{NTA_SOURCES.invoice.siteName}</ExternalLink>
            で最新の状況をご確認ください。
          </li>
          <li>
            照会サービスの情報は、登記事項証明書に代わるものではありません。法人の存在や登記の内容について公的な証明が必要な場合は、登記事項証明書をご利用ください。
          </li>
          <li>
            当社は、照会サービスの情報の正確性、完全性、最新性及び利用者の特定の目的への適合性について、国税庁が公表する情報に基づいて提供すること以上の保証をしません。
          </li>
        </Clauses>
      ),
    },
    {
      id: 'prohibited',
      title: '第5条（禁止事項）',
      content: (
        <>
          <p>利用者は、照会サービスの利用に当たり、次の行為をしてはなりません。</p>
          <Items>
            <li>
              ロボット、クローラー、スクレイピングツールその他の自動化された手段によって、検索結果又は法人の情報を大量に又は網羅的に取得し、複製し、又は収集する行為（当社が書面で事前に許可した場合を除きます。）
            </li>
            <li>短時間に大量の検索を行うなど、通常の利用の範囲を超える頻度でアクセスする行為</li>
            <li>当社が設けるアクセスの制限（検索の回数や表示できるページ数の上限等）を回避し、又は回避しようとする行為</li>
            <li>照会サービスから取得した情報を用いて、照会サービスと同種又は類似のデータベース又はサービスを構築し、又は提供する行為</li>
            <li>照会サービスのサーバー又はネットワークに過度の負荷をかける行為、及び照会サービスの運営を妨害する行為</li>
            <li>
              照会サービスで得た情報を用いて、特定の法人又はその関係者に対して嫌がらせ、誹謗中傷、執拗な勧誘その他の迷惑行為を行う行為
            </li>
            <li>照会サービスを、国税庁その他の行政機関が提供し、又は保証するものであるかのように表示する行為</li>
            <li>法令又は公序良俗に違反する行為、及び前各号に準ずる行為</li>
          </Items>
        </>
      ),
    },
    {
      id: 'restriction',
      title: '第6条（利用の制限）',
      content: (
        <Clauses>
          <li>
            当社は、照会サービスを安定して提供するため、アクセス元（IPアドレス等）ごとの検索の回数及び表示できる検索結果のページ数に上限を設けています。上限を超えた場合は、一定時間、検索をご利用いただけません。
          </li>
          <li>
            当社は、利用者が前条の禁止事項に該当する行為をしたと判断した場合、事前に通知することなく、そのアクセス元からの照会サービスの利用を制限し、又は停止することがあります。
          </li>
        </Clauses>
      ),
    },
    {
      id: 'suspension',
      title: '第7条（照会サービスの変更、中断及び終了）',
      content: (
        <p>
          当社は、システムの保守、障害への対応、データの更新その他の必要がある場合、照会サービスの全部又は一部を変更し、中断し、又は終了することがあります。予定された保守による中断や照会サービスの終了は、できる限り事前に本サービス上でお知らせします。
        </p>
      ),
    },
    {
      id: 'liability',
      title: '第8条（免責及び損害賠償）',
      content: (
        <Clauses>
          <li>
            当社は、照会サービスの情報の誤り、遅れ又は欠落、照会サービスの中断その他照会サービスの利用に関して利用者に生じた損害について、当社に故意又は過失がある場合を除き、責任を負いません。
          </li>
          <li>
            当社の過失（重大な過失を除きます。）によって利用者に損害が生じた場合、当社が賠償する損害は、現実に生じた通常の損害に限るものとし、その額は1万円を上限とします。
          </li>
          <li>前項の定めは、当社の故意又は重大な過失によって損害が生じた場合には適用しません。</li>
        </Clauses>
      ),
    },
    {
      id: 'changes',
      title: '第9条（本規約の変更）',
      content: (
        <p>
          当社は、民法第548条の4の規定に基づき、本規約を変更することがあります。変更する場合は、効力発生日の相当期間前までに、本規約を変更する旨、変更後の内容及び効力発生日を本サービス上に掲示します。
        </p>
      ),
    },
    {
      id: 'law',
      title: '第10条（準拠法及び管轄裁判所）',
      content: (
        <Clauses>
          <li>本規約は、日本法に準拠し、日本法に従って解釈されます。</li>
          <li>
            本規約又は照会サービスに関して当社と利用者との間に紛争が生じた場合は、当社の本店所在地を管轄する地方裁判所又は簡易裁判所を第一審の専属的合意管轄裁判所とします。ただし、利用者が消費者である場合は、民事訴訟法の定めにより管轄を有する裁判所に訴えを提起することを妨げません。
          </li>
        </Clauses>
      ),
    },
    {
      id: 'contact',
      title: '第11条（お問い合わせ）',
      content: (
        <>
          <p>照会サービスに関するお問い合わせは、次の窓口で受け付けます。掲載内容の誤りについてのご連絡もこちらへお寄せください。</p>
          <OperatorContact operator={operator} />
        </>
      ),
    },
  ];

  return (
    <LegalDocument
      title="法人情報照会サービス利用規約"
      dates={dates}
      lead={
        <p>
          この法人情報照会サービス利用規約（以下「本規約」といいます。）は、国税庁が公表する法人の情報を無料で検索し、閲覧できる法人情報照会サービスの利用条件を定めるものです。
        </p>
      }
      sections={sections}
      closing="以上"
    />
  );
}
