import 'server-only';

import type { z } from 'zod';

import { staffMethod } from '@/server/http/route';

import { OrderIdParamsSchema } from '../schemas';
import type { Actor } from './notices';

/**
 * A back-office POST on one order (/api/admin/orders/{id}/…): the order id from the path, the body
 * parsed by `body`, the staff member and IP as the actor of `act`, whose result is the JSON answer.
 * Staff and managers, or managers only with `access: 'manager'`.
 */
export function orderAction<BS extends z.ZodType>(
  body: BS,
  act: (actor: Actor, orderId: string, body: z.output<BS>) => Promise<object>,
  access: 'staff' | 'manager' = 'staff',
) {
  return staffMethod({
    access,
    params: OrderIdParamsSchema,
    body,
    handler: async (ctx) => act({ id: ctx.session.staff.id, ip: ctx.ip }, ctx.params.id, ctx.body as z.output<BS>),
  });
}
