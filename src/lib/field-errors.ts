import type { z } from 'zod';

/**
 * Flattens issues into one Japanese message per field path ("items.0.quantity"). Apart from
 * zod-ja.ts (which configures zod) so forms that load their schema lazily import no zod up front.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
