import { listStaff } from '@/features/backoffice/server/staff';
import { adminMethod, defineAdminRoute } from '@/server/http/admin-route';

/** GET /api/admin/staff — every staff account (no secrets). Managers only; accounts are created by `npm run admin:create`. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({
  GET: adminMethod({
    access: 'manager',
    handler: async () => ({ staff: await listStaff() }),
  }),
});
