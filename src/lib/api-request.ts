/**
 * What the API client (api-client.ts, on every page) and its transport (api-transport.ts, loaded by
 * the first request) share: the error class, the CSRF header's name, the protected-page flag and a
 * request's options. A module of its own so that the transport does not import the client that
 * imports it (no import cycle: docs/decisions/0070).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const CSRF_HEADER = 'X-CSRF-Token';

/** Set by the protected-page guard while such a page is shown. */
let onProtectedPage = false;
export function setProtectedPage(value: boolean): void {
  onProtectedPage = value;
}
export function isProtectedPage(): boolean {
  return onProtectedPage;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}
