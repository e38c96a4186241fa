import { staffEnrolment } from '@/features/backoffice/server/login';
import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/login/enrolment — the authenticator QR, only between the password step and the first confirmed code. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'pending',
    handler: async ({ session }) => staffEnrolment(session),
  }),
});
