import { describe, expect, it } from 'vitest';

import { DESTINATION } from '@tests/support/purchase/fixtures';

import type { OrderRow } from './repository';
import { orderConfirmationMail, orderRefundMail, orderShippedMail } from './mails';

const base: OrderRow = {
  id: '7f0c8a9e-2d1b-4c3a-9e8f-1a2b3c4d5e6f',
  orderNumber: 'HJ-2611-4K7QX',
  userId: '00000000-0000-4000-8000-000000000001',
  idempotencyKey: 'k',
  status: 'paid',
  corporateNumber: '1180301018771',
  companyName: 'トヨタ自動車株式会社',
  companyKind: '301',
  companyAddress: '愛知県豊田市トヨタ町1番地',
  deliverySpeed: 'normal',
  scheduledStartDate: '2026-11-27',
  scheduledEndDate: '2026-11-30',
  items: [{ itemId: 'history-full', quantity: 1 }],
  price: {
    lines: [
      {
        kind: 'ministryFee',
        itemId: 'history-full',
        name: '履歴事項全部証明書（法務局手数料）',
        unitPriceYen: 500,
        quantity: 1,
        amountYen: 500,
        taxCategory: 'nonTaxable',
      },
      {
        kind: 'serviceFee',
        itemId: 'history-full',
        name: '履歴事項全部証明書（当社手数料）',
        unitPriceYen: 1100,
        quantity: 1,
        amountYen: 1100,
        taxCategory: 'standard10',
      },
    ],
    taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 1100, taxYen: 100, taxExclusiveTotalYen: 1000 }],
    nonTaxableTotalYen: 500,
    totalYen: 1600,
  },
  amountYen: 1600,
  taxYen: 100,
  nonTaxableYen: 500,
  isFirstPurchase: false,
  ...DESTINATION,
  paymentMethod: 'new_card',
  payjpChargeId: 'ch_1',
  cardBrand: 'Visa',
  cardLast4: '4242',
  failureCode: null,
  paymentAttempt: 1,
  chargingStartedAt: new Date('2026-11-25T01:00:00Z'),
  paidAt: new Date('2026-11-25T01:01:00Z'),
  mailSentAt: null,
  reconcileLeaseUntil: null,
  fulfilmentStatus: 'accepted',
  applicationNumber: null,
  carrier: null,
  trackingNumber: null,
  requestedAt: null,
  shippedAt: null,
  completedAt: null,
  refundedYen: 0,
  createdAt: new Date('2026-11-25T00:59:00Z'),
  updatedAt: new Date('2026-11-25T01:01:00Z'),
};

describe('order mails say what the payment history says', () => {
  it('the confirmation says 受付済み', () => {
    expect(orderConfirmationMail(base).text).toContain('ご注文の状況：受付済み');
  });

  it('addresses both 宛名 with the one honorific rule, never doubling one the member typed', () => {
    const text = orderConfirmationMail({ ...base, recipient: '株式会社サンプル 総務部 御中', receiptRecipient: '' }).text;
    expect(text).toContain('株式会社サンプル 総務部 御中\n');
    expect(text).toContain('領収書の宛名：株式会社サンプル 総務部 御中');
    expect(text).not.toMatch(/御中\s*様/);
    const person = orderConfirmationMail(base).text;
    expect(person).toContain('丸の内1-1-1 山田 太郎 様');
    expect(person).toContain('領収書の宛名：株式会社テスト 御中');
  });

  it('the shipped mail names the carrier and number and links the tracking page', () => {
    const mail = orderShippedMail({ ...base, fulfilmentStatus: 'shipped', carrier: 'japanpost', trackingNumber: '123456789012' });
    expect(mail.subject).toContain('登記事項証明書を発送しました（トヨタ自動車株式会社）');
    expect(mail.text).toContain('ご注文の状況：発送済み');
    expect(mail.text).toContain('配送業者：日本郵便');
    expect(mail.text).toContain('お問い合わせ番号：123456789012');
    expect(mail.text).toMatch(/https:\/\/trackings\.post\.japanpost\.jp\/\S*reqCodeNo1=123456789012/);
    expect(mail.html).toContain('配送状況を確認する');
  });

  it('refuses to compose a shipped mail for an order that is not shipped', () => {
    expect(() => orderShippedMail(base)).toThrow(/not shipped/);
  });

  it('the refund mail gives the amount, the total and the state (返金済み, キャンセル, or partial)', () => {
    const full = orderRefundMail({ ...base, fulfilmentStatus: 'refunded', refundedYen: 1600 }, { amountYen: 1600, reason: '誤発送' });
    expect(full.text).toContain('ご注文の状況：返金済み');
    expect(full.text).toContain('今回のご返金額：1,600円');
    expect(full.text).toContain('理由：誤発送');
    const cancelled = orderRefundMail({ ...base, fulfilmentStatus: 'cancelled', refundedYen: 1600 }, { amountYen: 1600, reason: 'ご依頼' });
    expect(cancelled.subject).toContain('キャンセル');
    expect(cancelled.text).toContain('ご注文の状況：キャンセル');
    const partial = orderRefundMail({ ...base, refundedYen: 500 }, { amountYen: 500, reason: '発行不可' });
    expect(partial.subject).toContain('一部返金');
    expect(partial.text).toContain('残りの証明書は引き続きお届けします');
    expect(partial.text).toContain('ご返金額の合計：500円（お支払い金額 1,600円）');
    expect(partial.text).toContain('ご注文の状況：受付済み・一部返金（500円）');
    expect(partial.text).toContain('返金明細書（PDF）');
    expect(partial.text).toContain('/my-page/payment-history');
  });
});

describe('every order mail gives the order number members quote, not the internal id', () => {
  const mails = {
    confirmation: orderConfirmationMail(base),
    shipped: orderShippedMail({ ...base, fulfilmentStatus: 'shipped', carrier: 'japanpost', trackingNumber: '123456789012' }),
    refund: orderRefundMail({ ...base, fulfilmentStatus: 'refunded', refundedYen: 1600 }, { amountYen: 1600, reason: '誤発送' }),
  };
  it.each(Object.entries(mails))('%s: 注文番号：HJ-2611-4K7QX in text and HTML', (_name, mail) => {
    expect(mail.text).toContain('注文番号：HJ-2611-4K7QX');
    expect(mail.html).toContain('HJ-2611-4K7QX');
    expect(mail.text).not.toMatch(/注文番号：7f0c8a9e/);
  });
});
