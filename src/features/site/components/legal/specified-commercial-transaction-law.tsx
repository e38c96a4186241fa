import type { ReactNode } from 'react';

import { isSampleInvoiceNumber } from '@/config/sample-operator';
import { DEFAULT_CARD_BRANDS, LEGAL_DATES, LEGAL_PATHS } from '../../legal-content/constants';
import {
  applicationValidityLines,
  cancellationPolicyLines,
  deliveryTimingLines,
  expressChargeSentence,
  paymentTimingLines,
} from '../../legal-content/order-policies';
import type { DeliveryTerms, LegalDates, LegalPriceItem, OperatorInfo } from '../../legal-content/types';
import { formatYenNonTaxable, formatYenTaxIncluded } from '../../legal-content/format';
import { LegalDocument } from './legal-document';
import { Bullets, MailLink, Note, PostalAddress, PriceTable, SentenceBullets, SiteLink } from './legal-parts';
import s from './legal.module.css';
import { THREE_D_SECURE } from '@/lib/payment-terms';

export type SpecifiedCommercialTransactionLawProps = {
  operator: OperatorInfo;
  /** Per-copy prices of the certificates on sale (operator data from the catalogue). */
  prices: readonly LegalPriceItem[];
  delivery: DeliveryTerms;
  /** Card brands accepted under the operator's PAY.JP contract; defaults to PAY.JP's brands. */
  cardBrands?: readonly string[];
  dates?: LegalDates;
};

/** Rows in the order 特定商取引法 11条 and 施行規則 list them (domain.md §5). */
export function SpecifiedCommercialTransactionLaw({
  operator,
  prices,
  delivery,
  cardBrands = DEFAULT_CARD_BRANDS,
  dates = LEGAL_DATES.specifiedCommercialTransactionLaw,
}: SpecifiedCommercialTransactionLawProps) {
  const itemNames = prices.map((p) => p.name).join('、');
  const rows: { id: string; label: string; value: ReactNode }[] = [
    { id: 'seller', label: '販売事業者', value: operator.name },
    { id: 'manager', label: '運営統括責任者', value: operator.representative },
    { id: 'address', label: '所在地', value: <PostalAddress operator={operator} /> },
    {
      id: 'phone',
      label: '電話番号',
      value: (
        <>
          <p>{operator.phone}</p>
          <Note>
            受付時間：{operator.supportHours}
            <br />
            受付時間外はメールでお問い合わせください。ご注文に関するお問い合わせは、内容を正確に確認するため、できるだけメールでお寄せください。
          </Note>
        </>
      ),
    },
    { id: 'email', label: 'メールアドレス', value: <MailLink email={operator.supportEmail} /> },
    {
      id: 'invoice-number',
      label: '適格請求書発行事業者登録番号',
      value: isSampleInvoiceNumber(operator.invoiceNumber) ? `${operator.invoiceNumber}（見本用の架空の番号です）` : operator.invoiceNumber,
    },
    {
      id: 'website',
      label: 'ウェブサイト',
      value: (
        <>
          {operator.serviceName}（<SiteLink operator={operator} />）
        </>
      ),
    },
    {
      id: 'service',
      label: '販売する役務',
      value: `登記事項証明書（${itemNames}）の法務局からの取得代行及び郵便によるお届け`,
    },
    {
      id: 'price',
      label: '販売価格',
      value: (
        <>
          <p>
            各証明書の価格は、ご注文の際の証明書の選択画面に表示しています。証明書1通あたりの価格（税込）は、下記の「
            <a href="#price-list">販売価格一覧</a>」のとおりです。
          </p>
          <SentenceBullets
            lines={prices.map(
              (p) =>
                `${p.name}：1通 ${formatYenTaxIncluded(p.ministryFeeYen + p.serviceFeeYenTaxIncluded)}（うち法務局手数料 ${formatYenNonTaxable(p.ministryFeeYen)}）`,
            )}
          />
        </>
      ),
    },
    {
      id: 'other-charges',
      label: '商品代金以外の必要料金',
      value: (
        <SentenceBullets
          lines={[
            '送料：サービス料に含まれており、別途の送料はかかりません。',
            expressChargeSentence(delivery),
            '本サービスのご利用に必要なインターネット接続料金及び通信料金は、お客様のご負担となります。',
            'お届け先の誤りなどお客様のご事情で返送された証明書を再送する場合は、再送の郵便料金（実費）をご負担いただきます。',
          ]}
        />
      ),
    },
    {
      id: 'payment-method',
      label: '支払方法',
      value: (
        <>
          <p>クレジットカード（{cardBrands.join('、')}）</p>
          <SentenceBullets
            lines={[
              `すべてのお支払いで、${THREE_D_SECURE}による本人認証が必要です。`,
              'お支払い回数は1回払いのみです。ご利用後の分割払い・リボ払いへの変更は、ご利用のカード会社にお問い合わせください。',
            ]}
          />
        </>
      ),
    },
    { id: 'payment-timing', label: '支払時期', value: <SentenceBullets lines={paymentTimingLines()} /> },
    {
      id: 'delivery',
      label: '引渡方法及び引渡時期',
      value: <SentenceBullets lines={deliveryTimingLines(delivery)} />,
    },
    {
      id: 'cancellation',
      label: '返品・キャンセル',
      value: <SentenceBullets lines={cancellationPolicyLines(delivery)} />,
    },
    {
      id: 'validity',
      label: '申込みの有効期限',
      value: <SentenceBullets lines={applicationValidityLines()} />,
    },
    {
      id: 'environment',
      label: '動作環境',
      value: (
        <Bullets>
          <li>
            推奨ブラウザ（いずれも最新版）：Google Chrome、Microsoft Edge、Mozilla Firefox、Safari（macOS、iOS、iPadOS）、Android版 Google
            Chrome
          </li>
          <li>JavaScript及びCookieを有効にしてご利用ください。</li>
          <li>領収書の表示及び印刷には、PDFファイルを表示できるソフトウェア（ブラウザに内蔵のものを含みます。）が必要です。</li>
          <li>
            {THREE_D_SECURE}
            による本人認証では、カード発行会社が定める認証方法（ワンタイムパスワードを受け取るための携帯電話等）が必要となる場合があります。
          </li>
        </Bullets>
      ),
    },
  ];

  return (
    <LegalDocument
      title="特定商取引法に基づく表記"
      dates={dates}
      lead={
        <p>
          「{operator.serviceName}
          」における登記事項証明書の取得代行について、特定商取引に関する法律第11条に基づき、次のとおり表示します。ご利用の条件は、「
          <a href={LEGAL_PATHS.termsOfUse}>利用規約</a>」もあわせてご覧ください。
        </p>
      }
    >
      <div className={s.tableWrap}>
        <table className={s.table}>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} id={`tokushoho-${row.id}`}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section id="price-list" className={s.section} aria-labelledby="price-list-heading">
        <h2 id="price-list-heading" className={s.sectionHeading}>
          販売価格一覧
        </h2>
        <PriceTable prices={prices} />
        <SentenceBullets
          lines={[
            '法務局手数料は、登記手数料令に定める手数料を当社がお客様に代わって法務局に納付するもので、消費税の課税対象外です。',
            'サービス料には、消費税（10%）及び通常配送の送料が含まれています。',
            '初回ご購入時の価格は、会員登録後はじめてのご注文（お支払いが完了したご注文が一つもない場合のご注文）に含まれるすべての証明書に適用されます。',
            expressChargeSentence(delivery),
          ]}
        />
      </section>
    </LegalDocument>
  );
}
