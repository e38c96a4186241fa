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
