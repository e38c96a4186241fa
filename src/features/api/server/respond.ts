import 'server-only';

import crypto from 'node:crypto';

import { Answer } from '@/server/http/answer';
import type { RouteRequest } from '@/server/http/route-request';

/**
 * A /v1 answer: JSON with a strong ETag over its bytes (304 when the client's If-None-Match has
 * it), the data date in `X-Data-Date`, and the cache rule. Public registry answers may be kept a
 * minute by the client; a key owner's own data (the watch list) is never stored.
 */
export function v1Json(
  request: RouteRequest,
  body: unknown,
  options: { dataDate: string | null; personal?: boolean; status?: number } = { dataDate: null },
): Answer {
  const text = JSON.stringify(body);
  const etag = `"${crypto.hash('sha256', text, 'base64url').slice(0, 27)}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    ETag: etag,
    'Cache-Control': options.personal ? 'private, no-store' : 'private, max-age=60',
    Vary: 'Authorization',
  };
  if (options.dataDate) headers['X-Data-Date'] = options.dataDate;
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return new Answer(null, 304, headers);
  }
  return new Answer(request.method === 'HEAD' ? null : text, options.status ?? 200, headers);
}
