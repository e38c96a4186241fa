import 'server-only';

import type { NextRequest } from 'next/server';
import type { z } from 'zod';

import { cookieName, cookieOptions, type CookieOptions } from '@/server/auth/cookies';
import { csrfTokenFor, verifyCsrfToken } from '@/server/auth/csrf';
import { roleAllows, validateStaffSessionToken, type StaffRole, type StaffSession } from '@/server/auth/staff-session';
import { randomToken } from '@/server/auth/tokens';
import { logger } from '@/server/logger';

import { AppError } from './app-error';
import { clientIp } from './client-ip';
import {
  CSRF_HEADER,
  applyCookies,
  checkRequestOrigin,
  failure,
  finish,
  parseInput,
  readBodyBytes,
  routeExports,
  type DeclarableMethod,
  type Method,
  type NextContext,
  type PendingCookie,
  type RouteHandler,
} from './route';

/**
 * The wrapper for every /api/admin/* handler (docs/decisions/0012-back-office-staff-auth.md).
 * It keeps the member wrapper's rules (405, same-origin + XMLHttpRequest marker + CSRF token on
 * every non-GET, zod at the boundary, one error shape, no-store, one log line) but authenticates
 * with the staff session only: the member cookie is never read, so a member session is worth
 * nothing here (and the staff cookie is never read by member routes).
 *
 * `access` is declared per method and checked before the handler runs:
 * - 'public'  — no session (the CSRF token and the password step of the login);
 * - 'pending' — a password-only session on its way to the TOTP step;
 * - 'staff' | 'manager' — a full session (password + TOTP) whose role allows it.
 */
export type AdminAccess = 'public' | 'pending' | StaffRole;
type AnySchema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface AdminRouteContext<Q, B, P, A extends AdminAccess> {
  request: NextRequest;
  query: Q;
  body: B;
  params: P;
  /** the raw request body, for methods that declare `raw` (file uploads) */
  raw: { bytes: Uint8Array; contentType: string } | undefined;
  session: A extends 'public' ? StaffSession | null : StaffSession;
  ip: string;
  userAgent: string | null;
  log: typeof logger;
  setCookie: (name: string, value: string, options: CookieOptions) => void;
  deleteCookie: (name: string) => void;
}

export interface AdminMethodSpec<
  QS extends AnySchema | undefined,
  BS extends AnySchema | undefined,
  PS extends AnySchema | undefined,
  A extends AdminAccess,
> {
  access: A;
  query?: QS;
  body?: BS;
  params?: PS;
  /** accept a non-JSON body of these media types up to maxBytes (413 above, 415 for other types) */
  raw?: { contentTypes: readonly string[]; maxBytes: number };
  maxBodyBytes?: number;
  /** open while the account must still change the password admin:create gave it (me, logout, the change itself) */
  allowDuringPasswordChange?: boolean;
  handler: (ctx: AdminRouteContext<Infer<QS>, Infer<BS>, Infer<PS>, A>) => Promise<Response | object>;
}

type AnyAdminMethodSpec = AdminMethodSpec<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined, AdminAccess>;

export function adminMethod<
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  PS extends AnySchema | undefined = undefined,
  A extends AdminAccess = 'manager',
>(spec: AdminMethodSpec<QS, BS, PS, A>): AnyAdminMethodSpec {
  return spec as unknown as AnyAdminMethodSpec;
}

export const ADMIN_MESSAGES = {
  unauthorized: '管理画面にログインしていないか、ログインの有効期限が切れました。もう一度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。マネージャーに依頼してください。',
  passwordChangeRequired: '初回ログインのため、先にパスワードを変更してください。',
} as const;

/** `export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({ ... })` */
export function defineAdminRoute(specs: Partial<Record<DeclarableMethod, AnyAdminMethodSpec>>): Record<Method, RouteHandler> {
  return routeExports(specs, run);
}

/** The value the admin CSRF token is bound to: the staff cookie, or before login the pre-session cookie. */
function csrfBinding(request: NextRequest): string | undefined {
  const binding = request.cookies.get(cookieName('admin'))?.value ?? request.cookies.get(cookieName('pre'))?.value;
  // A separate namespace: a member page's token (bound to the same pre-session cookie) is not an admin token.
  return binding ? `admin:${binding}` : undefined;
}

/** The admin CSRF token for this browser, issuing a pre-session cookie when it has no cookie to bind to. */
export function adminCsrfToken(request: NextRequest, setCookie: (name: string, value: string, options: CookieOptions) => void): string {
  const binding = csrfBinding(request);
  if (binding) return csrfTokenFor(binding);
  const pre = randomToken();
  setCookie(cookieName('pre'), pre, cookieOptions(60 * 60 * 24));
  return csrfTokenFor(`admin:${pre}`);
}

/** The token for a staff cookie value that is being set on this response (after login). */
export function adminCsrfTokenForCookie(token: string): string {
  return csrfTokenFor(`admin:${token}`);
}

async function run(m: Method, spec: AnyAdminMethodSpec, request: NextRequest, context: NextContext): Promise<Response> {
  const started = Date.now();
  const ip = clientIp(request.headers);
  const cookies: PendingCookie[] = [];
  let session: StaffSession | null = null;
  try {
    const unsafe = m !== 'GET' && m !== 'HEAD';
    if (unsafe) checkRequestOrigin(request);

    const token = request.cookies.get(cookieName('admin'))?.value;
    if (token) session = await validateStaffSessionToken(token);

    if (unsafe && !verifyCsrfToken(csrfBinding(request), request.headers.get(CSRF_HEADER))) throw new AppError('csrf_invalid');

    if (spec.access === 'pending') {
      if (!session || session.mfaPassed) throw new AppError('unauthorized', { message: ADMIN_MESSAGES.unauthorized });
    } else if (spec.access !== 'public') {
      if (!session || !session.mfaPassed) throw new AppError('unauthorized', { message: ADMIN_MESSAGES.unauthorized });
      if (session.staff.passwordChangeRequired && !spec.allowDuringPasswordChange) {
        throw new AppError('password_change_required', { status: 403, message: ADMIN_MESSAGES.passwordChangeRequired });
      }
      if (!roleAllows(session.staff.role, spec.access)) throw new AppError('forbidden', { message: ADMIN_MESSAGES.forbidden });
    }

    const { params, query, body } = await parseInput(spec, request, context);
    const raw = spec.raw ? await readRawBody(request, spec.raw) : undefined;

    const result = await spec.handler({
      request,
      query,
      body,
      params,
      raw,
      session,
      ip,
      userAgent: request.headers.get('user-agent'),
      log: logger,
      setCookie: (name, value, options) => cookies.push({ name, value, options }),
      deleteCookie: (name) => cookies.push({ name, value: '', options: null }),
    } as AdminRouteContext<unknown, unknown, unknown, AdminAccess>);

    const response = result instanceof Response ? result : Response.json(result);
    // Everything in the back office is personal or operational data.
    response.headers.set('Cache-Control', 'no-store');
    applyCookies(response, cookies);
    return finish(request, started, response, { staffId: session?.staff.id });
  } catch (error) {
    return failure(request, started, error, cookies, { staffId: session?.staff.id }, 'unexpected error in admin API route');
  }
}

async function readRawBody(
  request: NextRequest,
  spec: { contentTypes: readonly string[]; maxBytes: number },
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!spec.contentTypes.includes(contentType)) {
    throw new AppError('unsupported_media_type', { message: `${spec.contentTypes.join('、')} 形式のファイルを送信してください。` });
  }
  const tooLarge = () =>
    new AppError('payload_too_large', {
      message: `ファイルが大きすぎます。${Math.floor(spec.maxBytes / 1024 / 1024)}MB 以下にしてください。`,
    });
  const bytes = await readBodyBytes(request, spec.maxBytes, {
    tooLarge,
    missing: new AppError('bad_request', { message: 'ファイルが空です。' }),
  });
  return { bytes: new Uint8Array(bytes), contentType };
}
