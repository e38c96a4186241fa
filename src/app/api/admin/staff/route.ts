import { listStaff } from '@/features/backoffice/server/staff';
import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/staff — every staff account (no secrets). Managers only; accounts are created by `npm run admin:create`. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'manager',
    handler: async () => ({ staff: await listStaff() }),
  }),
});
