/**
 * The accounts' small isomorphic rules without zod — lengths, the e-mail normalisation, `nextPage`
 * and why the login page is shown, the password hint and the Google sign-in error texts — so the login and registration pages use
 * them without zod in their first-load JavaScript (issue 13). schemas.ts builds its zod schemas
 * from these and re-exports them.
 */

import { watchIntentOf } from '@/lib/watch-intent';

export const PASSWORD_MIN = 8;
/** security.md: at least 64 accepted, never truncated. 1024 bounds the hashing work per request. */
export const PASSWORD_MAX = 1024;
export const CODE_LENGTH = 6;

/** Lower-cased, NFKC-normalised, trimmed e-mail address. */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

// ---- isomorphic rules ----

// `nextPage`: one owner, src/lib/next-page.ts (the guard and the API client use it too).
export {
  DEFAULT_NEXT_PAGE,
  LOGGED_OUT_ELSEWHERE_PARAM,
  PASSWORD_CHANGED_PARAM,
  isSafeNextPage,
  loginPath,
  NEXT_PAGE_MAX_LENGTH,
  nextPageOrNull,
  registerPath,
  safeNextPage,
} from '@/lib/next-page';

/**
 * Why the login (or registration) page is shown, from where the visitor was going: a neutral
 * "log in first" for a first visit, and the expiry notice only for a login that really ended
 * (`expired=true`, see loginPath). Null when the visitor simply opened the page.
 */
export type LoginReason = {
  kind: 'expired' | 'password_changed' | 'logged_out_elsewhere' | 'order' | 'watch' | 'member';
  message: string;
};

export const LOGIN_REASON_MESSAGES = {
  expired: 'ログインの有効期限が切れました。お手数ですが、もう一度ログインしてください。',
  // the server's 401 `password_changed` says the same (src/lib/api-error.ts)
  password_changed: 'パスワードが変更されたため、ログアウトしました。新しいパスワードでログインしてください。',
  logged_out_elsewhere: '別のタブでログアウトしました。続けるには、もう一度ログインしてください。',
  order: '証明書の申請にはログインが必要です。会員登録がお済みでない方は新規登録してください。',
  watch: 'ウォッチリストに追加するにはログインが必要です。会員登録がお済みでない方は新規登録してください。',
  member: 'このページをご利用いただくにはログインが必要です。会員登録がお済みでない方は新規登録してください。',
} as const;

const ORDER_PAGES = /^\/purchase(?:[/?#]|$)/;

export function loginReason(
  nextPage: string | null,
  expired: boolean,
  passwordChanged = false,
  loggedOutElsewhere = false,
): LoginReason | null {
  if (expired && passwordChanged) return { kind: 'password_changed', message: LOGIN_REASON_MESSAGES.password_changed };
  if (expired) return { kind: 'expired', message: LOGIN_REASON_MESSAGES.expired };
  // (the guard of the page the member was on saw the stored login removed by another tab)
  if (loggedOutElsewhere) return { kind: 'logged_out_elsewhere', message: LOGIN_REASON_MESSAGES.logged_out_elsewhere };
  if (nextPage === null) return null;
  if (ORDER_PAGES.test(nextPage)) return { kind: 'order', message: LOGIN_REASON_MESSAGES.order };
  // 「この法人をウォッチ」 pressed while logged out (src/lib/watch-intent.ts)
  if (watchIntentOf(nextPage) !== null) return { kind: 'watch', message: LOGIN_REASON_MESSAGES.watch };
  if (nextPage.startsWith('/my-page')) return { kind: 'member', message: LOGIN_REASON_MESSAGES.member };
  return null;
}

export interface PasswordHint {
  /** 0 too short, 1 weak, 2 fair, 3 strong */
  level: 0 | 1 | 2 | 3;
  label: string;
  message: string;
}

const OBVIOUS = [
  'password',
  'passw0rd',
  'qwerty',
  'abcdef',
  '123456',
  '111111',
  'iloveyou',
  'admin',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
];

/**
 * The strength hint under the password field. Only a hint: the server decides (length, the
 * common-password list, the service name). Length matters most, so the hint mostly rewards it.
 */
export function passwordHint(password: string, context: { email?: string; serviceName?: string } = {}): PasswordHint {
  const pw = password.normalize('NFKC');
  const lower = pw.toLowerCase();
  if (pw.length < PASSWORD_MIN) {
    return { level: 0, label: '短すぎます', message: `${PASSWORD_MIN}文字以上にしてください（あと${PASSWORD_MIN - pw.length}文字）。` };
  }
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (
    OBVIOUS.some((w) => lower.includes(w)) ||
    (context.serviceName && lower.includes(context.serviceName.toLowerCase())) ||
    (local && local.length >= 4 && lower.includes(local)) ||
    /^(.)\1+$/.test(pw) ||
    /^\d+$/.test(pw)
  ) {
    return {
      level: 1,
      label: '弱い',
      message: 'よく使われる語や数字の並び、メールアドレスやサービス名を含まない、推測されにくいものにしてください。',
    };
  }
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
  if (pw.length >= 16 || (pw.length >= 12 && kinds >= 3)) {
    return { level: 3, label: '強い', message: '推測されにくいパスワードです。' };
  }
  if (pw.length >= 12 || kinds >= 3) {
    return { level: 2, label: 'ふつう', message: 'もう少し長くすると、より安全になります（16文字以上がおすすめです）。' };
  }
  return { level: 1, label: '弱い', message: '長くするほど安全です。いくつかの単語をつなげた16文字以上のパスワードがおすすめです。' };
}

/** Error codes the Google sign-in sends back to /login or /register (?error=…), and their text. */
export const SOCIAL_ERRORS = {
  agreement_required: '利用規約とプライバシーポリシーに同意のうえ、「Google で登録する」を押してください。',
  social_cancelled: 'Google でのログインが中止されました。もう一度お試しください。',
  social_state: 'ログインの手続きの有効期限が切れたか、別の画面で手続きが始まっています。お手数ですが、もう一度お試しください。',
  social_failed: 'Google でのログインを完了できませんでした。お手数ですが、もう一度お試しください。',
  social_unavailable:
    'ただいま Google でのログインを利用できません。時間をおいてもう一度お試しいただくか、メールアドレスとパスワードでログインしてください。',
  social_not_registered:
    'この Google アカウントはまだ会員登録されていません。利用規約とプライバシーポリシーに同意のうえ、「Google で登録する」から会員登録してください。',
  social_link_refused:
    'この Google アカウントではログインできませんでした。このメールアドレスの会員の方は、メールアドレスとパスワードでログインしてください（Google アカウントのメールアドレスが確認済みの場合に限り、自動で連携されます）。',
  social_email_unverified:
    'この Google アカウントのメールアドレスは確認されていないため、登録できません。メールアドレスで会員登録してください。',
} as const;
export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

export function socialErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(SOCIAL_ERRORS, code) ? SOCIAL_ERRORS[code as SocialErrorCode] : null;
}

/**
 * What unregistering deletes (domain.md §5, security.md "Unregister"), in the words of the
 * unregister page's list and the completion mail: one list, so neither forgets an item (the watch
 * list, deleted by the watch feature's clean-up, was missing from both).
 */
export const UNREGISTER_DELETED_ITEMS = [
  'ログイン情報（メールアドレス・パスワード）',
  'Google アカウントとの連携',
  '登録済みのクレジットカード',
  'ウォッチリスト、変更通知メールの設定と配信の記録',
] as const;

/**
 * What keeps a member from leaving yet (docs/decisions/0050, 0049), read by the orders feature:
 * orders paid and not yet posted or with a refund not yet settled (their mails need the address),
 * and orders whose payment is still under way — charged and waiting for 3-D Secure, or being
 * confirmed with PAY.JP (the member finishes or cancels them first; `resumable`: お支払いを再開 /
 * この申込みを取り消す are offered for it).
 */
export interface UnregisterBlock {
  inProgress: readonly string[];
  paying: readonly { orderNumber: string; paymentId: string; resumable: boolean }[];
}

export const NO_UNREGISTER_BLOCK: UnregisterBlock = { inProgress: [], paying: [] };

export function isUnregisterBlocked(block: UnregisterBlock): boolean {
  return block.inProgress.length > 0 || block.paying.length > 0;
}

/**
 * Why a member with an order still in progress cannot leave yet (docs/decisions/0050, 0049): the
 * shipping and refund mails go to the e-mail address unregistering deletes, and a payment under way
 * must end first (paid, or cancelled). The API's error and the unregister page say the same.
 */
export function unregisterBlockedMessage(block: UnregisterBlock): string {
  const parts: string[] = [];
  if (block.paying.length > 0) {
    parts.push(
      `お支払い手続き中のご注文（注文番号：${block.paying.map((o) => o.orderNumber).join('、')}）があるため、退会できません。お支払いを完了するか、お申込みを取り消してから、あらためて退会してください。`,
    );
  }
  if (block.inProgress.length > 0) {
    parts.push(
      `お手続き中のご注文（注文番号：${block.inProgress.join('、')}）があるため、退会できません。発送や返金のお知らせをメールでお送りしますので、お手続きの完了後にあらためて退会してください。`,
    );
  }
  return `${parts.join('')}ご注文の状況はお支払い履歴でご確認いただけます。`;
}
