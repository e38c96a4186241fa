import { NextRequest } from 'next/server';

import type { RouteHandler } from '@/server/http/route';

const BASE = 'http://localhost:3000';

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  params?: Record<string, string | string[]>;
}

/** Calls a route handler the way Next does, without a server. */
export async function call(handlers: Partial<Record<string, RouteHandler>>, path: string, options: CallOptions = {}) {
  const method = options.method ?? 'GET';
  const handler = handlers[method];
  if (!handler) throw new Error(`no ${method} export`);
  const request = new NextRequest(new URL(path, BASE), {
    method,
    headers: options.headers,
    body: options.body as BodyInit | undefined,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    status: response.status,
    headers: response.headers,
    json: json as Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } },
    text,
  };
}

/** The cookie pairs a response sets, as a Cookie request header value. */
export function cookiesFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Headers of a same-origin XHR POST from our own page. */
export function sameOriginJson(csrf: string, cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-csrf-token': csrf,
    origin: BASE,
    'sec-fetch-site': 'same-origin',
    cookie,
    ...extra,
  };
}
