import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What one request carries through its async work (issue 28 §3, docs/decisions/0127): its id —
 * `X-Request-Id` from the proxy when it is short and made of safe characters, else one of ours —
 * and, once the route wrapper knows it, the route's pattern for the metrics. server.ts opens the
 * context around every request; the route wrapper opens one when nothing did (`next dev`, tests
 * calling a handler). The logger adds `requestId` to every line written inside it.
 *
 * No server-only import: server.ts loads this module outside Next's bundle, so the storage lives
 * on globalThis and both copies of the module share it.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

export interface RequestContext {
  requestId: string;
  /** the route's pattern (`/api/orders/[id]`), set by the route wrapper; the metrics' label */
  route?: string;
}

const key = Symbol.for('hojin.requestContext');
type WithStorage = typeof globalThis & { [key]?: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  return ((globalThis as WithStorage)[key] ??= new AsyncLocalStorage<RequestContext>());
}

/** 1–64 characters of letters, digits and `._:-` (a UUID, a proxy's hex id, `req-123.4`). */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The proxy's id when it is safe to log and echo, else a new one. */
export function requestIdFrom(header: string | string[] | null | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && value !== null && SAFE_ID.test(value) ? value : randomUUID();
}

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage().run(context, fn);
}

/** The context of the request being handled, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage().getStore();
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return storage().getStore()?.requestId;
}
