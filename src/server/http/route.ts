import 'server-only';

import type { NextRequest } from 'next/server';
import type { z } from 'zod';

import { fieldErrors } from '@/lib/zod-ja';
import { cookieName, cookieOptions, serializeCookie, type CookieOptions } from '@/server/auth/cookies';
import { csrfTokenFor, verifyCsrfToken } from '@/server/auth/csrf';
import { randomToken } from '@/server/auth/tokens';
import { sessionEndReason, validateSessionToken, type Session } from '@/server/auth/session';
import { logger } from '@/server/logger';

import { AppError, errorResponse } from './app-error';
import { clientIp } from './client-ip';
import { appUrl } from '@/config/server';

/**
 * The one wrapper for every /api/* route handler (conventions.md §4, security.md). A route file
 * declares, per method, its schemas and a function; this module does the rest:
 * - 405 JSON for methods the route does not declare;
 * - for non-GET requests: the CSRF token header bound to the session, `X-Requested-With:
 *   XMLHttpRequest`, and a same-origin check (Sec-Fetch-Site / Origin) → 403 JSON otherwise;
 * - JSON bodies only (415), size-limited (413), well-formed (400), zod-parsed (422 with Japanese
 *   field messages); query and route params zod-parsed (400);
 * - session loading (`auth: 'required'` → 401 JSON);
 * - `Cache-Control: no-store` on personal responses; one error shape; a structured log line;
 * - anything unexpected → 500 JSON with a generic message, logged with its stack.
 */

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type Method = (typeof HTTP_METHODS)[number];
export type DeclarableMethod = Exclude<Method, 'HEAD' | 'OPTIONS'>;

export const CSRF_HEADER = 'x-csrf-token';
export const AUTH_EXPIRE_HEADER = 'x-auth-expire-time';
const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

type AnySchema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Q, B, P, A extends AuthMode> {
  request: NextRequest;
  query: Q;
  body: B;
  params: P;
  session: A extends 'required' ? Session : Session | null;
  ip: string;
  log: typeof logger;
  /** Queue a cookie on the response (session login/logout). */
  setCookie: (name: string, value: string, options: CookieOptions) => void;
  deleteCookie: (name: string) => void;
}

type AuthMode = 'none' | 'optional' | 'required';

export interface MethodSpec<
  QS extends AnySchema | undefined,
  BS extends AnySchema | undefined,
  PS extends AnySchema | undefined,
  A extends AuthMode,
> {
  /** 'none' skips the session lookup (public, cacheable data); default 'optional'. */
  auth?: A;
  query?: QS;
  body?: BS;
  params?: PS;
  /** personal data → Cache-Control: no-store (default: true unless auth is 'none'). */
  personal?: boolean;
  /** false only for endpoints authenticated by their own secret (webhooks). */
  csrf?: boolean;
  maxBodyBytes?: number;
  handler: (ctx: RouteContext<Infer<QS>, Infer<BS>, Infer<PS>, A>) => Promise<Response | object>;
}

// The union over spec generics is erased at the declaration site; each spec is checked by
// `method()` below, which keeps the inference per method.
type AnyMethodSpec = MethodSpec<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined, AuthMode>;

/** Declares one method with full type inference. */
export function method<
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  PS extends AnySchema | undefined = undefined,
  A extends AuthMode = 'optional',
>(spec: MethodSpec<QS, BS, PS, A>): AnyMethodSpec {
  return spec as unknown as AnyMethodSpec;
}

export type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: NextRequest, context: NextContext) => Promise<Response>;

/** Builds the exports of a route.ts: `export const { GET, POST, ... } = defineRoute({ GET: method({...}) })`. */
export function defineRoute(specs: Partial<Record<DeclarableMethod, AnyMethodSpec>>): Record<Method, RouteHandler> {
  return routeExports(specs, run);
}

/**
 * Every method of a route file from the declared ones (this wrapper's and the back office's,
 * admin-route.ts): HEAD runs GET's spec, and an undeclared method answers 405 JSON with `Allow`.
 */
export function routeExports<S>(
  specs: Partial<Record<DeclarableMethod, S>>,
  runSpec: (m: Method, spec: S, request: NextRequest, context: NextContext) => Promise<Response>,
): Record<Method, RouteHandler> {
  const allowed = Object.keys(specs) as DeclarableMethod[];
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  const handlers = {} as Record<Method, RouteHandler>;
  for (const m of HTTP_METHODS) {
    const spec = m === 'HEAD' ? specs.GET : m === 'OPTIONS' ? undefined : specs[m];
    handlers[m] = spec
      ? (request, context) => runSpec(m, spec, request, context)
      : async (request) => finish(request, Date.now(), errorResponse(new AppError('method_not_allowed', { headers: { Allow: allow } })));
  }
  return handlers;
}

export function finish(request: NextRequest, started: number, response: Response, extra: Record<string, unknown> = {}): Response {
  const level = response.status >= 500 ? 'error' : 'info';
  logger[level](
    { method: request.method, path: request.nextUrl.pathname, status: response.status, ms: Date.now() - started, ...extra },
    'api',
  );
  return response;
}

async function run(m: Method, spec: AnyMethodSpec, request: NextRequest, context: NextContext): Promise<Response> {
  const started = Date.now();
  const ip = clientIp(request.headers);
  const cookies: PendingCookie[] = [];
  let session: Session | null = null;
  try {
    const unsafe = m !== 'GET' && m !== 'HEAD';
    if (unsafe && spec.csrf !== false) checkRequestOrigin(request);

    const auth = spec.auth ?? 'optional';
    const sessionToken = request.cookies.get(cookieName('session'))?.value;
    if (auth !== 'none' && sessionToken) session = await validateSessionToken(sessionToken);

    if (unsafe && spec.csrf !== false) {
      // Bound to the session cookie when there is one, else to the pre-session cookie.
      const binding = sessionToken ?? request.cookies.get(cookieName('pre'))?.value;
      if (!verifyCsrfToken(binding, request.headers.get(CSRF_HEADER))) throw new AppError('csrf_invalid');
    }
    if (auth === 'required' && !session) {
      // A session the service ended (the password was changed): say so, not 「有効期限が切れました」.
      const ended = sessionToken ? await sessionEndReason(sessionToken).catch(() => null) : null;
      throw new AppError(ended ?? 'unauthorized');
    }

    const { params, query, body } = await parseInput(spec, request, context);

    const result = await spec.handler({
      request,
      query,
      body,
      params,
      session,
      ip,
      log: logger,
      setCookie: (name, value, options) => cookies.push({ name, value, options }),
      deleteCookie: (name) => cookies.push({ name, value: '', options: null }),
    } as RouteContext<unknown, unknown, unknown, AuthMode>);

    const response = result instanceof Response ? result : Response.json(result);
    const personal = spec.personal ?? (spec.auth ?? 'optional') !== 'none';
    if (personal) response.headers.set('Cache-Control', 'no-store');
    applyCookies(response, cookies);
    if (session && !cookies.some((c) => c.name === cookieName('session'))) {
      response.headers.set(AUTH_EXPIRE_HEADER, session.expiresAt.toISOString());
    }
    return finish(request, started, response, { userId: session?.userId });
  } catch (error) {
    return failure(request, started, error, cookies, { userId: session?.userId }, 'unexpected error in API route');
  }
}

/** Route params, query and JSON body, each zod-parsed when the spec declares its schema. */
export async function parseInput(
  spec: { params?: AnySchema; query?: AnySchema; body?: AnySchema; maxBodyBytes?: number },
  request: NextRequest,
  context: NextContext,
): Promise<{ params: unknown; query: unknown; body: unknown }> {
  const params = spec.params ? parseWith(spec.params, await context.params, 'bad_request') : undefined;
  const query = spec.query ? parseWith(spec.query, searchParamsToObject(request.nextUrl.searchParams), 'bad_request') : undefined;
  const body = spec.body ? parseWith(spec.body, await readJsonBody(request, spec.maxBodyBytes), 'validation_failed') : undefined;
  return { params, query, body };
}

export type PendingCookie = { name: string; value: string; options: CookieOptions | null };

/**
 * The answer to a thrown error: an AppError's own status and Japanese message (with the cookies
 * the handler queued), anything else a logged 500 with a generic message.
 */
export function failure(
  request: NextRequest,
  started: number,
  error: unknown,
  cookies: PendingCookie[],
  who: Record<string, unknown>,
  unexpected: string,
): Response {
  if (error instanceof AppError) {
    const response = errorResponse(error);
    applyCookies(response, cookies);
    return finish(request, started, response, { code: error.code, ...who });
  }
  logger.error({ err: error, method: request.method, path: request.nextUrl.pathname }, unexpected);
  return finish(request, started, errorResponse(new AppError('internal_error')));
}

export function applyCookies(response: Response, cookies: PendingCookie[]) {
  for (const c of cookies) response.headers.append('Set-Cookie', serializeCookie(c.name, c.value, c.options));
}

/**
 * Same-origin check for state-changing requests: refuse cross-site contexts outright, require
 * the XMLHttpRequest marker (a custom header cannot be sent cross-origin without a CORS
 * preflight, which we never grant), and when the browser names an Origin, it must be ours.
 */
export function checkRequestOrigin(request: NextRequest): void {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') throw new AppError('csrf_invalid', { message: '外部のサイトからの操作は受け付けていません。' });
  if (request.headers.get('x-requested-with') !== 'XMLHttpRequest') throw new AppError('csrf_invalid');
  const origin = request.headers.get('origin');
  if (origin && !allowedOrigins(request).has(origin)) {
    throw new AppError('csrf_invalid', { message: '外部のサイトからの操作は受け付けていません。' });
  }
}

function allowedOrigins(request: NextRequest): Set<string> {
  const origins = new Set([appUrl('/').origin]);
  // The request's own origin as seen by the server (the browser cannot forge Host for fetch).
  const host = request.headers.get('host');
  if (host) origins.add(`${request.nextUrl.protocol}//${host}`);
  return origins;
}

export function parseWith<S extends AnySchema>(schema: S, input: unknown, code: 'bad_request' | 'validation_failed'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError(code, { fields: fieldErrors(result.error) });
}

export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return out;
}

export async function readJsonBody(request: NextRequest, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type.trim())) throw new AppError('unsupported_media_type');
  const bytes = await readBodyBytes(request, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid_json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('invalid_json');
  }
}

/**
 * The raw request body, at most `maxBytes` (413 otherwise, also for a chunked body that never
 * declared its length); for the few routes that take something other than JSON. `tooLarge` and
 * `missing` let a route say it in its own words (the back office's file uploads).
 */
export async function readBodyBytes(
  request: NextRequest,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
  errors: { tooLarge?: () => AppError; missing?: AppError } = {},
): Promise<Buffer> {
  const tooLarge = errors.tooLarge ?? (() => new AppError('payload_too_large'));
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) {
    if (errors.missing) throw errors.missing;
    return Buffer.alloc(0); // no body: JSON.parse('') fails → invalid_json for JSON routes
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The CSRF token for this browser, issuing a pre-session cookie when it has neither cookie. */
export function csrfTokenForRequest(
  request: NextRequest,
  setCookie: RouteContext<unknown, unknown, unknown, AuthMode>['setCookie'],
  newBinding?: string,
): string {
  if (newBinding) return csrfTokenFor(newBinding);
  const existing = request.cookies.get(cookieName('session'))?.value ?? request.cookies.get(cookieName('pre'))?.value;
  if (existing) return csrfTokenFor(existing);
  const pre = randomToken();
  setCookie(cookieName('pre'), pre, cookieOptions(60 * 60 * 24 * 30));
  return csrfTokenFor(pre);
}
