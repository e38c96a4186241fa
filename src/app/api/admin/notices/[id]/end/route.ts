import { NoticeIdParamsSchema } from '@/features/backoffice';
import { endNoticeAsStaff } from '@/features/backoffice/server/notices';
import { staffMethod, defineRoute } from '@/server/http/route';

/** POST /api/admin/notices/{id}/end — stops showing the notice now. Managers only. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'manager',
    params: NoticeIdParamsSchema,
    handler: async ({ params, session, ip }) => endNoticeAsStaff({ id: session.staff.id, ip }, params.id),
  }),
});
