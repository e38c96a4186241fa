import 'server-only';

import { Answer } from '@/server/http/answer';
import { AppError } from '@/server/http/app-error';
import { currentRequestId } from '@/server/http/request-context';
import { appUrl } from '@/config/server';

import { API_PROBLEMS } from '../rules';

/**
 * The public API's error answer: RFC 9457 problem details (`application/problem+json`), the
 * Japanese explanation in `detail`, field messages in `errors`. The route wrapper calls this for
 * every error of an API-key method, so /v1 never answers the pages' error shape.
 */
export const PROBLEM_TYPE = 'application/problem+json';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problemResponse(error: AppError): Answer {
  const known = (API_PROBLEMS as Record<string, { title: string }>)[error.code];
  const requestId = currentRequestId();
  const body = {
    type: appUrl(`/developers#problem-${error.code}`).toString(),
    title: known?.title ?? TITLES[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
    ...(error.fields ? { errors: error.fields } : {}),
    // The request's id (X-Request-Id): quoted in a support request, it finds the request's log lines.
    ...(requestId !== undefined ? { requestId } : {}),
  };
  return new Answer(JSON.stringify(body), error.status, {
    'Content-Type': PROBLEM_TYPE,
    'Cache-Control': 'no-store',
    ...corsHeaders(),
    ...error.headers,
  });
}

/** An API problem by its code in API_PROBLEMS. */
export function apiProblem(code: keyof typeof API_PROBLEMS, headers?: Record<string, string>): AppError {
  const p = API_PROBLEMS[code];
  return new AppError(code, { status: p.status, message: p.detail, ...(headers ? { headers } : {}) });
}

/**
 * Any origin may read /v1 (a key is a bearer credential, never a cookie: no ambient authority to
 * abuse). Preflights are answered by the router (server/router.ts).
 */
export function corsHeaders(): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After, X-Data-Date',
  };
}
