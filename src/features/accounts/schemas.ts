/**
 * Accounts: the zod schemas shared by the forms and the route handlers (conventions.md §1), the
 * response shapes, and the small isomorphic rules (nextPage, code format, password hint).
 * Everything is normalised with NFKC before it is validated (security.md "Input").
 */
import { z } from '@/lib/zod-ja';

export const PASSWORD_MIN = 8;
/** security.md: at least 64 accepted, never truncated. 1024 bounds the hashing work per request. */
export const PASSWORD_MAX = 1024;
export const CODE_LENGTH = 6;

const nfkc = (v: unknown) => (typeof v === 'string' ? v.normalize('NFKC') : v);

/** Lower-cased, NFKC-normalised, trimmed e-mail address. */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

export const EmailSchema = z.preprocess(
  (v) => (typeof v === 'string' ? normalizeEmail(v) : v),
  z
    .string({ error: 'メールアドレスを入力してください。' })
    .min(1, 'メールアドレスを入力してください。')
    .max(254, 'メールアドレスは254文字以内で入力してください。')
    .pipe(z.email({ error: 'メールアドレスの形式が正しくありません。「name@example.jp」のように入力してください。' })),
);

/** A new password: length only (no composition rules); the common-password check runs on the server. */
export const NewPasswordSchema = z.preprocess(
  nfkc,
  z
    .string({ error: 'パスワードを入力してください。' })
    .min(1, 'パスワードを入力してください。')
    .min(PASSWORD_MIN, `パスワードは${PASSWORD_MIN}文字以上で入力してください。`)
    .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください。`),
);

/** A password being checked (login, re-authentication): any length the account may have. */
export const CurrentPasswordSchema = z.preprocess(
  nfkc,
  z
    .string({ error: 'パスワードを入力してください。' })
    .min(1, 'パスワードを入力してください。')
    .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください。`),
);

/** 6 digits; full-width digits, spaces and hyphens as typed on a phone are accepted. */
export const CodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.normalize('NFKC').replace(/[\s\-‐−ー－]/g, '') : v),
  z
    .string({ error: '確認コードを入力してください。' })
    .min(1, '確認コードを入力してください。')
    .regex(/^\d{6}$/, '確認コードはメールに記載された6桁の数字で入力してください。'),
);

export const RequestIdSchema = z.uuid({ error: 'お申し込みの情報が正しくありません。最初からやり直してください。' });

export const ResetTokenSchema = z
  .string({ error: 'リンクが正しくありません。' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'リンクが正しくありません。メールに記載された URL をもう一度開いてください。');

// ---- request bodies ----

export const RegisterBodySchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  agreement: z.literal(true, { error: '利用規約とプライバシーポリシーに同意してください。' }),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const RegisterFormSchema = z
  .strictObject({
    email: EmailSchema,
    password: NewPasswordSchema,
    passwordConfirmation: z.preprocess(nfkc, z.string().min(1, '確認のため、パスワードをもう一度入力してください。')),
    agreement: z.literal(true, { error: '利用規約とプライバシーポリシーに同意してください。' }),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: 'パスワードが一致しません。同じパスワードをもう一度入力してください。',
  });

export const TempAuthBodySchema = z.strictObject({ requestId: RequestIdSchema, code: CodeSchema });
export type TempAuthBody = z.infer<typeof TempAuthBodySchema>;

export const ResendCodeBodySchema = z.strictObject({ requestId: RequestIdSchema });

export const LoginBodySchema = z.strictObject({ email: EmailSchema, password: CurrentPasswordSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ResetRequestBodySchema = z.strictObject({ email: EmailSchema });
export const ResetVerifyBodySchema = z.strictObject({ token: ResetTokenSchema });
export const ResetPasswordBodySchema = z.strictObject({ token: ResetTokenSchema, password: NewPasswordSchema });

export const NewPasswordFormSchema = z
  .strictObject({
    password: NewPasswordSchema,
    passwordConfirmation: z.preprocess(nfkc, z.string().min(1, '確認のため、パスワードをもう一度入力してください。')),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: 'パスワードが一致しません。同じパスワードをもう一度入力してください。',
  });

export const ChangePasswordBodySchema = z.strictObject({ currentPassword: CurrentPasswordSchema, newPassword: NewPasswordSchema });

export const ChangeEmailBodySchema = z.strictObject({
  newEmail: EmailSchema,
  /** required for accounts that have a password (re-authentication) */
  currentPassword: CurrentPasswordSchema.optional(),
});

export const ChangeEmailVerifyBodySchema = z.strictObject({ requestId: RequestIdSchema, code: CodeSchema });

export const UnregisterBodySchema = z.strictObject({
  /** required for accounts that have a password (re-authentication) */
  currentPassword: CurrentPasswordSchema.optional(),
  confirm: z.literal(true, { error: '注意事項を確認し、チェックを入れてください。' }),
});

export const SocialStartQuerySchema = z.strictObject({
  nextPage: z.string().max(512).optional(),
  /** register-social: the visitor ticked the agreement on /register */
  agreement: z.enum(['true']).optional(),
});

export const SocialCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  /** RFC 9207: when the provider names itself, it must be our issuer (mix-up defence) */
  iss: z.string().max(512).optional(),
  // the provider may add scope, authuser, prompt, …; they are not used
});

// ---- responses ----

/** What the client keeps after any login (spec §3 storage keys and flags). */
export interface LoginResponse {
  auth_expire_time: string;
  csrf_token: string;
  user_email: string | null;
  isDemoUser: boolean;
  isGoogleUser: boolean;
}

export interface CodeRequestResponse {
  requestId: string;
  email: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

export interface MeResponse extends LoginResponse {
  createdAt: string;
  hasPassword: boolean;
  signInMethods: ('password' | 'google')[];
}

// ---- isomorphic rules ----

/**
 * `nextPage` is honoured only for a same-site path: one leading `/`, no `//` or backslash (which
 * browsers treat as another host), no control characters.
 */
export function isSafeNextPage(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= 512 &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

export function safeNextPage(value: unknown, fallback = '/search'): string {
  return isSafeNextPage(value) ? value : fallback;
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
