import { NoticeIdParamsSchema, NoticeScheduleBodySchema } from '@/features/backoffice';
import { getNoticeForAdmin, rescheduleNoticeAsStaff } from '@/features/backoffice/server/notices';
import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/notices/{id}; PATCH — its publishing period and maintenance window. Managers only. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'manager',
    params: NoticeIdParamsSchema,
    handler: async ({ params }) => getNoticeForAdmin(params.id),
  }),
  PATCH: staffMethod({
    access: 'manager',
    params: NoticeIdParamsSchema,
    body: NoticeScheduleBodySchema,
    handler: async ({ params, body, session, ip }) => rescheduleNoticeAsStaff({ id: session.staff.id, ip }, params.id, body),
  }),
});
