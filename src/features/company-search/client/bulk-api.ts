/**
 * The bulk check's endpoint as the browser calls it (docs/decisions/0030). Apart from ./api.ts,
 * which imports the search's URL rules (./search-url.ts) the bulk page does not need. The answer
 * is typed by a type-only import (`import type` is erased: no zod in the bundle).
 */
import { apiFetch } from '@/lib/api-client';

import type { BulkCheckResult } from '../bulk-schemas';

/** POST /api/corporates/bulk-check: each line looked up by 法人番号 or exact name, as of `date`. */
export function bulkCheck(lines: string[], date: string): Promise<BulkCheckResult> {
  return apiFetch<BulkCheckResult>('/api/corporates/bulk-check', { method: 'POST', body: { lines, date } });
}
