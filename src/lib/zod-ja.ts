import { z } from 'zod';

/** Japanese default messages for every zod schema (field schemas add their own, more specific). */
z.config(z.locales.ja());

/** Flattens issues into one Japanese message per field path ("items.0.quantity"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export { z };
