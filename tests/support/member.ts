// The signed-in member the マイページ component tests render for (basic-info, unregister-form).
// Not used by the app.
import type { MeResponse } from '@/features/accounts/schemas';

/** The CSRF token of the test member's session (what GET /api/auth/me hands out). */
export const TEST_CSRF_TOKEN = 'csrf-token-of-this-session_0123456789';

/** GET /api/auth/me of a member who signs in with a password. */
export const TEST_ME: MeResponse = {
  auth_expire_time: '2099-01-01T00:00:00.000Z',
  csrf_token: TEST_CSRF_TOKEN,
  user_email: 'hanako@example.jp',
  isDemoUser: false,
  isGoogleUser: false,
  createdAt: '2026-04-01T03:00:00.000Z',
  hasPassword: true,
  signInMethods: ['password'],
};
