import { StaffUpdateBodySchema } from '@/features/backoffice';
import { updateStaff } from '@/features/backoffice/server/staff';
import { z } from '@/lib/zod-ja';
import { staffMethod, defineRoute } from '@/server/http/route';

/** PATCH /api/admin/staff/{id} — `{ disabled?, role? }`. Managers only, never on their own account. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  PATCH: staffMethod({
    access: 'manager',
    params: z.strictObject({ id: z.uuid({ error: 'スタッフが見つかりません。' }) }),
    body: StaffUpdateBodySchema,
    handler: async ({ params, body, session, ip }) => updateStaff({ id: session.staff.id, ip }, params.id, body),
  }),
});
