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
 * The carriers staff can pick, with the rule of each one's tracking number (issue 24 §3) and the
 * page that follows the parcel. One module for the order page's form (checked before the
 * confirmation step) and the server (the schema and the orders feature's write): 日本郵便 11–13
 * digits, ヤマト運輸 12, 佐川急便 10–12 — hyphens and spaces as printed on the slip are dropped —
 * and その他: the carrier's own tracking page, an https address, which is then what is stored and
 * linked (docs/decisions/0060). The URLs are the carriers' public tracking forms with the number
 * filled in (UNVERIFIED: parameters as the carriers publish them; no test reaches the carriers).
 */
export const CARRIERS = {
  japanpost: {
    label: '日本郵便',
    digits: [11, 13],
    trackingUrl: (n: string) =>
      `https://trackings.post.japanpost.jp/services/srv/search/direct?searchKind=S002&locale=ja&reqCodeNo1=${encodeURIComponent(n)}`,
  },
  yamato: {
    label: 'ヤマト運輸',
    digits: [12, 12],
    trackingUrl: (n: string) => `https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${encodeURIComponent(n)}`,
  },
  sagawa: {
    label: '佐川急便',
    digits: [10, 12],
    trackingUrl: (n: string) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${encodeURIComponent(n)}`,
  },
  other: {
    label: 'その他',
    digits: null,
    // the tracking "number" of another carrier is its tracking page (checked to be https)
    trackingUrl: (url: string) => url,
  },
} as const satisfies Record<string, { label: string; digits: readonly [number, number] | null; trackingUrl: (n: string) => string }>;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as [Carrier, ...Carrier[]];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && Object.hasOwn(CARRIERS, value);
}

/** The longest tracking address その他 accepts (a tracking page's URL with its query). */
export const TRACKING_URL_MAX = 500;

/** What the tracking field asks for, per carrier (the form's label and hint). */
export function trackingFieldLabel(carrier: Carrier): { label: string; hint: string } {
  const c = CARRIERS[carrier];
  if (!c.digits) return { label: '追跡ページのアドレス', hint: 'https:// で始まる、配送業者の追跡ページのアドレス' };
  const [min, max] = c.digits;
  return {
    label: '追跡番号（お問い合わせ番号）',
    hint: `${c.label}：数字${min === max ? `${min}桁` : `${min}〜${max}桁`}（ハイフンは省略可）`,
  };
}

/**
 * The tracking number as typed, checked against the carrier's rule: the stored form (digits only,
 * or the https address) or the Japanese message saying what is wrong.
 */
export function checkTrackingNumber(carrier: Carrier, typed: string): { ok: true; value: string } | { ok: false; message: string } {
  const c = CARRIERS[carrier];
  const text = typed.normalize('NFKC').trim();
  if (!c.digits) {
    if (text === '') return { ok: false, message: '追跡ページのアドレスを入力してください。' };
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:' || /\s/.test(text) || !url.hostname.includes('.')) {
      return { ok: false, message: '追跡ページのアドレスは https:// で始まる URL で入力してください。' };
    }
    if (url.href.length > TRACKING_URL_MAX)
      return { ok: false, message: `追跡ページのアドレスは${TRACKING_URL_MAX}文字以内で入力してください。` };
    return { ok: true, value: url.href };
  }
  const digits = text.replace(/[\s\-‐－ー−]/g, '');
  const [min, max] = c.digits;
  const rule = min === max ? `${min}桁` : `${min}〜${max}桁`;
  if (digits === '') return { ok: false, message: '追跡番号を入力してください。' };
  if (!/^\d+$/.test(digits) || digits.length < min || digits.length > max) {
    return { ok: false, message: `${c.label}の追跡番号は数字${rule}で入力してください。` };
  }
  return { ok: true, value: digits };
}

export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!trackingNumber || !isCarrier(carrier)) return null;
  // a number stored before the rules (any text) is not linked when it no longer passes them
  const checked = checkTrackingNumber(carrier, trackingNumber);
  return checked.ok ? CARRIERS[carrier].trackingUrl(checked.value) : null;
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

/**
 * Whether staff may still correct the delivery address (issue 24 §3): paid and not yet shipped
 * (受付済み・法務局へ請求済み). The order page shows the form by it; the orders feature refuses by it (409).
 */
export function isDestinationCorrectable(o: { status: string; fulfilmentStatus: string | null }): boolean {
  return o.status === 'paid' && (o.fulfilmentStatus === 'accepted' || o.fulfilmentStatus === 'requested');
}
