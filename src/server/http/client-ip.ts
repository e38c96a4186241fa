import 'server-only';

import { getEnv } from '@/config/env';

/**
 * The client's IP for rate limits and logs. It is read only from the header a trusted proxy
 * overwrites (TRUSTED_PROXY_HEADER, e.g. x-forwarded-for: the right-most entry is the one the
 * proxy itself appended). Without a trusted proxy every request counts as "unknown": rate limits
 * then apply to all clients together, which is strict but never spoofable.
 */
export function clientIp(headers: Headers): string {
  const header = getEnv().TRUSTED_PROXY_HEADER;
  if (!header) return 'unknown';
  const value = headers.get(header);
  if (!value) return 'unknown';
  const last = value.split(',').pop()?.trim() ?? '';
  return /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last : 'unknown';
}
