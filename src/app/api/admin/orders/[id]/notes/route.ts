import { OrderIdParamsSchema, OrderNoteBodySchema } from '@/features/backoffice';
import { addOrderNoteAsStaff } from '@/features/backoffice/server/orders';
import { staffMethod, defineRoute } from '@/server/http/route';

/** POST /api/admin/orders/{id}/notes {note} — a note on the order's timeline. Staff and managers. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'staff',
    params: OrderIdParamsSchema,
    body: OrderNoteBodySchema,
    handler: async ({ params, body, session, ip }) => {
      await addOrderNoteAsStaff({ id: session.staff.id, ip }, params.id, body.note);
      return Response.json({ ok: true }, { status: 201 });
    },
  }),
});
