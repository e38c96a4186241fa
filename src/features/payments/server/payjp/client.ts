import 'server-only';

import type { z } from 'zod';

import { getPayjpConfig, type PayjpConfig } from './config';
import { PayjpApiError, PayjpInvalidResponseError, PayjpNetworkError, PayjpTimeoutError } from './errors';
import {
  PayjpCardSchema,
  PayjpChargeSchema,
  PayjpCustomerSchema,
  PayjpDeletedSchema,
  PayjpErrorEnvelopeSchema,
  PayjpEventSchema,
  PayjpPlanSchema,
  PayjpSubscriptionSchema,
  PayjpThreeDSecureRequestSchema,
  PayjpTokenSchema,
  payjpListSchema,
  type PayjpCard,
  type PayjpCharge,
  type PayjpCustomer,
  type PayjpDeleted,
  type PayjpEvent,
  type PayjpList,
  type PayjpPlan,
  type PayjpSubscription,
  type PayjpThreeDSecureRequest,
  type PayjpToken,
} from './schemas';

/**
 * A thin typed client for the PAY.JP API v1 subset hojin uses (docs/decisions/0005). HTTP Basic
 * auth with the secret key, form-encoded bodies (`metadata[order_id]=…`), every answer parsed with
 * zod, one timeout per request that surfaces as PayjpTimeoutError. It never retries: whether to try
 * again is the caller's decision (see errors.ts). Refunds carry an `Idempotency-Key` header so that
 * the refund reconciler can repeat one safely (docs/decisions/0018-refunds.md); charges do not
 * (0008: a charge in doubt is looked up, never re-posted).
 */

type Scalar = string | number | boolean;
type FormValue = Scalar | undefined | Record<string, Scalar | undefined>;
export type FormParams = Record<string, FormValue>;

export type Metadata = Record<string, string | number>;

export interface ListParams {
  limit?: number;
  offset?: number;
  /** Unix seconds, inclusive. */
  since?: number;
  /** Unix seconds, inclusive. */
  until?: number;
}

export interface CreateChargeParams {
  /** Yen, 50–9,999,999; always from our database, never from the client. */
  amount: number;
  /** A token (tok_…) or, with `customer`, one of the customer's cards (car_…). */
  card?: string;
  customer?: string;
  description?: string;
  /** false = authorise only; capture later. Default true. */
  capture?: boolean;
  /** Days an authorisation stays valid (1–60), only with capture=false. */
  expiry_days?: number;
  three_d_secure?: boolean;
  metadata?: Metadata;
}

export interface CreateCustomerParams {
  id?: string;
  email?: string;
  description?: string;
  /** A token to register as the customer's first (default) card. */
  card?: string;
  metadata?: Metadata;
}

export interface UpdateCustomerParams {
  email?: string;
  description?: string;
  default_card?: string;
  card?: string;
  metadata?: Metadata;
}

export interface RefundParams {
  /** Yen to refund; PAY.JP refunds the whole remaining amount when it is left out. */
  amount?: number;
  /** PAY.JP's `refund_reason` (free text, up to 255 characters). */
  reason?: string;
  /**
   * Sent as the `Idempotency-Key` header: PAY.JP answers a repeated request with the same key with
   * the first answer instead of refunding again. One key per refund we mean to make, kept with it.
   */
  idempotencyKey: string;
}

export interface PayjpClient {
  charges: {
    create(params: CreateChargeParams): Promise<PayjpCharge>;
    retrieve(id: string): Promise<PayjpCharge>;
    list(params?: ListParams & { customer?: string; subscription?: string }): Promise<PayjpList<PayjpCharge>>;
    update(id: string, params: { description?: string; metadata?: Metadata }): Promise<PayjpCharge>;
    capture(id: string, params?: { amount?: number }): Promise<PayjpCharge>;
    /** POST /v1/charges/{id}/refund — the charge after the refund (`amount_refunded`, `refunded`). */
    refund(id: string, params: RefundParams): Promise<PayjpCharge>;
    /** POST /v1/charges/{id}/tds_finish — authorises a charge whose 3-D Secure passed. */
    finishThreeDSecure(id: string): Promise<PayjpCharge>;
  };
  customers: {
    create(params: CreateCustomerParams): Promise<PayjpCustomer>;
    retrieve(id: string): Promise<PayjpCustomer>;
    update(id: string, params: UpdateCustomerParams): Promise<PayjpCustomer>;
    delete(id: string): Promise<PayjpDeleted>;
  };
  cards: {
    create(customerId: string, params: { card: string; default?: boolean; metadata?: Metadata }): Promise<PayjpCard>;
    list(customerId: string, params?: ListParams): Promise<PayjpList<PayjpCard>>;
    retrieve(customerId: string, cardId: string): Promise<PayjpCard>;
    delete(customerId: string, cardId: string): Promise<PayjpDeleted>;
  };
  tokens: {
    retrieve(id: string): Promise<PayjpToken>;
    finishThreeDSecure(id: string): Promise<PayjpToken>;
  };
  threeDSecureRequests: {
    create(params: { resource_id: string }): Promise<PayjpThreeDSecureRequest>;
    retrieve(id: string): Promise<PayjpThreeDSecureRequest>;
  };
  plans: {
    create(params: { id: string; amount: number; interval: 'month'; name?: string; metadata?: Metadata }): Promise<PayjpPlan>;
    retrieve(id: string): Promise<PayjpPlan>;
  };
  subscriptions: {
    create(params: { customer: string; plan: string; metadata?: Metadata }): Promise<PayjpSubscription>;
    retrieve(id: string): Promise<PayjpSubscription>;
    /** `plan` with `prorate` (an upgrade now) or `next_cycle_plan` (a change at the period's end; '' clears it). */
    update(id: string, params: { plan?: string; prorate?: boolean; next_cycle_plan?: string }): Promise<PayjpSubscription>;
    /** Paused or canceled → active again (after the period: charged now, a new period). */
    resume(id: string): Promise<PayjpSubscription>;
    /** Canceled at once, ended (deleted) at the period's end unless resumed. */
    cancel(id: string): Promise<PayjpSubscription>;
  };
  events: {
    retrieve(id: string): Promise<PayjpEvent>;
    list(params?: ListParams & { resource_id?: string; object?: string; type?: string }): Promise<PayjpList<PayjpEvent>>;
  };
}

/** Flattens one level of nesting the way PAY.JP reads it: `metadata[key]=value`. */
export function encodeForm(params: FormParams): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (innerValue !== undefined) form.append(`${key}[${inner}]`, String(innerValue));
      }
    } else {
      form.append(key, String(value));
    }
  }
  return form;
}

/** Ids go into URL paths; refuse anything that is not a plain PAY.JP-style id (methods are async, so this rejects). */
function idSegment(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new TypeError(`invalid PAY.JP id: ${JSON.stringify(id)}`);
  return id;
}

/** A header value: printable ASCII without spaces, so nothing can be smuggled into the request. */
function idempotencyKeyHeader(key: string): string {
  if (!/^[\x21-\x7e]{8,255}$/.test(key)) throw new TypeError('invalid Idempotency-Key');
  return key;
}

/** undici's codes for a connection that never carried the request. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TimeoutError' || (error.name === 'AbortError' && error.cause instanceof Error && error.cause.name === 'TimeoutError'))
  );
}

export function createPayjpClient(config: PayjpConfig, fetchImpl: typeof fetch = fetch): PayjpClient {
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    params: FormParams = {},
    extraHeaders: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    const form = encodeForm(params);
    const query = method === 'POST' ? '' : form.toString();
    const url = `${config.apiBase}${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { ...extraHeaders, Authorization: authorization, Accept: 'application/json' };
    if (method === 'POST') headers['Content-Type'] = 'application/x-www-form-urlencoded';

    let status: number;
    let text: string;
    try {
      // One deadline for connecting, sending and reading the whole body.
      const response = await fetchImpl(url, {
        method,
        headers,
        body: method === 'POST' ? form.toString() : undefined,
        signal: AbortSignal.timeout(config.timeoutMs),
        cache: 'no-store',
        redirect: 'error',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (isTimeout(error)) throw new PayjpTimeoutError(method, path, config.timeoutMs, { cause: error });
      const code = causeCode(error);
      throw new PayjpNetworkError(
        method,
        path,
        code ?? (error instanceof Error ? error.message : String(error)),
        code !== undefined && NEVER_SENT.has(code),
        {
          cause: error,
        },
      );
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      if (status >= 200 && status < 300) throw new PayjpInvalidResponseError(method, path, status, 'body is not JSON', { cause: error });
      json = undefined;
    }

    if (status < 200 || status >= 300) {
      const envelope = PayjpErrorEnvelopeSchema.safeParse(json);
      if (!envelope.success) {
        // A proxy's HTML error page or similar: keep the status, there is no PAY.JP code.
        throw new PayjpApiError(method, path, status, status >= 500 ? 'server_error' : 'client_error', null, `HTTP ${status}`, null, null);
      }
      const e = envelope.data.error;
      throw new PayjpApiError(method, path, status, e.type, e.code ?? null, e.message, e.param ?? null, e.charge ?? null);
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PayjpInvalidResponseError(
        method,
        path,
        status,
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    }
    return parsed.data;
  }

  const chargeList = payjpListSchema(PayjpChargeSchema);
  const cardList = payjpListSchema(PayjpCardSchema);
  const eventList = payjpListSchema(PayjpEventSchema);

  return {
    charges: {
      create: async (p) =>
        request('POST', '/charges', PayjpChargeSchema, {
          amount: p.amount,
          currency: 'jpy',
          card: p.card,
          customer: p.customer,
          description: p.description,
          capture: p.capture,
          expiry_days: p.expiry_days,
          three_d_secure: p.three_d_secure,
          metadata: p.metadata,
        }),
      retrieve: async (id) => request('GET', `/charges/${idSegment(id)}`, PayjpChargeSchema),
      list: async (p = {}) => request('GET', '/charges', chargeList, { ...p }),
      update: async (id, p) =>
        request('POST', `/charges/${idSegment(id)}`, PayjpChargeSchema, { description: p.description, metadata: p.metadata }),
      capture: async (id, p = {}) => request('POST', `/charges/${idSegment(id)}/capture`, PayjpChargeSchema, { amount: p.amount }),
      refund: async (id, p) =>
        request(
          'POST',
          `/charges/${idSegment(id)}/refund`,
          PayjpChargeSchema,
          { amount: p.amount, refund_reason: p.reason },
          { 'Idempotency-Key': idempotencyKeyHeader(p.idempotencyKey) },
        ),
      finishThreeDSecure: async (id) => request('POST', `/charges/${idSegment(id)}/tds_finish`, PayjpChargeSchema),
    },
    customers: {
      create: async (p) => request('POST', '/customers', PayjpCustomerSchema, { ...p }),
      retrieve: async (id) => request('GET', `/customers/${idSegment(id)}`, PayjpCustomerSchema),
      update: async (id, p) => request('POST', `/customers/${idSegment(id)}`, PayjpCustomerSchema, { ...p }),
      delete: async (id) => request('DELETE', `/customers/${idSegment(id)}`, PayjpDeletedSchema),
    },
    cards: {
      create: async (customerId, p) => request('POST', `/customers/${idSegment(customerId)}/cards`, PayjpCardSchema, { ...p }),
      list: async (customerId, p = {}) => request('GET', `/customers/${idSegment(customerId)}/cards`, cardList, { ...p }),
      retrieve: async (customerId, cardId) =>
        request('GET', `/customers/${idSegment(customerId)}/cards/${idSegment(cardId)}`, PayjpCardSchema),
      delete: async (customerId, cardId) =>
        request('DELETE', `/customers/${idSegment(customerId)}/cards/${idSegment(cardId)}`, PayjpDeletedSchema),
    },
    tokens: {
      retrieve: async (id) => request('GET', `/tokens/${idSegment(id)}`, PayjpTokenSchema),
      finishThreeDSecure: async (id) => request('POST', `/tokens/${idSegment(id)}/tds_finish`, PayjpTokenSchema),
    },
    threeDSecureRequests: {
      create: async (p) => request('POST', '/three_d_secure_requests', PayjpThreeDSecureRequestSchema, { resource_id: p.resource_id }),
      retrieve: async (id) => request('GET', `/three_d_secure_requests/${idSegment(id)}`, PayjpThreeDSecureRequestSchema),
    },
    plans: {
      create: async (p) => request('POST', '/plans', PayjpPlanSchema, { ...p, currency: 'jpy' }),
      retrieve: async (id) => request('GET', `/plans/${idSegment(id)}`, PayjpPlanSchema),
    },
    subscriptions: {
      create: async (p) => request('POST', '/subscriptions', PayjpSubscriptionSchema, { ...p }),
      retrieve: async (id) => request('GET', `/subscriptions/${idSegment(id)}`, PayjpSubscriptionSchema),
      update: async (id, p) => request('POST', `/subscriptions/${idSegment(id)}`, PayjpSubscriptionSchema, { ...p }),
      resume: async (id) => request('POST', `/subscriptions/${idSegment(id)}/resume`, PayjpSubscriptionSchema),
      cancel: async (id) => request('POST', `/subscriptions/${idSegment(id)}/cancel`, PayjpSubscriptionSchema),
    },
    events: {
      retrieve: async (id) => request('GET', `/events/${idSegment(id)}`, PayjpEventSchema),
      list: async (p = {}) => request('GET', '/events', eventList, { ...p }),
    },
  };
}

let shared: PayjpClient | undefined;

/** The process-wide client configured from PAYJP_* (src/config/env.ts). */
export function getPayjpClient(): PayjpClient {
  shared ??= createPayjpClient(getPayjpConfig());
  return shared;
}
