/**
 * The account endpoints as the browser calls them (docs/decisions/0030): registration, login,
 * password reset, the my-page changes, and the Google sign-in links. Bodies and answers are typed
 * by type-only imports of the schemas and shapes in ../schemas (`import type` is erased: no zod in
 * the bundle; the forms load their schemas on submit, the handlers validate again).
 */
import type { z } from 'zod';

import { ApiError, apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';

import type {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CodeRequestResponse,
  LoginBodySchema,
  LoginResponse,
  MeResponse,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  TempAuthBodySchema,
  UnregisterBodySchema,
} from '../schemas';

const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body });

/** GET /api/users/me: the member (also the SWR key of the my-page forms). */
export function meKey(): ApiKey<MeResponse> {
  return '/api/users/me';
}

/** GET /api/users/me, once (after the Google sign-in). */
export function fetchMe(): Promise<MeResponse> {
  return apiFetch<MeResponse>(meKey());
}

export function login(body: z.input<typeof LoginBodySchema>): Promise<LoginResponse> {
  return post('/api/users/login', body);
}

/** POST /api/users/logout → a new CSRF token for the logged-out session. */
export function logout(): Promise<{ csrf_token: string }> {
  return post('/api/users/logout');
}

/** POST /api/users/register: sends the confirmation code. */
export function register(body: z.input<typeof RegisterBodySchema>): Promise<CodeRequestResponse> {
  return post('/api/users/register', body);
}

/** POST /api/users/temp-auth: the confirmation code completes the registration and logs in. */
export function confirmRegistration(body: z.input<typeof TempAuthBodySchema>): Promise<LoginResponse> {
  return post('/api/users/temp-auth', body);
}

/** POST /api/users/temp-auth/resend: a new code for the same registration. */
export function resendRegistrationCode(requestId: string, nextPage: string | null): Promise<CodeRequestResponse> {
  return post('/api/users/temp-auth/resend', nextPage === null ? { requestId } : { requestId, nextPage });
}

/** POST /api/users/reset-password-request: mails the reset link (the same answer whether or not the address is registered). */
export function requestPasswordReset(email: string): Promise<{ ok: true }> {
  return post('/api/users/reset-password-request', { email });
}

/** POST /api/users/reset-password-verify: whether the link's token is still valid, and for which address. */
export function verifyResetToken(token: string): Promise<{ valid: true; email: string }> {
  return post('/api/users/reset-password-verify', { token });
}

export function resetPassword(body: z.input<typeof ResetPasswordBodySchema>): Promise<{ ok: true }> {
  return post('/api/users/reset-password', body);
}

export function changePassword(body: z.input<typeof ChangePasswordBodySchema>): Promise<LoginResponse> {
  return post('/api/users/change-password', body);
}

/** POST /api/users/change-email: sends a code to the new address. */
export function requestEmailChange(body: z.input<typeof ChangeEmailBodySchema>): Promise<CodeRequestResponse> {
  return post('/api/users/change-email', body);
}

export function verifyEmailChange(body: { requestId: string; code: string }): Promise<{ user_email: string }> {
  return post('/api/users/change-email/verify', body);
}

/** POST /api/users/unregister → a new CSRF token for the logged-out session. */
export function unregister(body: z.input<typeof UnregisterBodySchema>): Promise<{ csrf_token: string }> {
  return post('/api/users/unregister', body);
}

/** The link that starts the Google login (a page navigation, not a fetch); back to `nextPage` afterwards. */
export function googleLoginPath(nextPage?: string | null): string {
  return nextPage ? `/api/users/login-social?nextPage=${encodeURIComponent(nextPage)}` : '/api/users/login-social';
}

/** The link that starts the Google registration (the terms agreed on the form). */
export function googleRegisterPath(nextPage?: string | null): string {
  return `/api/users/register-social?agreement=true${nextPage ? `&nextPage=${encodeURIComponent(nextPage)}` : ''}`;
}

/**
 * Sends a change the member must prove themselves for (e-mail change, unregistering): a refusal for
 * an old Google sign-in (`reauth_required`) is told to `onReauth` (the form then offers to sign in
 * with Google again) before it goes on to the form like any error.
 */
export async function sendReauthenticated<T>(send: () => Promise<T>, onReauth: () => void): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'reauth_required') onReauth();
    throw error;
  }
}
