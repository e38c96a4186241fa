/**
 * PAY.JP's error envelope: `{"error": {"type", "code", "message", "status", "param", "charge"}}`.
 * Statuses and types follow the v1 API reference: 400 client_error (bad parameters), 401
 * auth_error (key), 402 card_error (the card was refused), 404 client_error (no such object),
 * 405 not_allowed_method_error, 429 client_error over_capacity, 500 server_error.
 * Messages are in English like PAY.JP's (they are meant for the merchant, not the buyer).
 */

export type PayjpErrorType =
  'client_error' | 'card_error' | 'server_error' | 'not_allowed_method_error' | 'auth_error' | 'invalid_request_error';

export interface PayjpErrorBody {
  type: PayjpErrorType;
  code?: string;
  message: string;
  status: number;
  param?: string;
  charge?: string;
}

export class PayjpApiError extends Error {
  constructor(readonly body: PayjpErrorBody) {
    super(body.message);
    this.name = 'PayjpApiError';
  }

  get status(): number {
    return this.body.status;
  }

  toJSON(): { error: PayjpErrorBody } {
    return { error: this.body };
  }
}

/** 400: a parameter is missing or malformed. */
export function invalidParam(code: string, param: string, message: string): PayjpApiError {
  return new PayjpApiError({ type: 'client_error', code, param, message, status: 400 });
}

/** 400 without a parameter: the request is well formed but not allowed in this state. */
export function invalidState(code: string, message: string, extra: Partial<PayjpErrorBody> = {}): PayjpApiError {
  return new PayjpApiError({ type: 'client_error', code, message, status: 400, ...extra });
}

/** 402: the card was refused (at tokenisation, at charge time or at tds_finish). */
export function cardError(code: string, message: string, extra: Partial<PayjpErrorBody> = {}): PayjpApiError {
  return new PayjpApiError({ type: 'card_error', code, message, status: 402, ...extra });
}

/** 404 for an id that does not exist (or belongs to another customer). */
export function noSuch(objectName: string, id: string, param = 'id'): PayjpApiError {
  return new PayjpApiError({
    type: 'client_error',
    code: 'invalid_id',
    param,
    message: `No such ${objectName}: ${id}`,
    status: 404,
  });
}

export function authError(code: 'no_api_key' | 'invalid_api_key', message: string): PayjpApiError {
  return new PayjpApiError({ type: 'auth_error', code, message, status: 401 });
}

export function notFound(path: string): PayjpApiError {
  return new PayjpApiError({
    type: 'client_error',
    code: 'not_found',
    message: `Unrecognized request URL: ${path}`,
    status: 404,
  });
}

export function methodNotAllowed(method: string, path: string): PayjpApiError {
  return new PayjpApiError({
    type: 'not_allowed_method_error',
    code: 'not_allowed_method',
    message: `Method ${method} is not allowed for ${path}`,
    status: 405,
  });
}

export function overCapacity(): PayjpApiError {
  return new PayjpApiError({
    type: 'client_error',
    code: 'over_capacity',
    message: 'The service is over capacity. Please try again later.',
    status: 429,
  });
}

export function serverError(): PayjpApiError {
  return new PayjpApiError({
    type: 'server_error',
    code: 'payjp_wrong',
    message: 'An unexpected error occurred on PAY.JP. Please retry or contact support.',
    status: 500,
  });
}
