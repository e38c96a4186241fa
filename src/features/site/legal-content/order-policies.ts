import { BUSINESS_DAY_DEFINITION } from './constants';
import { formatBusinessDays, formatYenTaxIncluded } from './format';
import type { DeliveryTerms } from './types';
import { THREE_D_SECURE } from '@/lib/payment-terms';

/**
 * The order conditions the terms of use, the 特商法 page and the final confirmation screen
 * (特商法 12条の6, domain.md §5) must state identically. They live here once, as plain sentences,
 * so a change of policy is one edit and the purchase screens can print the very same text.
 */

/** When an individual contract is formed and the card is charged (issue 7's 3-D Secure flow). */
export const ORDER_CONFIRMED_DEFINITION = `ご注文内容の確認画面で注文ボタンを押し、${THREE_D_SECURE}による本人認証を経てクレジットカード決済が完了した時点`;

/** PAY.JP ends an unfinished 3-D Secure flow after about 30 minutes (domain.md §3). */
export const THREE_D_SECURE_TIME_LIMIT_MINUTES = 30;

/** Days after arrival within which a wrong or damaged certificate is replaced at our cost. */
export const DEFECT_REPORT_DAYS = 14;

export function paymentTimingLines(): string[] {
  return [
    `ご注文確定時（${ORDER_CONFIRMED_DEFINITION}）に、ご利用のクレジットカードで決済します。`,
    'お支払い金額は、ご注文内容の確認画面に表示された金額です。',
    'カード会社からのご請求及び口座からの引落しの時期は、ご利用のカード会社の規約によります。',
  ];
}

export function expressChargeSentence(delivery: DeliveryTerms): string {
  return delivery.expressSurchargeYenTaxIncluded > 0
    ? `速達配送を選択した場合は、1回のご注文につき速達料金${formatYenTaxIncluded(delivery.expressSurchargeYenTaxIncluded)}を別途申し受けます。`
    : '速達配送を選択した場合も、追加の料金はかかりません。';
}

export function deliveryTimingLines(delivery: DeliveryTerms): string[] {
  const cutoff = delivery.cutoffTime;
  return [
    `当社営業日の${cutoff}までにご注文が確定した場合はその日から、${cutoff}以降又は当社営業日以外の日に確定した場合は翌営業日から数えて、通常配送では${formatBusinessDays(delivery.normal)}、速達配送では${formatBusinessDays(delivery.express)}程度で、ご指定のお届け先に郵便でお届けします。`,
    'ご注文ごとのお届け予定日は、証明書の選択画面及びご注文内容の確認画面に表示します。',
    `営業日とは、${BUSINESS_DAY_DEFINITION}をいいます。`,
    '対象の法人について登記の手続中である場合（登記が完了するまで、法務局は証明書を交付しません。）、法務局のシステムの停止、郵便事情、天候、災害その他当社の管理の及ばない事由により、お届けが遅れることがあります。お届けが大幅に遅れる見込みとなったときは、登録メールアドレス宛にお知らせします。',
    'お届け先は日本国内に限ります。',
  ];
}

export function cancellationPolicyLines(delivery: DeliveryTerms): string[] {
  const cutoff = delivery.cutoffTime;
  return [
    'ご注文の確定後であっても、当社が法務局へ証明書の交付請求を行う前であれば、お問い合わせ窓口（メール又は電話）へのご連絡によりキャンセルできます。この場合、お支払いいただいた代金の全額を返金します。',
    `当社は、当社営業日の${cutoff}までに確定したご注文は原則としてその日のうちに、それ以外のご注文は原則として翌営業日に、法務局へ交付請求を行います。交付請求を行った後は証明書の取得を取り消すことができないため、キャンセルはお受けできません。ご注文の直後であってもキャンセルできない場合がありますので、ご注文内容（法人、証明書の種類、通数、お届け先）を十分にご確認ください。`,
    '証明書は法務局が発行する公文書であり、ご注文ごとに取得するものであるため、お客様のご都合による返品及び交換はお受けできません。なお、本サービスのご注文は通信販売に当たり、クーリング・オフの対象ではありません。',
    `お届けした証明書の法人又は種類がご注文内容と異なる場合や、配送中の事故により証明書が汚損又は破損していた場合は、到着日から${DEFECT_REPORT_DAYS}日以内にお問い合わせ窓口へご連絡ください。当社の負担で改めて取得し、お送りします。お届け予定日を過ぎても届かない場合もご連絡ください。郵便事業者に調査を依頼し、配送中の紛失が確認された場合は、当社の負担で改めて取得してお送りします。`,
    '法務局において証明書の交付を受けられなかった場合（例：保存期間の満了により閉鎖事項全部証明書を取得できない場合）は、交付を受けられなかった証明書に係る代金の全額を返金します。',
    '返金は、原則としてクレジットカード決済の取消しにより行います。ご利用明細に反映される時期は、カード会社の締め日等により異なります。',
  ];
}

export function applicationValidityLines(): string[] {
  return [
    `ご注文内容の確認画面で注文ボタンを押した後、${THREE_D_SECURE}による本人認証を約${THREE_D_SECURE_TIME_LIMIT_MINUTES}分以内に完了してください。期限内に本人認証が完了しなかった場合、決済は行われず、ご注文は成立しません。お手数ですが、改めてご注文ください。`,
    '決済に失敗した場合や、本人認証の途中で手続を中止した場合も、ご注文は成立していません。ご注文が成立したかどうかは、マイページのお支払い履歴又はご注文確定時にお送りするメールでご確認いただけます。',
  ];
}
