import { NextResponse, type NextRequest } from 'next/server';

import { getEnv } from '@/config/env';
import { AppError, errorResponse } from '@/server/http/app-error';
import { logger } from '@/server/logger';

/**
 * An /api path Next cannot percent-decode (`/api/%ff`, `/api/download/receipt/%ff.pdf`). Next
 * decodes dynamic route params before any route handler runs, and on failure tries to render a
 * Pages-router /400 page that an App Router app does not have: the client got a plain-text 500
 * and nothing was logged (issue 11 §6). The proxy runs before that matching, so it answers here,
 * in the API's JSON error shape.
 */
function undecodableApiPath(request: NextRequest): Response | null {
  try {
    decodeURIComponent(request.nextUrl.pathname);
    return null;
  } catch {
    const response = errorResponse(new AppError('bad_request', { message: 'URL の形式が正しくありません。アドレスをご確認ください。' }));
    logger.info({ method: request.method, path: request.nextUrl.pathname, status: response.status, reason: 'undecodable path' }, 'api');
    return response;
  }
}

/**
 * Content Security Policy with a fresh nonce per request (security.md "Headers"). Scripts run only
 * with the nonce ('strict-dynamic' lets Next's own chunks load); PAY.JP's payjp.js and its card
 * iframe, and Google Tag Manager when configured, are the only outside origins. Pages read the
 * nonce from the `x-nonce` request header.
 */
export const AREA_HEADER = 'x-hojin-area';

export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/')) return undecodableApiPath(request) ?? NextResponse.next();
  const env = getEnv();
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const payjp = new URL(env.PAYJP_JS_URL).origin;
  const payjpApi = new URL(env.PAYJP_API_BASE).origin;
  const gtm = env.GTM_ID ? ' https://www.googletagmanager.com' : '';
  const dev = env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '';
  const csp = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${payjp}${gtm}${dev}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${gtm ? ' https://www.googletagmanager.com https://www.google-analytics.com' : ''}`,
    `font-src 'self' data:`,
    `connect-src 'self' ${payjpApi}${gtm ? ' https://www.google-analytics.com https://*.google-analytics.com' : ''}`,
    `frame-src ${payjp} ${payjpApi}${gtm}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(env.isProduction ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  // The root layout renders the back office without the public site's header and footer.
  const admin = request.nextUrl.pathname === '/admin' || request.nextUrl.pathname.startsWith('/admin/');
  requestHeaders.delete(AREA_HEADER);
  if (admin) requestHeaders.set(AREA_HEADER, 'admin');
  requestHeaders.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  // security.md "Reset links": the page a reset link opens never leaks its URL in a Referer.
  if (request.nextUrl.pathname.startsWith('/password-reset/new-password')) response.headers.set('Referrer-Policy', 'no-referrer');
  // Back-office pages are never indexed and never leave their URL in a Referer elsewhere.
  if (admin) {
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
    response.headers.set('Referrer-Policy', 'same-origin');
  }
  if (env.isProduction) response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return response;
}

export const config = {
  matcher: [
    // API paths only when they carry a percent sign: the one case the proxy handles for /api.
    { source: '/api/:path(.*%.*)' },
    {
      // Pages only: API routes answer JSON/PDF and set their own headers.
      source: '/((?!api|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|sitemap.xml).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
