import 'server-only';

import { formatYen } from '@/lib/format';
import { PAYMENT_HISTORY_PAGE } from '@/lib/page-names';
import { renderMail, type RenderedMail } from '@/server/mail';

import { receiptAddresseeOf, withHonorific } from '../addressee';
import { CARRIERS, FULFILMENT_LABELS, fulfilmentLabel, isCarrier, isFulfilmentStatus, trackingUrl } from '../fulfilment';
import { formatDestinationAddress } from '../destination';
import { receiptPath } from '../download-paths';
import { OrderPriceSchema } from '../schemas';
import type { OrderRow } from './repository';
import { appUrl } from '@/config/server';

/**
 * The mails about an order (issue 12 §4), composed here so they say what the payment history
 * says, with the same labels: the confirmation (受付済み), 発送済み with the tracking link, and
 * 返金済み / キャンセル with the amount. The payments feature sends the first; the back office the
 * others, after the change is recorded.
 */

function isoToJa(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日` : iso;
}

function historyUrl(): string {
  return appUrl(PAYMENT_HISTORY_PAGE.path).toString();
}

function companyLine(order: OrderRow): string {
  return `対象の会社：${order.companyName}（法人番号 ${order.corporateNumber}）`;
}

function certificateLines(order: OrderRow): string[] {
  return OrderPriceSchema.parse(order.price).lines.map((l) => `・${l.name} × ${l.quantity}　${formatYen(l.amountYen)}`);
}

/** ご注文確認メール: what was ordered, the amount charged, the delivery window and the receipt link. */
export function orderConfirmationMail(order: OrderRow): RenderedMail {
  const address = formatDestinationAddress(order);
  const card = order.cardBrand && order.cardLast4 ? `${order.cardBrand}（末尾 ${order.cardLast4}）` : 'クレジットカード';
  return renderMail({
    kind: 'order_confirmation',
    subject: '登記事項証明書のご注文を承りました',
    lead: [
      'ご注文ありがとうございます。次の内容でご注文を承り、クレジットカードでのお支払いが完了しました。',
      [
        `注文番号：${order.orderNumber}`,
        `ご注文の状況：${FULFILMENT_LABELS.accepted}`,
        companyLine(order),
        ...certificateLines(order),
        `お支払い金額：${formatYen(order.amountYen)}（税込）`,
        `お支払い方法：${card}`,
        `お届け予定：${isoToJa(order.scheduledStartDate)}〜${isoToJa(order.scheduledEndDate)}（${order.deliverySpeed === 'express' ? '速達' : '通常'}配送）`,
        `お届け先：${address} ${withHonorific(order.recipient)}`,
        `領収書の宛名：${withHonorific(receiptAddresseeOf(order))}`,
      ].join('\n'),
    ],
    action: { label: '領収書（PDF）を表示する', url: appUrl(receiptPath(order.id)).toString() },
    notes: [
      `ご注文の内容と領収書は、マイページの「${PAYMENT_HISTORY_PAGE.name}」からもご確認いただけます。`,
      `領収書は何度ダウンロードしても同じ原本です。宛名は、はじめてダウンロードする前であれば「${PAYMENT_HISTORY_PAGE.name}」から変更できます。`,
      '証明書は法務局で取得のうえ、郵便でお届けします。',
    ],
  });
}

/** 発送のお知らせ: the order is 発送済み, with the carrier, the tracking number and its link. */
export function orderShippedMail(order: OrderRow, options: { corrected?: boolean } = {}): RenderedMail {
  if (order.fulfilmentStatus !== 'shipped' || !order.trackingNumber || !isCarrier(order.carrier)) {
    throw new Error(`order ${order.id} is not shipped with a tracking number`);
  }
  const url = trackingUrl(order.carrier, order.trackingNumber);
  const other = order.carrier === 'other';
  return renderMail({
    kind: 'order_shipped',
    subject: options.corrected
      ? `【訂正】発送のお知らせの追跡番号について（${order.companyName}）`
      : `登記事項証明書を発送しました（${order.companyName}）`,
    lead: [
      options.corrected
        ? '先にお送りした発送のお知らせの追跡番号に誤りがありました。申し訳ありません。正しくは次のとおりです。'
        : 'ご注文の登記事項証明書を発送しました。',
      [
        `注文番号：${order.orderNumber}`,
        `ご注文の状況：${FULFILMENT_LABELS.shipped}`,
        companyLine(order),
        `配送業者：${CARRIERS[order.carrier].label}`,
        other ? `配送状況のページ：${order.trackingNumber}` : `お問い合わせ番号：${order.trackingNumber}`,
      ].join('\n'),
    ],
    ...(url ? { action: { label: '配送状況を確認する', url } } : {}),
    notes: [
      `配送状況は、マイページの「${PAYMENT_HISTORY_PAGE.name}」からもご確認いただけます。`,
      `${PAYMENT_HISTORY_PAGE.name}：${historyUrl()}`,
    ],
  });
}

/**
 * 返金のお知らせ: the amount of this refund and in total, the reason, and the order's state
 * (返金済み, キャンセル, or unchanged for a partial refund: the rest is still delivered).
 */
export function orderRefundMail(order: OrderRow, refund: { amountYen: number; reason: string }): RenderedMail {
  const status = isFulfilmentStatus(order.fulfilmentStatus) ? order.fulfilmentStatus : null;
  if (!status || order.refundedYen < refund.amountYen) throw new Error(`order ${order.id} has no recorded refund of ${refund.amountYen}`);
  const full = status === 'cancelled' || status === 'refunded';
  return renderMail({
    kind: 'order_refunded',
    subject: full
      ? `ご注文の${status === 'cancelled' ? 'キャンセル' : '返金'}について（${order.companyName}）`
      : `ご注文の一部返金について（${order.companyName}）`,
    lead: [
      full
        ? `ご注文の代金${formatYen(order.refundedYen)}をご返金しました。`
        : `ご注文の代金のうち${formatYen(refund.amountYen)}をご返金しました。残りの証明書は引き続きお届けします。`,
      [
        `注文番号：${order.orderNumber}`,
        // the payment history's words: 「返金済み（1,600円）」, 「発送済み・一部返金（500円）」
        `ご注文の状況：${fulfilmentLabel(status, order.refundedYen)}`,
        companyLine(order),
        `今回のご返金額：${formatYen(refund.amountYen)}`,
        `ご返金額の合計：${formatYen(order.refundedYen)}（お支払い金額 ${formatYen(order.amountYen)}）`,
        `理由：${refund.reason}`,
      ].join('\n'),
    ],
    action: { label: `${PAYMENT_HISTORY_PAGE.name}を確認する`, url: historyUrl() },
    notes: [
      `返金明細書（適格返還請求書）は、${PAYMENT_HISTORY_PAGE.name}の「返金明細書（PDF）」からダウンロードいただけます。${PAYMENT_HISTORY_PAGE.name}：${historyUrl()}`,
      'ご返金はお支払いに使われたクレジットカードへの返金となります。カード会社によって、ご利用明細に反映されるまで時間がかかる場合があります。',
    ],
  });
}
