import { OrderQueueQuerySchema } from '@/features/backoffice';
import { listOrderQueue } from '@/features/backoffice/server/orders';
import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/orders?status=&express=&from=&to=&corporateNumber=&email=&after= — paid orders, express first, then by due date (decision 0069). Staff and managers. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'staff',
    query: OrderQueueQuerySchema,
    handler: async ({ query }) => listOrderQueue(query),
  }),
});
