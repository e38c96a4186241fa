import 'server-only';

import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

import { randomToken } from './tokens';

/**
 * Password hashing for every kind of account — members and back-office staff (security.md
 * "Passwords"): argon2id m=19456 KiB, t=2, p=1 (the OWASP minimum for argon2id), stored as the
 * PHC string so that raising the parameters later rehashes each account at its next login.
 */
// `Algorithm` is a const enum in the package's typings, which isolatedModules cannot inline.
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * A hash of a random secret, verified against when an e-mail is unknown so both paths cost the
 * same. Made when the module loads, so even the first unknown address costs no extra hashing.
 */
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
