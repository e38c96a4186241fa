import { logout as logoutRequest } from '../client/api';
import { applyLogout } from './client-session';

/** Where a member lands after logging out (the login page says 「ログアウトしました。」). */
export const LOGGED_OUT_PATH = '/login?loggedOut=true';

/**
 * Logs the member out (spec: POST /api/users/logout, then the spec's storage keys are forgotten and
 * the logged-out session's new CSRF token kept) and answers where to go. The one logout of the
 * member pages: マイページ's button and the header's (header-logout.tsx, which loads this module
 * when pressed, so no page carries it in its first load).
 */
export async function logoutNow(): Promise<string> {
  try {
    const res = await logoutRequest();
    applyLogout(res.csrf_token);
  } catch {
    applyLogout(); // the server session is gone or unreachable; this browser forgets it either way
  }
  return LOGGED_OUT_PATH;
}
