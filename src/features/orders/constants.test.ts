import { describe, expect, it } from 'vitest';

import { PAYMENT_DEADLINE_MINUTES, paymentDeadline } from './constants';
import { PAYMENT_STATUS_LABELS, RESUMABLE_STATUSES, canTransitionPayment } from './schemas';

describe('the payment deadline of an unpaid order (docs/decisions/0023)', () => {
  it('runs 30 minutes from the latest attempt, or from the order when no charge was requested', () => {
    expect(PAYMENT_DEADLINE_MINUTES).toBe(30);
    const createdAt = new Date('2026-11-26T01:00:00Z');
    expect(paymentDeadline({ createdAt, chargingStartedAt: null }).toISOString()).toBe('2026-11-26T01:30:00.000Z');
    expect(paymentDeadline({ createdAt, chargingStartedAt: new Date('2026-11-26T01:20:00Z') }).toISOString()).toBe(
      '2026-11-26T01:50:00.000Z',
    );
  });

  it('every state a member may pay again can also be cancelled, expired, and says what it means', () => {
    for (const s of RESUMABLE_STATUSES) {
      expect(canTransitionPayment(s, 'charging'), s).toBe(true);
      expect(canTransitionPayment(s, 'cancelled'), s).toBe(true);
      expect(canTransitionPayment(s, 'expired'), s).toBe(true);
      expect(PAYMENT_STATUS_LABELS[s].meaning, s).toContain('料金は請求されていません');
    }
    expect(PAYMENT_STATUS_LABELS.expired).toMatchObject({ order: '期限切れ', meaning: expect.stringContaining('30分') });
    expect(PAYMENT_STATUS_LABELS.cancelled.order).toBe('取り消し済み');
  });
});
