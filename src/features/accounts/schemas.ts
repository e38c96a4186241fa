/**
 * Accounts: the zod schemas shared by the forms and the route handlers (conventions.md §1), the
 * response shapes, and the small isomorphic rules (nextPage, code format, password hint).
 * Everything is normalised with NFKC before it is validated (security.md "Input").
 */
import { z } from '@/lib/zod-ja';

import { NEXT_PAGE_MAX_LENGTH, PASSWORD_MAX, PASSWORD_MIN, normalizeEmail } from './rules';

// The zod-free rules live in rules.ts so the pages can use them without shipping zod (issue 13);
// re-exported here so server code and tests keep one import.
export * from './rules';

const nfkc = (v: unknown) => (typeof v === 'string' ? v.normalize('NFKC') : v);

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

/**
 * `?nextPage=` as the login and registration pages and the Google sign-in start receive it: any
 * string up to the limit, honoured only when `nextPageOrNull` finds it safe (otherwise dropped, as
 * the pages drop it), never an error.
 */
export const NextPageParamSchema = z.string().max(NEXT_PAGE_MAX_LENGTH).optional();

export const RegisterBodySchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  agreement: z.literal(true, { error: '利用規約とプライバシーポリシーに同意してください。' }),
  /** where the visitor continues: the "already registered" mail's login link carries it */
  nextPage: NextPageParamSchema,
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

export const ResendCodeBodySchema = z.strictObject({ requestId: RequestIdSchema, nextPage: NextPageParamSchema });

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

/** The password change form on /my-page/basic-info: the request body and the confirmation of the new password. */
export const ChangePasswordFormSchema = z
  .strictObject({
    ...ChangePasswordBodySchema.shape,
    newPasswordConfirmation: z.preprocess(nfkc, z.string().min(1, '確認のため、新しいパスワードをもう一度入力してください。')),
  })
  .refine((v) => v.newPassword === v.newPasswordConfirmation, {
    path: ['newPasswordConfirmation'],
    error: 'パスワードが一致しません。同じパスワードをもう一度入力してください。',
  });

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
  nextPage: NextPageParamSchema,
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
