import { AUDIT_ACTIONS, AuditQuerySchema } from '@/features/backoffice';
import { listAudit } from '@/features/backoffice/server/audit';
import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/audit?action=&staff=&target=&before= — the audit log, newest first (read-only). Managers only. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'manager',
    query: AuditQuerySchema,
    handler: async ({ query }) => {
      const { rows, nextBefore } = await listAudit(query);
      return {
        rows: rows.map((r) => ({
          ...r,
          at: r.at.toISOString(),
          actionLabel: AUDIT_ACTIONS[r.action as keyof typeof AUDIT_ACTIONS] ?? r.action,
        })),
        nextBefore,
      };
    },
  }),
});
