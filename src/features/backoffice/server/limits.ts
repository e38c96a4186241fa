import 'server-only';

import { sharedLimit } from '@/server/rate-limit';

/**
 * Rate limits of the staff login (security.md "Abuse"), stored in the application database.
 * Failures (wrong password or wrong code) are counted per account+IP and per IP; a success
 * clears the account+IP counter. Counting per account+IP means an attacker slows down only
 * their own attempts against an account, never its owner's (docs/decisions/0011).
 */
/**
 * Password checks per staff account within an hour from browsers that are not a known device of
 * the account (src/server/auth/known-device.ts), all addresses together (issue 24 §5): past it,
 * such attempts are refused before any check until the hour is over. The staff member's own
 * browser (it passed TOTP before) still logs in; a lost one is `npm run admin:create --reset-totp`'s case.
 */
export const STAFF_LOGIN_ACCOUNT_CEILING = 20;

export const staffLimits = {
  /** the account-wide brake: STAFF_LOGIN_ACCOUNT_CEILING checks an hour from unknown browsers */
  loginChecksPerAccount: sharedLimit({ keyPrefix: 'staff_login_acct', points: STAFF_LOGIN_ACCOUNT_CEILING, duration: 60 * 60 }),
  /** 5 failures in 15 minutes per account and IP, then 15 minutes of refusal */
  loginFailuresPerAccountIp: sharedLimit({ keyPrefix: 'staff_login_acct_ip', points: 5, duration: 15 * 60, blockDuration: 15 * 60 }),
  /** 50 failures a day per IP */
  loginFailuresPerIpDay: sharedLimit({ keyPrefix: 'staff_login_ip', points: 50, duration: 86_400, blockDuration: 86_400 }),
  /**
   * Wrong current passwords at 「パスワードの変更」, per staff account whatever the address: a stolen
   * session must not be a free password oracle. 5 an hour, then an hour of refusal (the owner
   * still signs in with the password they know; only the change form waits).
   */
  passwordChangeFailuresPerAccount: sharedLimit({ keyPrefix: 'staff_pw_change', points: 5, duration: 3600, blockDuration: 3600 }),
  /**
   * 「領収書メールを再送する」: 5 sends an hour per order, whoever presses (decision 0069) — enough
   * for a member who lost the mail, not a way to flood their mailbox.
   */
  receiptMailResendsPerOrder: sharedLimit({ keyPrefix: 'staff_receipt_mail', points: 5, duration: 3600 }),
} as const;
