import { getEnv, type Env } from './env';

/**
 * The slices of the configuration that many server modules share, each read in one place
 * (docs/decisions/0079). A module that needs one of these facts imports the accessor, never
 * `getEnv()`: what a variable means (an origin, a secret, a lifetime in minutes) is decided here.
 * Like `getEnv()`, each reads the configuration when called, so `setEnvForTest` (env.ts) reaches it.
 */

/** An absolute URL on the public origin (APP_BASE_URL): links in mail, redirects, the CSRF origin. Never the Host header. */
export function appUrl(path: string): URL {
  return new URL(path, getEnv().APP_BASE_URL);
}

/** The server's signing key (SESSION_SECRET): CSRF tokens, mailed codes, signed links and cursors, staff TOTP keys. */
export function serverSecret(): string {
  return getEnv().SESSION_SECRET;
}

export interface SessionPolicy {
  /** member sessions: sliding idle timeout and absolute lifetime */
  idleMs: number;
  absoluteMs: number;
  /** back-office staff sessions (docs/decisions/0012) */
  staffIdleMs: number;
  staffAbsoluteMs: number;
  /** `Secure` cookies with the `__Host-` prefix: production only (local http has no TLS) */
  secureCookies: boolean;
}

export function sessionPolicy(): SessionPolicy {
  const env = getEnv();
  return {
    idleMs: env.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    staffIdleMs: env.STAFF_SESSION_IDLE_MINUTES * 60_000,
    staffAbsoluteMs: env.STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000,
    secureCookies: env.isProduction,
  };
}

/** Where local state lives (absolute paths derived from DATA_DIR and the *_PATH variables). */
export function dataPaths(): Env['paths'] {
  return getEnv().paths;
}
