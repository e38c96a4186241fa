import { NoticeIdParamsSchema } from '@/features/backoffice';
import { endNoticeAsStaff } from '@/features/backoffice/server/notices';
import { adminMethod, defineAdminRoute } from '@/server/http/admin-route';

/** POST /api/admin/notices/{id}/end — stops showing the notice now. Managers only. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({
  POST: adminMethod({
    access: 'manager',
    params: NoticeIdParamsSchema,
    handler: async ({ params, session, ip }) => endNoticeAsStaff({ id: session.staff.id, ip }, params.id),
  }),
});
