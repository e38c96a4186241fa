import { WatchImportBodySchema } from '@/features/watch';
import { importWatch } from '@/features/watch/index.server';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/watch/import — `{ text }`: a pasted list or the text of a CSV file (the page decodes
 * Shift_JIS/UTF-8); every 法人番号 / T-number in it is added, up to 5,000 a member → counts of
 * added, already watched, not in the registry, unreadable lines.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: WatchImportBodySchema,
    // 200,000 characters of up to 3 bytes each in UTF-8, plus the JSON around them.
    maxBodyBytes: 700_000,
    handler: async ({ session, body }) => importWatch(session.userId, body.text),
  }),
});
