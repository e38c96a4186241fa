import 'server-only';

import { getEnv } from '@/config/env';
import { formatYen } from '@/lib/format';
import { renderMail, type RenderedMail } from '@/server/mail';

import type { orders } from '@db/schema';

type OrderRow = typeof orders.$inferSelect;

interface MailLine {
  name: string;
  quantity: number;
  amountYen: number;
}

function isoToJa(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日` : iso;
}

/** ご注文確認メール: what was ordered, the amount charged, the delivery window and the receipt link. */
export function orderConfirmationMail(order: OrderRow): RenderedMail {
  const price = order.price as { lines: MailLine[] };
  const base = getEnv().APP_BASE_URL;
  const address = `〒${order.destinationZipCode.slice(0, 3)}-${order.destinationZipCode.slice(3)} ${order.destinationPrefecture}${order.destinationCity}${order.destinationStreet}${order.destinationApartmentEtc ? ` ${order.destinationApartmentEtc}` : ''}`;
  const card = order.cardBrand && order.cardLast4 ? `${order.cardBrand}（末尾 ${order.cardLast4}）` : 'クレジットカード';
  return renderMail({
    kind: 'order_confirmation',
    subject: '登記事項証明書のご注文を承りました',
    lead: [
      'ご注文ありがとうございます。次の内容でご注文を承り、クレジットカードでのお支払いが完了しました。',
      [
        `注文番号：${order.id}`,
        `対象の会社：${order.companyName}（法人番号 ${order.corporateNumber}）`,
        ...price.lines.map((l) => `・${l.name} × ${l.quantity}　${formatYen(l.amountYen)}`),
        `お支払い金額：${formatYen(order.amountYen)}（税込）`,
        `お支払い方法：${card}`,
        `お届け予定：${isoToJa(order.scheduledStartDate)}〜${isoToJa(order.scheduledEndDate)}（${order.deliverySpeed === 'express' ? '速達' : '通常'}配送）`,
        `お届け先：${address} ${order.recipient} 様`,
      ].join('\n'),
    ],
    action: { label: '領収書（PDF）を表示する', url: new URL(`/api/download/receipt/${order.id}.pdf`, base).toString() },
    notes: [
      'ご注文の内容と領収書は、マイページの「お支払い履歴」からもご確認いただけます。',
      '証明書は法務局で取得のうえ、郵便でお届けします。',
    ],
  });
}
