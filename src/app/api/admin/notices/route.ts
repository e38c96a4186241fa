import { NoticeCreateBodySchema } from '@/features/backoffice';
import { createNoticeAsStaff, listNoticesForAdmin } from '@/features/backoffice/server/notices';
import { z } from '@/lib/zod-ja';
import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/notices?page= — every notice; POST — a new (possibly scheduled) notice. Managers only. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'manager',
    query: z.strictObject({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
    handler: async ({ query }) => listNoticesForAdmin(query.page),
  }),
  POST: staffMethod({
    access: 'manager',
    body: NoticeCreateBodySchema,
    handler: async ({ body, session, ip }) => Response.json(await createNoticeAsStaff({ id: session.staff.id, ip }, body), { status: 201 }),
  }),
});
