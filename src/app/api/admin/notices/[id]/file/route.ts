import { FILE_NAME_HEADER, NOTICE_PDF_MAX_BYTES, NoticeFileNameSchema, NoticeIdParamsSchema } from '@/features/backoffice';
import { attachNoticePdfAsStaff } from '@/features/backoffice/server/notices';
import { fieldErrors } from '@/lib/zod-ja';
import { staffMethod, defineRoute } from '@/server/http/route';
import { AppError } from '@/server/http/app-error';

/**
 * PUT /api/admin/notices/{id}/file — the PDF itself as the body (`Content-Type: application/pdf`,
 * at most 10 MB, must start with %PDF-), its display name in `X-File-Name` (percent-encoded).
 * Replaces an earlier attachment. Managers only.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  PUT: staffMethod({
    access: 'manager',
    params: NoticeIdParamsSchema,
    raw: { contentTypes: ['application/pdf'], maxBytes: NOTICE_PDF_MAX_BYTES },
    handler: async ({ params, raw, request, session, ip }) => {
      const name = NoticeFileNameSchema.safeParse(request.headers.get(FILE_NAME_HEADER) ?? '');
      if (!name.success) throw new AppError('validation_failed', { fields: fieldErrors(name.error) });
      if (!raw) throw new AppError('bad_request');
      return attachNoticePdfAsStaff({ id: session.staff.id, ip }, params.id, { name: name.data, bytes: raw.bytes });
    },
  }),
});
