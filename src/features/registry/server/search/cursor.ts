import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * The opaque "next page" cursor: where the previous page stopped (match class segment and
 * docid), the page number (for the depth cap), the count (computed once, on the first page) and
 * what it belongs to — the registry build (docids change with every import) and the query.
 * base64url JSON; not secret, but anything that does not parse or belong is rejected.
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
  /** Page number of the next page (1-based). */
  p: z.number().int().min(2),
  /** Count and whether it was capped. */
  c: z.number().int().min(0),
  x: z.boolean(),
});
export type Cursor = z.infer<typeof CursorSchema>;

export function queryHash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): Cursor | null {
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
