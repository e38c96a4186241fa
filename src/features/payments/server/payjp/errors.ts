import 'server-only';

import { payjpBuyerMessage, payjpOutcomeMessage, type PayjpBuyerMessage } from '@/features/payments/payjp-messages';

/**
 * What can go wrong talking to PAY.JP, as distinct types. `outcomeUnknown` is the one bit a
 * caller must never ignore: when it is true for a charge request, the charge may exist at PAY.JP
 * even though we did not hear so. PAY.JP API v1 has no idempotency key, so the caller marks the
 * order `unknown` and reconciles (GET /v1/charges?since=… matching metadata.order_id); it never
 * sends the request again (security.md, Payments).
 */
export abstract class PayjpError extends Error {
  abstract readonly kind: 'api' | 'timeout' | 'network' | 'invalid_response';
  /** True when a state-changing request may have taken effect without our knowing. */
  abstract readonly outcomeUnknown: boolean;

  protected constructor(
    message: string,
    readonly method: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** PAY.JP answered with its error envelope (4xx/5xx). */
export class PayjpApiError extends PayjpError {
  readonly kind = 'api';

  constructor(
    method: string,
    path: string,
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
    readonly param: string | null,
    /** The charge a card error belongs to (a declined charge still exists, unpaid). */
    readonly chargeId: string | null,
  ) {
    super(`PAY.JP ${method} ${path}: ${status} ${code ?? type}: ${message}`, method, path);
    this.name = 'PayjpApiError';
  }

  /** 5xx on a write may have been processed; 4xx (and 429, refused up front) were not. */
  get outcomeUnknown(): boolean {
    return this.status >= 500 && this.method !== 'GET';
  }

  get isCardError(): boolean {
    return this.type === 'card_error';
  }
}

/** No complete answer within PAYJP_TIMEOUT_MS. The request may well have been processed. */
export class PayjpTimeoutError extends PayjpError {
  readonly kind = 'timeout';

  constructor(
    method: string,
    path: string,
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`PAY.JP ${method} ${path}: no answer within ${timeoutMs} ms`, method, path, options);
    this.name = 'PayjpTimeoutError';
  }

  get outcomeUnknown(): boolean {
    return this.method !== 'GET';
  }
}

/**
 * The connection failed. When it was refused or the host not found nothing was sent, so the
 * outcome is known (nothing happened); a reset mid-request is unknown.
 */
export class PayjpNetworkError extends PayjpError {
  readonly kind = 'network';

  constructor(
    method: string,
    path: string,
    readonly reason: string,
    readonly neverSent: boolean,
    options?: { cause?: unknown },
  ) {
    super(`PAY.JP ${method} ${path}: network error (${reason})`, method, path, options);
    this.name = 'PayjpNetworkError';
  }

  get outcomeUnknown(): boolean {
    return this.method !== 'GET' && !this.neverSent;
  }
}

/** A 2xx answer that is not the object we expected (or not JSON). */
export class PayjpInvalidResponseError extends PayjpError {
  readonly kind = 'invalid_response';

  constructor(
    method: string,
    path: string,
    readonly status: number,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`PAY.JP ${method} ${path}: unexpected response (${status}): ${detail}`, method, path, options);
    this.name = 'PayjpInvalidResponseError';
  }

  get outcomeUnknown(): boolean {
    return this.method !== 'GET';
  }
}

/**
 * The buyer-facing message for any failure of a PAY.JP call. A failure whose outcome is unknown
 * always gets the "do not pay again, we are checking" message, whatever PAY.JP's code.
 */
export function describePayjpFailure(error: unknown): PayjpBuyerMessage {
  if (!(error instanceof PayjpError)) return payjpOutcomeMessage('unknown_error');
  if (error.outcomeUnknown) return payjpOutcomeMessage('outcome_unknown');
  if (error instanceof PayjpApiError) return payjpBuyerMessage(error.code ?? (error.status >= 500 ? 'payjp_wrong' : null));
  return payjpOutcomeMessage('unreachable');
}
