import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { fulfilmentLabel, progressOf } from '@/features/orders';

import type { PaymentHistoryRow } from '../schemas';

vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams() }));
const { HistoryCard } = await import('./payment-history');

const row: PaymentHistoryRow = {
  paymentId: '7f0c8a9e-2d1b-4c3a-9e8f-1a2b3c4d5e6f',
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

  it('shows no progress for an order that is not paid', () => {
    expect(html({ ...row, orderStatus: 'failed', fulfilment: null, receiptUrl: null })).not.toContain('お届けまでの状況');
  });
});
