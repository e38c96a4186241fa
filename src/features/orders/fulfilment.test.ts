import { describe, expect, it } from 'vitest';

import {
  FULFILMENT_LABELS,
  FULFILMENT_STATUSES,
  canTransitionFulfilment,
  fulfilmentLabel,
  statusAfterRefund,
  trackingUrl,
  type FulfilmentStatus,
} from './fulfilment';
import { ORDER_STATUSES, PAYMENT_STATUS_LABELS, canTransitionPayment, type OrderStatus } from './schemas';

/**
 * The fulfilment state machine as one table (docs/decisions/0015): every (from, to) pair, legal
 * or not. A step not listed here as legal must be refused.
 */
const LEGAL_STEPS: [FulfilmentStatus, FulfilmentStatus][] = [
  ['accepted', 'requested'],
  ['requested', 'shipped'],
  ['shipped', 'completed'],
];

describe('fulfilment states', () => {
  it('has a Japanese label for every state', () => {
    expect(FULFILMENT_LABELS).toEqual({
      accepted: '受付済み',
      requested: '法務局へ請求済み',
      shipped: '発送済み',
      completed: '完了',
      cancelled: 'キャンセル',
      refunded: '返金済み',
    });
  });

  for (const from of FULFILMENT_STATUSES) {
    for (const to of FULFILMENT_STATUSES) {
      const legal = LEGAL_STEPS.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to} is ${legal ? 'allowed' : 'refused'}`, () => {
        expect(canTransitionFulfilment(from, to)).toBe(legal);
      });
    }
  }
});

describe('refunds', () => {
  const table: [FulfilmentStatus, 'partial' | 'full', FulfilmentStatus | null][] = [
    ['accepted', 'partial', 'accepted'],
    ['accepted', 'full', 'cancelled'],
    ['requested', 'partial', 'requested'],
    ['requested', 'full', 'cancelled'],
    ['shipped', 'partial', 'shipped'],
    ['shipped', 'full', 'refunded'],
    ['completed', 'partial', 'completed'],
    ['completed', 'full', 'refunded'],
    ['cancelled', 'partial', null],
    ['cancelled', 'full', null],
    ['refunded', 'partial', null],
    ['refunded', 'full', null],
  ];
  it.each(table)('%s + %s refund → %s', (from, kind, to) => {
    expect(statusAfterRefund(from, kind === 'full')).toBe(to);
  });

  it('labels say the amount returned', () => {
    expect(fulfilmentLabel('shipped', 0)).toBe('発送済み');
    expect(fulfilmentLabel('shipped', 550)).toBe('発送済み・一部返金（550円）');
    expect(fulfilmentLabel('refunded', 1650)).toBe('返金済み（1,650円）');
    expect(fulfilmentLabel('cancelled', 1650)).toBe('キャンセル（1,650円）');
  });
});

describe('tracking links', () => {
  it('link a known carrier and refuse an unknown one', () => {
    expect(trackingUrl('japanpost', '1234-5678-9012')).toMatch(/^https:\/\/trackings\.post\.japanpost\.jp\/.*reqCodeNo1=1234-5678-9012$/);
    expect(trackingUrl('unknown', '1')).toBeNull();
    expect(trackingUrl('yamato', null)).toBeNull();
  });
});

/** The payment state machine (docs/decisions/0008) as one table. */
const PAYMENT_STEPS: [OrderStatus, OrderStatus][] = [
  ['pending', 'charging'],
  ['charging', 'awaiting_3ds'],
  ['charging', 'paid'],
  ['charging', 'failed'],
  ['charging', 'expired'],
  ['charging', 'unknown'],
  ['awaiting_3ds', 'paid'],
  ['awaiting_3ds', 'failed'],
  ['awaiting_3ds', 'expired'],
  ['unknown', 'awaiting_3ds'],
  ['unknown', 'paid'],
  ['unknown', 'failed'],
  ['unknown', 'expired'],
  // pay the same order again / cancel it / expire it past its deadline (docs/decisions/0023)
  ['awaiting_3ds', 'charging'],
  ['failed', 'charging'],
  ['awaiting_3ds', 'cancelled'],
  ['failed', 'cancelled'],
  ['failed', 'expired'],
  // money PAY.JP took is always recorded, even on an order given up
  ['failed', 'paid'],
  ['expired', 'paid'],
  ['cancelled', 'paid'],
];

describe('payment states', () => {
  it('has both labels for every state', () => {
    for (const s of ORDER_STATUSES) expect(PAYMENT_STATUS_LABELS[s].order && PAYMENT_STATUS_LABELS[s].payment, s).toBeTruthy();
  });
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const legal = PAYMENT_STEPS.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to} is ${legal ? 'allowed' : 'refused'}`, () => {
        expect(canTransitionPayment(from, to)).toBe(legal);
      });
    }
  }
});
