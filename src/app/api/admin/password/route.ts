import { assertAcceptablePassword } from '@/features/accounts/server/passwords';
import { StaffPasswordChangeBodySchema } from '@/features/backoffice';
import { changeStaffPassword } from '@/features/backoffice/server/password';
import { staffMethod, defineRoute } from '@/server/http/route';

/**
 * POST /api/admin/password — `{ currentPassword, newPassword }`. The same password policy as
 * members (the accounts feature's rule: common passwords, the service name, the address refused).
 * Open while the first-login change is pending.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'staff',
    allowDuringPasswordChange: true,
    body: StaffPasswordChangeBodySchema,
    handler: async ({ body, session, ip }) => {
      assertAcceptablePassword(body.newPassword, { email: session.staff.email, field: 'newPassword' });
      return changeStaffPassword(session, body, ip);
    },
  }),
});
