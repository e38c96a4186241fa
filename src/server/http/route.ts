import 'server-only';

import type { NextRequest } from 'next/server';
import type { z } from 'zod';

import { fieldErrors } from '@/lib/zod-ja';
import { cookieName, cookieOptions, serializeCookie, type CookieOptions } from '@/server/auth/cookies';
import { csrfTokenFor, verifyCsrfToken } from '@/server/auth/csrf';
import { randomToken } from '@/server/auth/tokens';
import { sessionEndReason, validateSessionToken, type Session } from '@/server/auth/session';
import { roleAllows, validateStaffSessionToken, type StaffRole, type StaffSession } from '@/server/auth/staff-session';
import { logger } from '@/server/logger';

import { Answer } from './answer';
import { AppError, errorResponse } from './app-error';
import { clientIp } from './client-ip';
import { currentRequest, REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext, type RequestContext } from './request-context';
import type { RouteRequest } from './route-request';
import { appUrl } from '@/config/server';

/**
 * The one wrapper for every /api/* and /api/admin/* route handler (conventions.md §4,
 * security.md, docs/decisions/0012, 0074). A route file declares, per method, its schemas, its
 * auth mode and a function; this module does the rest:
 * - 405 JSON for methods the route does not declare;
 * - for non-GET requests: the CSRF token header bound to the mode's cookie, `X-Requested-With:
 *   XMLHttpRequest`, and a same-origin check (Sec-Fetch-Site / Origin) → 403 JSON otherwise;
 * - JSON bodies only (415), size-limited (413), well-formed (400), zod-parsed (422 with Japanese
 *   field messages); query and route params zod-parsed (400); a raw body where declared (uploads);
 * - the session of the method's auth mode (below) → 401/403 JSON when it does not allow the call;
 * - `Cache-Control: no-store` on personal responses; one error shape; a structured log line;
 * - the request's id (`X-Request-Id`, request-context.ts) on the answer, in its log lines and error
 *   bodies, and the route's pattern (`/api/orders/[id]`) for the metrics;
 * - anything unexpected → 500 JSON with a generic message, logged with its stack.
 *
 * Auth modes (one table, `MODES`): each names its cookie, its session table and its rules.
 * - member (`method({ auth })`): 'none' (public, no session lookup), 'optional', 'required' —
 *   the member cookie and `sessions`;
 * - staff (`staffMethod({ access })`): 'public', 'pending' (password done, TOTP to go),
 *   'staff' | 'manager' — the staff cookie and `staff_sessions` only: a member session is worth
 *   nothing on a staff route and the staff cookie is never read by a member route;
 * - any other mode is an `AuthMode` object its owner passes to `modeMethod()`: the public API's keys
 *   (`apiMethod()` of src/features/api — Bearer key, no cookie, no CSRF, problem+json errors).
 */

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type Method = (typeof HTTP_METHODS)[number];
export type DeclarableMethod = Exclude<Method, 'HEAD' | 'OPTIONS'>;

export const CSRF_HEADER = 'x-csrf-token';
export const AUTH_EXPIRE_HEADER = 'x-auth-expire-time';
const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

type AnySchema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

type MemberAuth = 'none' | 'optional' | 'required';
export type StaffAccess = 'public' | 'pending' | StaffRole;

type MemberSessionOf<A> = A extends 'required' ? Session : Session | null;
type StaffSessionOf<A> = A extends 'public' ? StaffSession | null : StaffSession;

/**
 * What every handler gets; `S` is the session its auth mode guarantees. The pages' routes get
 * Next's request; a mode's own methods (`modeMethod`) get the wrapper's `RouteRequest`, which the
 * public API's lean path makes from Node's request.
 */
export interface RouteContext<Q, B, P, S, R extends RouteRequest = NextRequest> {
  request: R;
  query: Q;
  body: B;
  params: P;
  /** the raw request body, for methods that declare `raw` (file uploads) */
  raw: { bytes: Uint8Array; contentType: string } | undefined;
  session: S;
  ip: string;
  userAgent: string | null;
  log: typeof logger;
  /** Queue a cookie on the response (session login/logout). */
  setCookie: (name: string, value: string, options: CookieOptions) => void;
  deleteCookie: (name: string) => void;
}

/** What any method declares, whatever its auth mode. */
interface BaseSpec<QS, BS, PS> {
  query?: QS;
  body?: BS;
  params?: PS;
  /** accept a non-JSON body of these media types up to maxBytes (413 above, 415 for other types) */
  raw?: { contentTypes: readonly string[]; maxBytes: number };
  maxBodyBytes?: number;
}

export interface MethodSpec<
  QS extends AnySchema | undefined,
  BS extends AnySchema | undefined,
  PS extends AnySchema | undefined,
  A extends MemberAuth,
> extends BaseSpec<QS, BS, PS> {
  /** 'none' skips the session lookup (public, cacheable data); default 'optional'. */
  auth?: A;
  /** personal data → Cache-Control: no-store (default: true unless auth is 'none'). */
  personal?: boolean;
  /** false only for endpoints authenticated by their own secret (webhooks). */
  csrf?: boolean;
  handler: (ctx: RouteContext<Infer<QS>, Infer<BS>, Infer<PS>, MemberSessionOf<A>>) => Promise<Response | object>;
}

export interface StaffMethodSpec<
  QS extends AnySchema | undefined,
  BS extends AnySchema | undefined,
  PS extends AnySchema | undefined,
  A extends StaffAccess,
> extends BaseSpec<QS, BS, PS> {
  access: A;
  /** open while the account must still change the password admin:create gave it (me, logout, the change itself) */
  allowDuringPasswordChange?: boolean;
  handler: (ctx: RouteContext<Infer<QS>, Infer<BS>, Infer<PS>, StaffSessionOf<A>>) => Promise<Response | object>;
}

/**
 * A declared method as the wrapper runs it: the generics are erased at the declaration site
 * (each spec is checked by `method()` / `staffMethod()`, which keep the inference per method).
 */
type AnySpec = BaseSpec<AnySchema, AnySchema, AnySchema> & {
  mode: AuthMode;
  auth?: MemberAuth;
  personal?: boolean;
  csrf?: boolean;
  access?: StaffAccess;
  allowDuringPasswordChange?: boolean;
  handler: (ctx: RouteContext<unknown, unknown, unknown, unknown, RouteRequest>) => Promise<Response | object>;
};

/** Declares one member (or public) method with full type inference. */
export function method<
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  PS extends AnySchema | undefined = undefined,
  A extends MemberAuth = 'optional',
>(spec: MethodSpec<QS, BS, PS, A>): AnySpec {
  return { ...(spec as unknown as AnySpec), mode: MODES.member };
}

/** Declares one back-office method (staff cookie and session table) with full type inference. */
export function staffMethod<
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  PS extends AnySchema | undefined = undefined,
  A extends StaffAccess = 'manager',
>(spec: StaffMethodSpec<QS, BS, PS, A>): AnySpec {
  return { ...(spec as unknown as AnySpec), mode: MODES.staff };
}

/**
 * Declares one method under an auth mode defined outside this module (the public API's keys,
 * src/features/api): the feature that owns the credential supplies its `AuthMode`, this wrapper
 * still does the parsing, the limits, the logging and the error shape.
 */
export function modeMethod<QS extends AnySchema | undefined, BS extends AnySchema | undefined, PS extends AnySchema | undefined, S>(
  mode: AuthMode,
  spec: BaseSpec<QS, BS, PS> & {
    handler: (ctx: RouteContext<Infer<QS>, Infer<BS>, Infer<PS>, S, RouteRequest>) => Promise<Response | object>;
  },
): AnySpec {
  return { ...(spec as unknown as AnySpec), csrf: false, mode };
}

export const STAFF_MESSAGES = {
  unauthorized: '管理画面にログインしていないか、ログインの有効期限が切れました。もう一度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。マネージャーに依頼してください。',
  passwordChangeRequired: '初回ログインのため、先にパスワードを変更してください。',
} as const;

/** An auth mode: where its session comes from and what it allows. */
export interface AuthMode {
  /** the session for this request (null: none or not valid) */
  load(request: RouteRequest, spec: AnySpec): Promise<{ id: string; value: unknown } | null>;
  /** the value the CSRF token of an unsafe request must be bound to */
  csrfBinding(request: RouteRequest): string | undefined;
  /** throws the 401/403 AppError when the session does not allow the method */
  authorize(request: RouteRequest, spec: AnySpec, session: unknown): Promise<void>;
  /** headers of a successful answer */
  finishResponse(response: Response | Answer, spec: AnySpec, session: unknown, cookies: PendingCookie[]): void;
  /** the log line's name for who called */
  logKey: 'userId' | 'staffId' | 'apiKeyId';
  unexpected: string;
  /** the answer to an error (default: the spec's JSON error shape); the public API answers RFC 9457 problem details */
  renderError?(error: AppError, request: RouteRequest): Response | Answer;
}

const MODES = {
  member: {
    async load(request, spec) {
      const token = request.cookies.get(cookieName('session'))?.value;
      if ((spec.auth ?? 'optional') === 'none' || !token) return null;
      const session = await validateSessionToken(token);
      return session ? { id: session.userId, value: session } : null;
    },
    // Bound to the session cookie when there is one, else to the pre-session cookie.
    csrfBinding: (request) => request.cookies.get(cookieName('session'))?.value ?? request.cookies.get(cookieName('pre'))?.value,
    async authorize(request, spec, session) {
      if (spec.auth !== 'required' || session) return;
      // A session the service ended (the password was changed): say so, not 「有効期限が切れました」.
      const token = request.cookies.get(cookieName('session'))?.value;
      const ended = token ? await sessionEndReason(token).catch(() => null) : null;
      throw new AppError(ended ?? 'unauthorized');
    },
    finishResponse(response, spec, session, cookies) {
      const personal = spec.personal ?? (spec.auth ?? 'optional') !== 'none';
      if (personal) response.headers.set('Cache-Control', 'no-store');
      if (session && !cookies.some((c) => c.name === cookieName('session'))) {
        response.headers.set(AUTH_EXPIRE_HEADER, (session as Session).expiresAt.toISOString());
      }
    },
    logKey: 'userId',
    unexpected: 'unexpected error in API route',
  },
  staff: {
    async load(request) {
      const token = request.cookies.get(cookieName('admin'))?.value;
      const session = token ? await validateStaffSessionToken(token) : null;
      return session ? { id: session.staff.id, value: session } : null;
    },
    csrfBinding: staffCsrfBinding,
    async authorize(_request, spec, value) {
      const session = value as StaffSession | null;
      if (spec.access === 'public') return;
      if (spec.access === 'pending') {
        if (!session || session.mfaPassed) throw new AppError('unauthorized', { message: STAFF_MESSAGES.unauthorized });
        return;
      }
      if (!session || !session.mfaPassed) throw new AppError('unauthorized', { message: STAFF_MESSAGES.unauthorized });
      if (session.staff.passwordChangeRequired && !spec.allowDuringPasswordChange) {
        throw new AppError('password_change_required', { status: 403, message: STAFF_MESSAGES.passwordChangeRequired });
      }
      if (!roleAllows(session.staff.role, spec.access ?? 'manager')) throw new AppError('forbidden', { message: STAFF_MESSAGES.forbidden });
    },
    // Everything in the back office is personal or operational data.
    finishResponse: (response) => response.headers.set('Cache-Control', 'no-store'),
    logKey: 'staffId',
    unexpected: 'unexpected error in admin API route',
  },
} satisfies Record<'member' | 'staff', AuthMode>;

export type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: NextRequest, context: NextContext) => Promise<Response>;
/** A method as the wrapper runs it, before the answer becomes a `Response` (the lean path writes it to Node as it is). */
export type WrappedMethod = (request: RouteRequest, context: NextContext) => Promise<Response | Answer>;

/**
 * The wrapped methods of a route: HEAD runs GET's spec, and an undeclared method answers 405
 * JSON with `Allow`. Next's route files use `defineRoute`; the public API's router calls these.
 */
export function wrapMethods(specs: Partial<Record<DeclarableMethod, AnySpec>>): Record<Method, WrappedMethod> {
  const allowed = Object.keys(specs) as DeclarableMethod[];
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  const methods = {} as Record<Method, WrappedMethod>;
  for (const m of HTTP_METHODS) {
    const spec = m === 'HEAD' ? specs.GET : m === 'OPTIONS' ? undefined : specs[m];
    methods[m] = spec
      ? (request, context) => withRequest(request, context, () => run(m, spec, request, context))
      : (request, context) =>
          withRequest(request, context, async () =>
            finish(request, Date.now(), errorResponse(new AppError('method_not_allowed', { headers: { Allow: allow } }))),
          );
  }
  return methods;
}

/** Builds the exports of a route.ts: `export const { GET, POST, ... } = defineRoute({ GET: method({...}) })`. */
export function defineRoute(specs: Partial<Record<DeclarableMethod, AnySpec>>): Record<Method, RouteHandler> {
  const methods = wrapMethods(specs);
  const handlers = {} as Record<Method, RouteHandler>;
  for (const m of HTTP_METHODS) {
    const wrapped = methods[m];
    handlers[m] = async (request, context) => {
      const answer = await wrapped(request, context);
      return answer instanceof Answer ? answer.toResponse() : answer;
    };
  }
  return handlers;
}

/**
 * Runs a handler inside its request's context: server.ts's (it validated the id and put it in the
 * header) or, when nothing opened one (`next dev`, a test calling the handler), a new one. The
 * route's pattern is noted on it for the metrics.
 */
async function withRequest(request: RouteRequest, context: NextContext, fn: () => Promise<Response | Answer>): Promise<Response | Answer> {
  const id = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  const current = currentRequest();
  const ctx: RequestContext = current?.requestId === id ? current : { requestId: id };
  ctx.route = routePattern(request.nextUrl.pathname, (await context?.params) ?? {});
  const response = current === ctx ? await fn() : await runWithRequestContext(ctx, fn);
  try {
    response.headers.set('X-Request-Id', ctx.requestId);
  } catch {
    // a Response with immutable headers (Response.redirect): server.ts has set the header already
  }
  return response;
}

/** `/api/orders/0b2…` with `{ id: '0b2…' }` → `/api/orders/[id]`; a catch-all's segments → `[...name]`. */
export function routePattern(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const names = Object.keys(params);
  if (names.length === 0) return pathname;
  const segments = pathname.split('/');
  for (const name of names) {
    const value = params[name];
    if (Array.isArray(value)) {
      if (value.length > 0 && value.length < segments.length) segments.splice(segments.length - value.length, value.length, `[...${name}]`);
    } else if (value !== undefined) {
      const at = segments.findIndex((segment) => segment === value || safeDecode(segment) === value);
      if (at > 0) segments[at] = `[${name}]`;
    }
  }
  return segments.join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function finish<A extends Response | Answer>(request: RouteRequest, started: number, response: A, extra: Record<string, unknown> = {}): A {
  const level = response.status >= 500 ? 'error' : 'info';
  logger[level](
    { method: request.method, path: request.nextUrl.pathname, status: response.status, ms: Date.now() - started, ...extra },
    'api',
  );
  return response;
}

async function run(m: Method, spec: AnySpec, request: RouteRequest, context: NextContext): Promise<Response | Answer> {
  const started = Date.now();
  const mode = spec.mode;
  const ip = clientIp(request.headers);
  const cookies: PendingCookie[] = [];
  let who: Record<string, unknown> = {};
  try {
    const unsafe = m !== 'GET' && m !== 'HEAD';
    const csrf = unsafe && spec.csrf !== false;
    if (csrf) checkRequestOrigin(request);

    const loaded = await mode.load(request, spec);
    const session = loaded?.value ?? null;
    who = { [mode.logKey]: loaded?.id };

    if (csrf && !verifyCsrfToken(mode.csrfBinding(request), request.headers.get(CSRF_HEADER))) throw new AppError('csrf_invalid');
    await mode.authorize(request, spec, session);

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
    });

    const response = result instanceof Response || result instanceof Answer ? result : Answer.json(result);
    mode.finishResponse(response, spec, session, cookies);
    applyCookies(response, cookies);
    return finish(request, started, response, who);
  } catch (error) {
    return failure(request, started, error, cookies, who, mode);
  }
}

/** Route params, query and JSON body, each zod-parsed when the spec declares its schema. */
async function parseInput(
  spec: { params?: AnySchema; query?: AnySchema; body?: AnySchema; maxBodyBytes?: number },
  request: RouteRequest,
  context: NextContext,
): Promise<{ params: unknown; query: unknown; body: unknown }> {
  const params = spec.params ? parseWith(spec.params, await context.params, 'bad_request') : undefined;
  const query = spec.query ? parseWith(spec.query, searchParamsToObject(request.nextUrl.searchParams), 'bad_request') : undefined;
  const body = spec.body ? parseWith(spec.body, await readJsonBody(request, spec.maxBodyBytes), 'validation_failed') : undefined;
  return { params, query, body };
}

type PendingCookie = { name: string; value: string; options: CookieOptions | null };

/**
 * The answer to a thrown error: an AppError's own status and Japanese message (with the cookies
 * the handler queued), anything else a logged 500 with a generic message.
 */
function failure(
  request: RouteRequest,
  started: number,
  error: unknown,
  cookies: PendingCookie[],
  who: Record<string, unknown>,
  mode: AuthMode,
): Response | Answer {
  const render = (e: AppError): Response | Answer => (mode.renderError ? mode.renderError(e, request) : errorResponse(e));
  if (error instanceof AppError) {
    const response = render(error);
    applyCookies(response, cookies);
    return finish(request, started, response, { code: error.code, ...who });
  }
  logger.error({ err: error, method: request.method, path: request.nextUrl.pathname }, mode.unexpected);
  return finish(request, started, render(new AppError('internal_error')));
}

function applyCookies(response: Response | Answer, cookies: PendingCookie[]) {
  for (const c of cookies) response.headers.append('Set-Cookie', serializeCookie(c.name, c.value, c.options));
}

/**
 * Same-origin check for state-changing requests: refuse cross-site contexts outright, require
 * the XMLHttpRequest marker (a custom header cannot be sent cross-origin without a CORS
 * preflight, which we never grant), and when the browser names an Origin, it must be ours.
 */
function checkRequestOrigin(request: RouteRequest): void {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') throw new AppError('csrf_invalid', { message: '外部のサイトからの操作は受け付けていません。' });
  if (request.headers.get('x-requested-with') !== 'XMLHttpRequest') throw new AppError('csrf_invalid');
  const origin = request.headers.get('origin');
  if (origin && !allowedOrigins(request).has(origin)) {
    throw new AppError('csrf_invalid', { message: '外部のサイトからの操作は受け付けていません。' });
  }
}

function allowedOrigins(request: RouteRequest): Set<string> {
  const origins = new Set([appUrl('/').origin]);
  // The request's own origin as seen by the server (the browser cannot forge Host for fetch).
  const host = request.headers.get('host');
  if (host) origins.add(`${request.nextUrl.protocol}//${host}`);
  return origins;
}

function parseWith<S extends AnySchema>(schema: S, input: unknown, code: 'bad_request' | 'validation_failed'): z.output<S> {
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

export async function readJsonBody(request: RouteRequest, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
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
  request: RouteRequest,
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
  setCookie: RouteContext<unknown, unknown, unknown, unknown>['setCookie'],
  newBinding?: string,
): string {
  if (newBinding) return csrfTokenFor(newBinding);
  const existing = request.cookies.get(cookieName('session'))?.value ?? request.cookies.get(cookieName('pre'))?.value;
  if (existing) return csrfTokenFor(existing);
  const pre = randomToken();
  setCookie(cookieName('pre'), pre, cookieOptions(60 * 60 * 24 * 30));
  return csrfTokenFor(pre);
}

/** The value the staff CSRF token is bound to: the staff cookie, or before login the pre-session cookie. */
function staffCsrfBinding(request: RouteRequest): string | undefined {
  const binding = request.cookies.get(cookieName('admin'))?.value ?? request.cookies.get(cookieName('pre'))?.value;
  // A separate namespace: a member page's token (bound to the same pre-session cookie) is not a staff token.
  return binding ? `admin:${binding}` : undefined;
}

/** The staff CSRF token for this browser, issuing a pre-session cookie when it has no cookie to bind to. */
export function staffCsrfToken(request: NextRequest, setCookie: (name: string, value: string, options: CookieOptions) => void): string {
  const binding = staffCsrfBinding(request);
  if (binding) return csrfTokenFor(binding);
  const pre = randomToken();
  setCookie(cookieName('pre'), pre, cookieOptions(60 * 60 * 24));
  return csrfTokenFor(`admin:${pre}`);
}

/** The staff token for a staff cookie value that is being set on this response (after login). */
export function staffCsrfTokenForCookie(token: string): string {
  return csrfTokenFor(`admin:${token}`);
}

async function readRawBody(
  request: RouteRequest,
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
