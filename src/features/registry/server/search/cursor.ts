import 'server-only';

import { createHash } from 'node:crypto';
import { z } from 'zod';

import { hmacBase64Url, safeEqual } from '@/server/auth/tokens';

import { SEARCH_MAX_PAGES } from '../../search-rules';
import { serverSecret } from '@/config/server';

/**
 * The opaque "next page" cursor: where the previous page stopped (match class segment and
 * docid), the page number (for the depth cap), the count (computed once, on the first page) and
 * what it belongs to — the registry build (docids change with every import) and the query.
 *
 * `<base64url JSON>.<base64url HMAC-SHA256>`, signed with SESSION_SECRET under its own label. The
 * signature is what makes the depth cap hold: the page number travels in the cursor, and an
 * unsigned cursor let a visitor reset it and page far past SEARCH_MAX_PAGES (issue 11 §7). The
 * page number is also bounded here, so even a validly signed cursor cannot go deeper.
 */

const CursorSchema = z.strictObject({
  v: z.literal(1),
  /** Registry build id (first 12 characters). */
  b: z.string().max(12),
  /** Hash of the normalised query and filters. */
  h: z.string().max(16),
  /** Index of the segment the next page starts in. */
  s: z.number().int().min(0).max(64),
  /** Last docid returned in that segment. */
  a: z.number().int().min(0),
  /** Page number of the next page (1-based); no cursor is issued past the depth limit. */
  p: z.number().int().min(2).max(SEARCH_MAX_PAGES),
  /** Count and whether it was capped. */
  c: z.number().int().min(0),
  x: z.boolean(),
  /** the count is a lower bound: it stopped at its time budget (issue 24 point 8) */
  l: z.boolean().optional(),
});
export type Cursor = z.infer<typeof CursorSchema>;

export function queryHash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

const sign = (payload: string, secret: string) => hmacBase64Url(secret, `search-cursor:v1:${payload}`);

export function encodeCursor(cursor: Cursor, secret: string = serverSecret()): string {
  const payload = Buffer.from(JSON.stringify(CursorSchema.parse(cursor)), 'utf8').toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The cursor, or null when it is malformed, not signed by this service, or past the depth limit. */
export function decodeCursor(raw: string, secret: string = serverSecret()): Cursor | null {
  const [payload, signature, ...rest] = raw.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return null;
  if (!safeEqual(sign(payload, secret), signature)) return null;
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
