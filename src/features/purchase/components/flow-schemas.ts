/**
 * The zod schemas the purchase pages check in the browser, in their own chunk: the pages load it
 * with `purchaseSchemas()` (lazy-schemas.ts) when they read storage or submit, so zod is not part
 * of their first-load JavaScript (issue 13). DestinationSchema is the server's own.
 */
import { z } from '@/lib/zod-ja';

export { DestinationSchema } from '../schemas';
export { fieldErrors } from '@/lib/field-errors';

/**
 * The company chosen on /search, as the search page stores it under `searched_corporate`
 * (registry's CompanySummary). Only the fields the order needs are read, validated here because
 * storage is input like any other.
 */
export const SearchedCorporateSchema = z
  .object({
    corporateNumber: z.string().regex(/^\d{13}$/),
    name: z.string().min(1),
    kind: z.string(),
    kindLabel: z.string().optional(),
    address: z.string().optional(),
    closed: z.boolean().optional(),
  })
  .loose();
export type SearchedCorporate = z.infer<typeof SearchedCorporateSchema>;
