import 'server-only';

import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

import { getEnv } from '@/config/env';
import { randomToken } from '@/server/auth/tokens';
import { AppError } from '@/server/http/app-error';

/**
 * Password hashing and policy (security.md "Passwords"): argon2id m=19456 KiB, t=2, p=1 (the
 * OWASP minimum for argon2id), stored as the PHC string so that raising the parameters later
 * rehashes each account at its next login.
 */
// `Algorithm` is a const enum in the package's typings, which isolatedModules cannot inline.
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a random secret, verified against when an e-mail is unknown so both paths cost the same. */
const dummyHash: Promise<string> = hashPassword(randomToken());

/**
 * Verifies a password against a stored hash. With no hash (unknown e-mail, Google-only account)
 * it still runs one argon2 verification, against a dummy hash, so that the answer takes the same
 * time either way (no account enumeration by timing).
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}

/** True when the stored hash was made with other parameters than today's (rehash at login). */
export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return (
      o.algorithm !== ARGON2_OPTIONS.algorithm ||
      o.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      o.timeCost !== ARGON2_OPTIONS.timeCost ||
      o.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

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
  const service = getEnv().SERVICE_NAME.toLowerCase();
  let message: string | null = null;
  if (commonPasswords().has(lower)) {
    message = 'このパスワードはよく使われていて推測されやすいため、使用できません。別のパスワードを入力してください。';
  } else if (service.length >= 3 && lower.includes(service)) {
    message = `サービス名（${getEnv().SERVICE_NAME}）を含むパスワードは推測されやすいため、使用できません。`;
  } else if (context.email && (lower === context.email.toLowerCase() || lower === context.email.split('@')[0]?.toLowerCase())) {
    message = 'メールアドレスと同じパスワードは使用できません。';
  }
  if (message)
    throw new AppError('validation_failed', {
      message: '入力内容に誤りがあります。各項目をご確認ください。',
      fields: { [field]: message },
    });
}
