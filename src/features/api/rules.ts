/**
 * The public API's rules that pages and server share (issue 26, docs/decisions/0098). Plain
 * values only: client components import this module, never the zod schemas.
 */

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'hj_live_';
/** 24 random bytes as base64url after the prefix. */
export const API_KEY_PATTERN = /^hj_live_[A-Za-z0-9_-]{32}$/;
/** What the key list shows of a key: the prefix and the first four characters of the secret. */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;
export const API_KEY_NAME_MAX = 40;
/** Live keys one member may hold at a time. */
export const API_KEYS_PER_MEMBER = 10;
/** Days of usage the key page shows in its chart. */
export const API_USAGE_DAYS = 30;
/** Numbers, T-numbers or names in one batch request. */
export const API_BATCH_MAX = 1000;
/** Events in one page of the change feed. */
export const API_CHANGES_PAGE_MAX = 500;
export const API_CHANGES_PAGE_DEFAULT = 100;
/** Days back the change feed reaches (the change log keeps at least this much). */
export const API_CHANGES_DAYS = 90;

export const API_KEY_MESSAGES = {
  name_required: 'キーの名前を入力してください。',
  name_too_long: `キーの名前は${API_KEY_NAME_MAX}文字以内で入力してください。`,
  too_many_keys: `有効なキーは${API_KEYS_PER_MEMBER}個までです。使っていないキーを無効にしてから作成してください。`,
  not_found: 'キーが見つかりません。すでに無効にされた可能性があります。',
} as const;

/** The problem types of the public API (RFC 9457 `type`, relative to /developers#errors). */
export const API_PROBLEMS = {
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    detail: 'API キーがないか、正しくありません。Authorization: Bearer hj_live_… を付けて送信してください。',
  },
  key_revoked: {
    status: 401,
    title: 'Key revoked',
    detail: 'この API キーは無効にされています。マイページの「API キー」で新しいキーを作成してください。',
  },
  rate_limited: {
    status: 429,
    title: 'Too Many Requests',
    detail: '短時間にリクエストが集中しました。Retry-After の秒数だけ待ってから送信してください。',
  },
  quota_exceeded: {
    status: 429,
    title: 'Monthly quota exceeded',
    detail: '今月のリクエスト数の上限に達しました。来月1日（日本時間）にリセットされます。',
  },
  not_found: { status: 404, title: 'Not Found', detail: 'お探しの情報は見つかりませんでした。' },
} as const;

/** Japan-time 'YYYY-MM' of an instant. */
export function monthInJapan(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 7);
}

/** The first instant of the next month in Japan time (when the monthly quota starts again). */
export function nextMonthStartInJapan(at: Date): Date {
  const jst = new Date(at.getTime() + 9 * 3_600_000);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() + 1, 1) - 9 * 3_600_000);
}

/** The free plan's id (a member without a paid subscription is on it). */
export const FREE_PLAN_ID = 'free';
export const FREE_PLAN_NAME = 'フリー';

/** A plan of the public API as pages show it (issue 27 §1; configured in API_PAID_PLANS, read by server/plans.ts). */
export interface ApiPlan {
  id: string;
  name: string;
  /** tax-inclusive monthly price in yen (0: the free plan) */
  priceYen: number;
  monthlyQuota: number;
  ratePerSecond: number;
}

/** A member's plan as the key page shows it (GET /api/api-subscription; server/subscriptions.ts makes it). */
export interface SubscriptionView {
  plan: ApiPlan;
  /** the row's status, or 'none' */
  status: 'none' | 'pending' | 'active' | 'canceled' | 'paused' | 'lapsed' | 'ended';
  currentPeriodEnd: string | null;
  nextPlan: ApiPlan | null;
  graceUntil: string | null;
  periods: {
    id: string;
    planName: string;
    amountYen: number;
    taxYen: number;
    periodStart: string;
    periodEnd: string;
    refundedYen: number;
  }[];
}
// ---- webhooks (issue 27 §5–6, docs/decisions/0115) -------------------------------------------

/**
 * The event types an endpoint may ask for: the watch list's changes (the same classifier as the
 * digest mail and /v1/changes), the monthly quota's notices and the plan's billing events.
 */
export const WEBHOOK_EVENT_TYPES = [
  'watch.name_changed',
  'watch.address_changed',
  'watch.closed',
  'watch.merged',
  'watch.revived',
  'watch.invoice_registered',
  'watch.invoice_revoked',
  'watch.invoice_expired',
  'quota.warning',
  'quota.exceeded',
  'billing.renewed',
  'billing.renewal_failed',
  'billing.plan_changed',
  'billing.canceled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'watch.name_changed': '商号変更',
  'watch.address_changed': '所在地変更',
  'watch.closed': '閉鎖',
  'watch.merged': '合併',
  'watch.revived': '復活',
  'watch.invoice_registered': 'インボイス登録',
  'watch.invoice_revoked': 'インボイス登録の取消',
  'watch.invoice_expired': 'インボイス登録の失効',
  'quota.warning': '今月の利用が上限の80%を超えた',
  'quota.exceeded': '今月の利用が上限に達した',
  'billing.renewed': 'プランの更新（決済成功）',
  'billing.renewal_failed': 'プランの更新の失敗',
  'billing.plan_changed': 'プランの変更',
  'billing.canceled': 'プランの解約',
};

/** Endpoints one member may register. */
export const WEBHOOK_ENDPOINTS_PER_MEMBER = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 100;
/** Deliveries the log shows per endpoint. */
export const WEBHOOK_LOG_SIZE = 50;

export const WEBHOOK_MESSAGES = {
  url_required: '送信先の URL を入力してください。',
  url_invalid: '送信先の URL が正しくありません（https:// で始まる URL を入力してください）。',
  url_not_https: '送信先の URL は https:// で始まる URL にしてください。',
  url_credentials: '送信先の URL にユーザー名やパスワードを含めることはできません。',
  url_blocked: 'この送信先には送信できません（社内ネットワーク・ループバック・リンクローカルなどのアドレスは使えません）。',
  url_unresolvable: '送信先のホスト名を解決できませんでした。URL をご確認ください。',
  types_required: '受け取るイベントを1つ以上選んでください。',
  too_many: `送信先は${WEBHOOK_ENDPOINTS_PER_MEMBER}件まで登録できます。使っていない送信先を削除してから登録してください。`,
  not_found: '送信先が見つかりません。すでに削除された可能性があります。',
  delivery_not_found: '配信の記録が見つかりません。',
} as const;
