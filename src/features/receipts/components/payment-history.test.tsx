import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { fulfilmentLabel, progressOf } from '@/features/orders';

import type { PaymentHistoryRow } from '../schemas';

vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams() }));
const { HistoryCard } = await import('./payment-history');

const row: PaymentHistoryRow = {
  paymentId: '7f0c8a9e-2d1b-4c3a-9e8f-1a2b3c4d5e6f',
  orderNumber: 'HJ-2611-4K7QX',
  orderedAt: '2026-11-25T01:00:00.000Z',
  paidAt: '2026-11-25T01:01:00.000Z',
  companyName: 'トヨタ自動車株式会社',
  corporateNumber: '1180301018771',
  items: [{ itemId: 'history-full', name: '履歴事項全部証明書', quantity: 1 }],
  amountYen: 1600,
  isFirstPurchase: false,
  deliverySpeed: 'normal',
  deliverySpeedLabel: '通常',
  orderStatus: 'paid',
  orderStatusLabel: '発送済み',
  paymentStatusLabel: 'お支払い完了',
  statusMeaning: null,
  resumable: false,
  paymentDeadline: null,
  receiptUrl: '/api/download/receipt/7f0c8a9e-2d1b-4c3a-9e8f-1a2b3c4d5e6f.pdf',
  receiptIssued: false,
  receiptAddressee: '株式会社サンプル 総務部 御中',
  receipt: null,
  fulfilment: {
    status: 'shipped',
    label: '発送済み',
    steps: progressOf('shipped', { requested: true, shipped: true, completed: false }),
    shipment: {
      carrierLabel: '日本郵便',
      trackingNumber: '123456789012',
      trackingUrl: 'https://trackings.post.japanpost.jp/x?reqCodeNo1=123456789012',
    },
    refundedYen: 0,
  },
  refunds: [],
};

const html = (r: PaymentHistoryRow) => renderToStaticMarkup(<HistoryCard row={r} />).replace(/<!-- -->/g, '');

describe('HistoryCard', () => {
  it('draws the road 受付済み → 法務局へ請求済み → 発送済み → 完了 with the current step and the tracking link', () => {
    const out = html(row);
    expect(out).toMatch(/受付済み.*法務局へ請求済み.*発送済み.*完了/s);
    expect(out).toContain('aria-current="step"');
    expect(out).toContain('日本郵便 お問い合わせ番号 123456789012');
    expect(out).toContain('href="https://trackings.post.japanpost.jp/x?reqCodeNo1=123456789012"');
  });

  it('shows 返金済み with the amount after a full refund', () => {
    const out = html({
      ...row,
      orderStatusLabel: fulfilmentLabel('refunded', 1600),
      fulfilment: { ...row.fulfilment!, status: 'refunded', label: fulfilmentLabel('refunded', 1600), refundedYen: 1600 },
    });
    expect(out).toContain('返金済み（1,600円）');
    expect(out).not.toContain('aria-current="step"');
  });

  it('shows 一部返金 with the amount and a 返金明細書 link per refund beside the receipt', () => {
    const refundId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const out = html({
      ...row,
      orderStatusLabel: fulfilmentLabel('shipped', 550),
      fulfilment: { ...row.fulfilment!, label: fulfilmentLabel('shipped', 550), refundedYen: 550 },
      refunds: [{ refundId, amountYen: 550, refundedAt: '2026-11-20T03:00:00.000Z', statementUrl: `/api/download/refund/${refundId}.pdf` }],
    });
    expect(out).toContain('発送済み・一部返金（550円）');
    expect(out).toMatch(/領収書（PDF）.*href="\/api\/download\/refund\/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d\.pdf"[^>]*>返金明細書（PDF）/s);
  });

  it('offers to issue the original and to change the 宛名 before issue, never doubling a typed honorific', () => {
    const out = html(row);
    expect(out).toContain('株式会社サンプル 総務部 御中</span>');
    expect(out).not.toMatch(/御中 様/);
    expect(out).toContain('領収書（PDF）を発行');
    expect(out).toContain('宛名を変更');
    expect(out).not.toContain('再発行を依頼');
    expect(out).toContain('はじめてダウンロードした時点で発行されます（原本）');
  });

  it('downloads the same original after issue, and offers a re-issue on request or with a corrected 宛名', () => {
    const issued = { serialNumber: 'R-2026-000123', issuedAt: '2026-11-25T02:00:00.000Z', reissue: null, reissuesLeft: 5 };
    const out = html({ ...row, receiptIssued: true, receipt: issued });
    expect(out).toContain('領収書（PDF）をダウンロード');
    expect(out).toContain('No. R-2026-000123（2026年11月25日発行・原本）。何度ダウンロードしても同じ原本です。');
    expect(out).toContain('再発行を依頼');
    expect(out).toContain('宛名を訂正して再発行');

    const reissued = html({
      ...row,
      receiptIssued: true,
      receipt: { ...issued, reissue: { number: 1, at: '2026-11-26T02:00:00.000Z', reason: 'addressee_corrected' }, reissuesLeft: 0 },
    });
    expect(reissued).toContain('領収書（PDF・再発行）をダウンロード');
    expect(reissued).toContain('2026年11月26日に再発行しました（宛名の訂正による再発行）');
    expect(reissued).not.toContain('再発行を依頼');
    expect(reissued).toContain('再発行は上限に達しています');
  });

  it('gives the 注文番号 the member quotes on every row, paid or not', () => {
    expect(html(row)).toMatch(/<dt>注文番号<\/dt><dd[^>]*>HJ-2611-4K7QX<\/dd>/);
    expect(html({ ...row, orderStatus: 'failed', fulfilment: null, receiptUrl: null })).toContain('HJ-2611-4K7QX');
  });

  it('shows no progress for an order that is not paid', () => {
    expect(html({ ...row, orderStatus: 'failed', fulfilment: null, receiptUrl: null })).not.toContain('お届けまでの状況');
  });
});
