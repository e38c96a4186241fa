import { createHash } from 'node:crypto';
import { z } from 'zod';

/** What the person chose on the login page (or what a test queued): the claims of the ID token. */
export type Profile = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
};

export type PresetAccount = { key: string; email: string; name: string };

/** Test accounts offered on the chooser; any other address can be typed in. */
export const PRESET_ACCOUNTS: readonly PresetAccount[] = [
  { key: 'taro', email: 'taro.yamada@example.com', name: '山田 太郎' },
  { key: 'hanako', email: 'hanako.sato@example.jp', name: '佐藤 花子' },
  { key: 'ichiro', email: 'ichiro.suzuki@example.net', name: '鈴木 一郎' },
];

export const normaliseEmail = (email: string) => email.normalize('NFKC').trim().toLowerCase();

/**
 * A Google-shaped subject (21 decimal digits) derived from the e-mail, so the same address gets
 * the same `sub` across restarts and across test runs — the app keys users by issuer + sub.
 */
export function subFor(email: string): string {
  const digest = createHash('sha256')
    .update(`hojin-dev-oidc:${normaliseEmail(email)}`)
    .digest();
  const digits = BigInt(`0x${digest.toString('hex')}`)
    .toString()
    .slice(0, 20);
  return `1${digits}`;
}

export function profileFor(input: { email: string; name?: string | undefined; emailVerified: boolean }): Profile {
  const email = normaliseEmail(input.email);
  const name = input.name?.trim() || email.split('@')[0] || email;
  return {
    sub: subFor(email),
    email,
    email_verified: input.emailVerified,
    name,
  };
}

const email = z.email({ message: 'メールアドレスの形式が正しくありません' }).max(254);

/** Body of `POST /__control/next-login`. */
export const NextLoginSchema = z.union([
  z.strictObject({
    email: z.preprocess((v) => (typeof v === 'string' ? normaliseEmail(v) : v), email),
    name: z.string().trim().min(1).max(100).optional(),
    email_verified: z.boolean().default(true),
  }),
  /** The person presses 「キャンセル」: the client receives error=access_denied. */
  z.strictObject({ deny: z.literal(true) }),
]);
export type NextLogin = z.infer<typeof NextLoginSchema>;

/** The login form's fields (application/x-www-form-urlencoded). */
export const LoginFormSchema = z.strictObject({
  account: z.string().min(1),
  email: z.string().optional(),
  name: z.string().optional(),
  email_verified: z.enum(['true', 'false']).default('true'),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export type LoginFormResult = { ok: true; profile: Profile } | { ok: false; errors: { email?: string; name?: string; account?: string } };

/** Turns a submitted chooser form into a profile, or Japanese field errors to show again. */
export function readLoginForm(form: LoginForm): LoginFormResult {
  const emailVerified = form.email_verified === 'true';
  if (form.account !== 'custom') {
    const preset = PRESET_ACCOUNTS.find((a) => a.key === form.account);
    if (!preset) return { ok: false, errors: { account: 'アカウントを選んでください' } };
    return {
      ok: true,
      profile: profileFor({
        email: preset.email,
        name: preset.name,
        emailVerified,
      }),
    };
  }
  const typedEmail = normaliseEmail(form.email ?? '');
  const errors: { email?: string; name?: string } = {};
  if (!typedEmail) errors.email = 'メールアドレスを入力してください';
  else if (!email.safeParse(typedEmail).success) errors.email = 'メールアドレスの形式が正しくありません（例: user@example.com）';
  const name = (form.name ?? '').trim();
  if (name.length > 100) errors.name = '名前は100文字以内で入力してください';
  if (errors.email || errors.name) return { ok: false, errors };
  return {
    ok: true,
    profile: profileFor({
      email: typedEmail,
      name: name || undefined,
      emailVerified,
    }),
  };
}
