import 'server-only';

import type { RateLimiterRes } from 'rate-limiter-flexible';

import { limitSubject } from '@/server/http/client-ip';
import { sharedLimit } from '@/server/rate-limit';
import { serverConfig } from '@/config/server';

/**
 * Every rate limit of the accounts feature and the rules that combine them (security.md
 * "Abuse"; docs/decisions/0011-client-ip-and-rate-limits.md). The state is in the application
 * database, so it holds across restarts and processes. Keys never hold an address in clear
 * (limitKey hashes them).
 *
 * The rule everywhere: what a client does counts against that client (account + client IP, or
 * the client IP alone); what is counted per account across all clients only tightens the
 * allowance of clients that already used theirs — it never refuses a client's first try. So an
 * attacker, however many addresses they use, cannot lock the owner out or use up their reset mail.
 */
const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** Failed logins a client may make on an account before the back-off starts. */
export const LOGIN_FREE_FAILURES = 5;
/** … and once the account is under attack from many clients (see LOGIN_ACCOUNT_ALERT). */
export const LOGIN_FREE_FAILURES_UNDER_ATTACK = 1;
/** Failures on one account within an hour, from all clients, that mark it as under attack. */
export const LOGIN_ACCOUNT_ALERT = 50;
/**
 * Password checks per account within an hour from browsers that are not a known device of the
 * account (known-device.ts), from all clients together: the ceiling (issue 24 §5). Past it, such
 * attempts are refused before any password check until the hour is over; the owner's own browser
 * and the reset mail still get in. 150 attacking addresses made 974 checks in 150 s before.
 */
export const LOGIN_ACCOUNT_CEILING = 60;
/** Mails to one recipient address per hour, whoever asks (issue 24 §5): reset links, and codes. */
export const RESET_MAILS_PER_RECIPIENT = 15;
export const CODE_MAILS_PER_RECIPIENT = 25;
/** The longest wait the back-off imposes on one client for one account. */
export const LOGIN_MAX_DELAY_SECONDS = 10 * MINUTE;
/** Failed logins per client IP across accounts (password spraying), then a pause of the same length. */
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_IP_WINDOW_SECONDS = 15 * MINUTE;

/**
 * Seconds a client must wait after its `failures`-th failure on an account: nothing for the first
 * few (typos), then 2, 4, 8 … seconds, at most 10 minutes — a guesser is slowed to a handful of
 * tries an hour, a member who mistyped waits seconds, and nobody is banned for a day.
 */
export function loginDelaySeconds(failures: number, accountUnderAttack: boolean): number {
  const free = accountUnderAttack ? LOGIN_FREE_FAILURES_UNDER_ATTACK : LOGIN_FREE_FAILURES;
  if (failures <= free) return 0;
  return Math.min(2 ** Math.min(failures - free, 30), LOGIN_MAX_DELAY_SECONDS);
}

/**
 * May a client that is within its own allowance go on although the account-wide brake is
 * exhausted? Only with its first request in the window: the owner asking from their own device
 * still gets through, while each of an attacker's addresses is cut down to one.
 */
export function passesAccountBrake(perClient: RateLimiterRes, perAccount: RateLimiterRes, accountPoints: number): boolean {
  return perAccount.consumedPoints <= accountPoints || perClient.consumedPoints <= 1;
}

/** The per-client part of a key: the IP, or its /64 for IPv6. */
export function subject(ip: string): string {
  return limitSubject(ip);
}

export const limits = {
  // ---- login ----
  /** failures per account+client, remembered a day (a success clears them); drives the back-off */
  loginFailuresPerClient: sharedLimit({ keyPrefix: 'login_fail_client', points: 1_000_000, duration: DAY }),
  /** the back-off itself: a key blocked for loginDelaySeconds() after a failure */
  loginBackoff: sharedLimit({ keyPrefix: 'login_backoff', points: 1, duration: 1 }),
  /** failures per account from every client within an hour: the slow brake (LOGIN_ACCOUNT_ALERT) */
  loginFailuresPerAccount: sharedLimit({ keyPrefix: 'login_fail_acct', points: 1_000_000, duration: HOUR }),
  /** password checks per account from unknown devices, all clients: the ceiling (LOGIN_ACCOUNT_CEILING) */
  loginChecksPerAccount: sharedLimit({ keyPrefix: 'login_ceiling_acct', points: LOGIN_ACCOUNT_CEILING, duration: HOUR }),
  /** the owner's "your account is under attack" mail: once a day per account */
  loginAttackMail: sharedLimit({ keyPrefix: 'login_attack_mail', points: 1, duration: DAY }),
  /** failures per client IP across accounts */
  loginFailuresPerIp: sharedLimit({
    keyPrefix: 'login_fail_ip',
    points: LOGIN_FAILURES_PER_IP,
    duration: LOGIN_IP_WINDOW_SECONDS,
    blockDuration: LOGIN_IP_WINDOW_SECONDS,
  }),

  // ---- password reset mail ----
  /** reset mails per address and client: 3 an hour */
  resetPerClient: sharedLimit({ keyPrefix: 'reset_client', points: 3, duration: HOUR }),
  /** reset mails per address from all clients: beyond 10 an hour, one per client (the brake) */
  resetPerAccount: sharedLimit({ keyPrefix: 'reset_acct', points: 10, duration: HOUR }),
  /**
   * reset mails to one address from all clients together, a hard cap (issue 24 §5): 60 attacking
   * addresses made it 120 mails in seconds. The owner then finds the newest link in their inbox
   * (it voids the older ones and stays valid an hour).
   */
  resetMailsPerRecipient: sharedLimit({ keyPrefix: 'reset_rcpt', points: RESET_MAILS_PER_RECIPIENT, duration: HOUR }),
  /** reset requests per client IP across addresses */
  resetPerIp: sharedLimit({ keyPrefix: 'reset_ip', points: 20, duration: HOUR }),

  // ---- e-mail codes (registration, e-mail change) ----
  /** resend cool-down: 60 s per address, purpose and client (security.md) */
  codeCooldown: sharedLimit({ keyPrefix: 'code_cool', points: 1, duration: MINUTE }),
  /** code mails per address and client: 5 an hour (security.md) */
  codeSendsPerClient: sharedLimit({ keyPrefix: 'code_client', points: 5, duration: HOUR }),
  /** code mails per address from all clients: beyond 20 an hour, one per client (the brake) */
  codeSendsPerAccount: sharedLimit({ keyPrefix: 'code_acct', points: 20, duration: HOUR }),
  /** code mails to one address from all clients together, a hard cap (issue 24 §5) */
  codeMailsPerRecipient: sharedLimit({ keyPrefix: 'code_rcpt', points: CODE_MAILS_PER_RECIPIENT, duration: HOUR }),
  /** code mails per client IP across addresses (separate from reset mail: one cannot use up the other) */
  codeMailPerIp: sharedLimit({ keyPrefix: 'code_ip', points: () => serverConfig().codeMailPerIpPerHour, duration: HOUR }),
  /** wrong codes per address, purpose and client, across requests (each code also allows only 5 tries) */
  codeFailuresPerClient: sharedLimit({ keyPrefix: 'code_fail', points: 10, duration: HOUR, blockDuration: 15 * MINUTE }),

  // ---- my page ----
  /** wrong current password on my page (password change, e-mail change, unregister), per member (only their session gets there) */
  reauthFailuresPerMember: sharedLimit({ keyPrefix: 'reauth_fail', points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE }),
} as const;
