/**
 * The one error shape of every /api/* response (conventions.md §2):
 * `{"error": {"code": "...", "message": "日本語の説明", "fields": {"field": "…"}}}`.
 * Isomorphic: the API client parses it too.
 *
 * Checked by hand rather than with zod: the API client is on every page, and zod in it made zod
 * part of every page's first-load JavaScript (issue 13). The server builds the body from
 * ERROR_CODES (server/http/app-error.ts), so this only guards against a proxy's HTML or a
 * truncated answer.
 */
export interface ApiErrorBody {
  /** `requestId`: the request's id (X-Request-Id), for support and the logs */
  error: { code: string; message: string; fields?: Record<string, string> | undefined; requestId?: string };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The error body, or null when `value` does not have the shape. */
export function parseApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || !isRecord(value.error)) return null;
  const { code, message, fields } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { error: { code, message } };
  if (!isRecord(fields) || !Object.values(fields).every((f) => typeof f === 'string')) return null;
  return { error: { code, message, fields: fields as Record<string, string> } };
}

export const ERROR_CODES = {
  bad_request: { status: 400, message: 'リクエストの形式が正しくありません。' },
  invalid_json: { status: 400, message: '送信内容を読み取れませんでした。ページを再読み込みしてもう一度お試しください。' },
  validation_failed: { status: 422, message: '入力内容に誤りがあります。各項目をご確認ください。' },
  unauthorized: { status: 401, message: 'ログインの有効期限が切れました。もう一度ログインしてください。' },
  password_changed: {
    status: 401,
    message: 'パスワードが変更されたため、ログアウトしました。新しいパスワードでログインしてください。',
  },
  csrf_invalid: {
    status: 403,
    message: 'ページの有効期限が切れたため、処理を受け付けられませんでした。ページを再読み込みしてもう一度お試しください。',
  },
  forbidden: { status: 403, message: 'この操作は許可されていません。' },
  not_found: { status: 404, message: 'お探しの情報は見つかりませんでした。' },
  method_not_allowed: { status: 405, message: 'この操作には対応していません。' },
  conflict: { status: 409, message: '他の操作と重なったため処理できませんでした。画面を更新してご確認ください。' },
  payload_too_large: { status: 413, message: '送信内容が大きすぎます。' },
  unsupported_media_type: { status: 415, message: 'JSON 形式（UTF-8）で送信してください。' },
  rate_limited: { status: 429, message: '短時間にリクエストが集中しました。しばらく待ってからもう一度お試しください。' },
  internal_error: { status: 500, message: '申し訳ありません。システムでエラーが発生しました。時間をおいてもう一度お試しください。' },
  service_unavailable: { status: 503, message: 'ただいまサービスを利用できません。時間をおいてもう一度お試しください。' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES | (string & {});
