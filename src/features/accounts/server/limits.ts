import 'server-only';

import { DbRateLimiter } from '@/server/rate-limit';

/**
 * Every rate limit of the accounts feature (security.md "Abuse"; the values are documented in
 * docs/decisions/0006-accounts.md). Stored in the application database, so they hold across
 * restarts and processes. Keys never hold an address in clear (limitKey hashes it).
 */
const HOUR = 3600;
const DAY = 24 * HOUR;

function lazy(create: () => DbRateLimiter): () => DbRateLimiter {
  let instance: DbRateLimiter | undefined;
  return () => (instance ??= create());
}

export const limits = {
  /** any request that sends mail, per client IP */
  mailPerIp: lazy(() => new DbRateLimiter({ keyPrefix: 'acc_mail_ip', points: 30, duration: HOUR })),
  /** e-mail codes: at most 5 sends per hour per address (security.md) */
  codeSendsPerAddress: lazy(() => new DbRateLimiter({ keyPrefix: 'acc_code_addr', points: 5, duration: HOUR })),
  /** e-mail codes: resend cool-down of 60 s per address and purpose (security.md) */
  codeCooldown: lazy(() => new DbRateLimiter({ keyPrefix: 'acc_code_cool', points: 1, duration: 60 })),
  /** wrong codes per address and purpose, across requests (each code also allows only 5 tries) */
  codeFailuresPerAccount: lazy(() => new DbRateLimiter({ keyPrefix: 'acc_code_fail', points: 10, duration: HOUR, blockDuration: HOUR })),
  /** reset links: 5 per hour per address */
  resetPerAddress: lazy(() => new DbRateLimiter({ keyPrefix: 'acc_reset_addr', points: 5, duration: HOUR })),
  /** failed logins per account and IP: 10 in 15 minutes, then 15 minutes of refusal */
  loginFailuresPerAccountIp: lazy(
    () => new DbRateLimiter({ keyPrefix: 'acc_login_acct_ip', points: 10, duration: 15 * 60, blockDuration: 15 * 60 }),
  ),
  /** failed logins per IP: 100 a day */
  loginFailuresPerIpDay: lazy(() => new DbRateLimiter({ keyPrefix: 'acc_login_ip', points: 100, duration: DAY, blockDuration: DAY })),
  /** wrong current password on my page (password change, e-mail change, unregister), per member */
  reauthFailuresPerUser: lazy(() => new DbRateLimiter({ keyPrefix: 'acc_reauth', points: 10, duration: 15 * 60, blockDuration: 15 * 60 })),
} as const;
