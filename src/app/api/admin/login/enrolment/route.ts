import { staffEnrolment } from '@/features/backoffice/server/login';
import { adminMethod, defineAdminRoute } from '@/server/http/admin-route';

/** GET /api/admin/login/enrolment — the authenticator QR, only between the password step and the first confirmed code. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({
  GET: adminMethod({
    access: 'pending',
    handler: async ({ session }) => staffEnrolment(session),
  }),
});
