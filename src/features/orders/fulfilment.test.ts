import { describe, expect, it } from 'vitest';

import {
  isDestinationCorrectable,
  FULFILMENT_LABELS,
  FULFILMENT_STATUSES,
  canTransitionFulfilment,
  checkTrackingNumber,
  fulfilmentLabel,
  statusAfterRefund,
  trackingUrl,
  type Carrier,
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

/** One test per (from, to) pair of a state machine: allowed exactly when `legal` lists it. */
function itChecksEveryStep<S extends string>(
  states: readonly S[],
  legal: readonly (readonly [S, S])[],
  can: (from: S, to: S) => boolean,
): void {
  for (const from of states) {
    for (const to of states) {
      const allowed = legal.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(can(from, to)).toBe(allowed);
      });
    }
  }
}

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

  itChecksEveryStep(FULFILMENT_STATUSES, LEGAL_STEPS, canTransitionFulfilment);
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
    expect(trackingUrl('japanpost', '1234-5678-9012')).toMatch(/^https:\/\/trackings\.post\.japanpost\.jp\/.*reqCodeNo1=123456789012$/);
    expect(trackingUrl('unknown', '1')).toBeNull();
    expect(trackingUrl('yamato', null)).toBeNull();
    // a number that does not pass its carrier's rule is not linked (issue 24: `abc` was mailed with a link)
    expect(trackingUrl('japanpost', 'abc')).toBeNull();
    expect(trackingUrl('other', 'https://track.example.jp/p?id=1')).toBe('https://track.example.jp/p?id=1');
    expect(trackingUrl('other', 'javascript:alert(1)')).toBeNull();
  });
});

describe('tracking numbers per carrier (issue 24 §3)', () => {
  const cases: [Carrier, string, string | null][] = [
    ['japanpost', '1234-5678-901', '12345678901'],
    ['japanpost', '１２３４ ５６７８ ９０１２', '123456789012'],
    ['japanpost', '1234567890123', '1234567890123'],
    ['japanpost', '1234567890', null],
    ['japanpost', '12345678901234', null],
    ['japanpost', 'abc', null],
    ['yamato', '1234-5678-9012', '123456789012'],
    ['yamato', '12345678901', null],
    ['yamato', '1234567890123', null],
    ['sagawa', '1234567890', '1234567890'],
    ['sagawa', '123456789012', '123456789012'],
    ['sagawa', '123456789', null],
    ['sagawa', '1234567890123', null],
    ['other', 'https://track.example.jp/p?id=1', 'https://track.example.jp/p?id=1'],
    ['other', 'http://track.example.jp/p?id=1', null],
    ['other', 'track.example.jp', null],
    ['other', 'javascript:alert(1)', null],
    ['other', '', null],
  ];
  it.each(cases)('%s %j → %j', (carrier, typed, stored) => {
    const r = checkTrackingNumber(carrier, typed);
    if (stored === null) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/入力してください/);
    } else expect(r).toEqual({ ok: true, value: stored });
  });
  it('names the carrier and its digits in the message', () => {
    expect(checkTrackingNumber('japanpost', 'abc')).toEqual({ ok: false, message: '日本郵便の追跡番号は数字11〜13桁で入力してください。' });
    expect(checkTrackingNumber('yamato', '1')).toEqual({ ok: false, message: 'ヤマト運輸の追跡番号は数字12桁で入力してください。' });
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
  itChecksEveryStep(ORDER_STATUSES, PAYMENT_STEPS, canTransitionPayment);
});

describe('isDestinationCorrectable (decision 0069)', () => {
  it('is true for a paid order before it ships, false once shipped, completed, refunded or unpaid', () => {
    expect(isDestinationCorrectable({ status: 'paid', fulfilmentStatus: 'accepted' })).toBe(true);
    expect(isDestinationCorrectable({ status: 'paid', fulfilmentStatus: 'requested' })).toBe(true);
    for (const f of ['shipped', 'completed', 'refunded'])
      expect(isDestinationCorrectable({ status: 'paid', fulfilmentStatus: f })).toBe(false);
    expect(isDestinationCorrectable({ status: 'failed', fulfilmentStatus: null })).toBe(false);
  });
});
