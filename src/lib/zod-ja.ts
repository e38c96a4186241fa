import { z } from 'zod';
// Only the Japanese locale: `z.locales.ja()` kept the whole locales namespace (every language)
// in the client bundles (issue 13).
import ja from 'zod/v4/locales/ja.js';

/** Japanese default messages for every zod schema (field schemas add their own, more specific). */
z.config(ja());

export { fieldErrors } from './field-errors';

export { z };
