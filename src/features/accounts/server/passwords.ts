import 'server-only';

import { dictionary } from '@zxcvbn-ts/language-common';

import { AppError } from '@/server/http/app-error';
import { getSiteInfo } from '@/config/site';

// Hashing is shared with the back office's staff accounts, so it lives in src/server/auth.
export { hashPassword, needsRehash, verifyPassword } from '@/server/auth/password-hash';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  // 49,233 entries in the zxcvbn-ts common list; the 17,950 a new password could equal
  // (8 characters or more) are kept.
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= 8).map((p) => p.toLowerCase()));
  return common;
}

/**
 * The server-side policy for a new password (already NFKC-normalised and length-checked by the
 * schema): not one of the most common passwords, not containing the service's name, not the
 * e-mail address. Throws a 422 with the message under the password field.
 */
export function assertAcceptablePassword(password: string, context: { email?: string | null; field?: string } = {}): void {
  const field = context.field ?? 'password';
  const lower = password.toLowerCase();
  const service = getSiteInfo().serviceName.toLowerCase();
  let message: string | null = null;
  if (commonPasswords().has(lower)) {
    message = 'このパスワードはよく使われていて推測されやすいため、使用できません。別のパスワードを入力してください。';
  } else if (service.length >= 3 && lower.includes(service)) {
    message = `サービス名（${getSiteInfo().serviceName}）を含むパスワードは推測されやすいため、使用できません。`;
  } else if (context.email && (lower === context.email.toLowerCase() || lower === context.email.split('@')[0]?.toLowerCase())) {
    message = 'メールアドレスと同じパスワードは使用できません。';
  }
  if (message)
    throw new AppError('validation_failed', {
      message: '入力内容に誤りがあります。各項目をご確認ください。',
      fields: { [field]: message },
    });
}
