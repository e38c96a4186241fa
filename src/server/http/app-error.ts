import 'server-only';

import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@/lib/api-error';

import { currentRequestId } from './request-context';

/**
 * An expected failure with an HTTP status and a Japanese message, thrown by features and mapped
 * to the one error shape by the route wrapper. Only the unexpected throws anything else.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { message?: string; status?: number; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const known = (ERROR_CODES as Record<string, { status: number; message: string }>)[code];
    const message = options.message ?? known?.message ?? ERROR_CODES.bad_request.message;
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? known?.status ?? 400;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** The error answer; it names the request (`requestId`) so a member's report finds its log lines. */
export function errorResponse(error: AppError): Response {
  const body = error.toBody();
  const requestId = currentRequestId();
  if (requestId !== undefined) body.error.requestId = requestId;
  return Response.json(body, {
    status: error.status,
    headers: { 'Cache-Control': 'no-store', ...error.headers },
  });
}
