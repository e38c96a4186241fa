/**
 * The fulfilment state machine of a paid order (issue 12 §1, docs/decisions/0015): one table of
 * states, their Japanese labels and the legal steps. Isomorphic: the repository enforces it, the
 * payment history and the mails print its labels, the back office offers only its steps.
 */

export const FULFILMENT_STATUSES = ['accepted', 'requested', 'shipped', 'completed', 'cancelled', 'refunded'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export function isFulfilmentStatus(value: unknown): value is FulfilmentStatus {
  return typeof value === 'string' && (FULFILMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * - accepted  受付済み: the payment is recorded (entered in the same transaction as `paid`);
 * - requested 法務局へ請求済み: staff requested the certificates online (with the application number);
 * - shipped   発送済み: posted to the member (carrier + tracking number);
 * - completed 完了: delivered / nothing left to do;
 * - cancelled キャンセル: stopped before shipping, the whole amount refunded;
 * - refunded  返金済み: the whole amount refunded after shipping.
 * A partial refund (one certificate the bureau could not issue) is not a state: the order goes on
 * to be shipped with the rest, and `refunded_yen` > 0 shows 「一部返金」 beside the state.
 */
export const FULFILMENT_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  accepted: '受付済み',
  requested: '法務局へ請求済み',
  shipped: '発送済み',
  completed: '完了',
  cancelled: 'キャンセル',
  refunded: '返金済み',
};

/**
 * The legal steps a staff member can make. Cancelling and refunding are not here: they happen
 * only with a full refund (`statusAfterRefund`), never by a status change alone, so a
 * キャンセル order always had its money returned.
 */
export const FULFILMENT_TRANSITIONS: Readonly<Record<FulfilmentStatus, readonly FulfilmentStatus[]>> = {
  accepted: ['requested'],
  requested: ['shipped'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
  refunded: [],
};

export function canTransitionFulfilment(from: FulfilmentStatus, to: FulfilmentStatus): boolean {
  return FULFILMENT_TRANSITIONS[from].includes(to);
}

/** States in which money can still be returned (a final refund or cancellation ends the order). */
export function isRefundable(status: FulfilmentStatus): boolean {
  return status !== 'cancelled' && status !== 'refunded';
}

/**
 * The state after a refund: a partial one leaves the order where it is; the last yen returned
 * before shipping cancels it, after shipping marks it refunded. Null: no refund is possible now.
 */
export function statusAfterRefund(status: FulfilmentStatus, fullyRefunded: boolean): FulfilmentStatus | null {
  if (!isRefundable(status)) return null;
  if (!fullyRefunded) return status;
  return status === 'accepted' || status === 'requested' ? 'cancelled' : 'refunded';
}

/** What the step needs besides the state: the application number, or the carrier and tracking number. */
export const FULFILMENT_STEP_FIELDS: Readonly<Record<FulfilmentStatus, readonly ('applicationNumber' | 'carrier' | 'trackingNumber')[]>> = {
  accepted: [],
  requested: ['applicationNumber'],
  shipped: ['carrier', 'trackingNumber'],
  completed: [],
  cancelled: [],
  refunded: [],
};

/**
 * Carriers whose tracking pages we link (the member follows the parcel there). The URLs are the
 * carriers' public tracking forms with the number filled in (UNVERIFIED: parameters as the carriers
 * publish them; no test reaches the carriers).
 */
export const CARRIERS = {
  japanpost: {
    label: '日本郵便',
    trackingUrl: (n: string) =>
      `https://trackings.post.japanpost.jp/services/srv/search/direct?searchKind=S002&locale=ja&reqCodeNo1=${encodeURIComponent(n)}`,
  },
  yamato: {
    label: 'ヤマト運輸',
    trackingUrl: (n: string) => `https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${encodeURIComponent(n)}`,
  },
  sagawa: {
    label: '佐川急便',
    trackingUrl: (n: string) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${encodeURIComponent(n)}`,
  },
} as const;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as [Carrier, ...Carrier[]];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && Object.hasOwn(CARRIERS, value);
}

export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!trackingNumber || !isCarrier(carrier)) return null;
  return CARRIERS[carrier].trackingUrl(trackingNumber);
}

/**
 * The one line a member reads about a paid order's progress: the state's label, with the refunded
 * amount when money went back (「返金済み（1,650円）」, 「発送済み・一部返金（550円）」).
 */
export function fulfilmentLabel(status: FulfilmentStatus, refundedYen: number): string {
  const label = FULFILMENT_LABELS[status];
  if (refundedYen <= 0) return label;
  const amount = `${refundedYen.toLocaleString('ja-JP')}円`;
  if (status === 'cancelled' || status === 'refunded') return `${label}（${amount}）`;
  return `${label}・一部返金（${amount}）`;
}

/** The road a paid order travels, as the member's history draws it (受付済み → … → 完了). */
export const FULFILMENT_PROGRESS = ['accepted', 'requested', 'shipped', 'completed'] as const satisfies readonly FulfilmentStatus[];

/**
 * How far along the road the order is: each step of FULFILMENT_PROGRESS done or not. A cancelled
 * order stopped before shipping, a refunded one after: their steps show how far they had come.
 */
export function progressOf(
  status: FulfilmentStatus,
  reached: { requested: boolean; shipped: boolean; completed: boolean },
): {
  status: (typeof FULFILMENT_PROGRESS)[number];
  label: string;
  done: boolean;
}[] {
  const done: Record<(typeof FULFILMENT_PROGRESS)[number], boolean> = {
    accepted: true,
    requested: reached.requested || status === 'shipped' || status === 'completed',
    shipped: reached.shipped || status === 'completed',
    completed: status === 'completed' || reached.completed,
  };
  return FULFILMENT_PROGRESS.map((s) => ({ status: s, label: FULFILMENT_LABELS[s], done: done[s] }));
}
