import { FileIdParamsSchema, FileIdSchema } from '@/features/site/schemas';
import { openStoredFile } from '@/features/site/server/notices';
import { AppError } from '@/server/http/app-error';
import { contentDisposition } from '@/server/http/content-disposition';
import { defineRoute, method } from '@/server/http/route';

/** GET /api/s3/download/{id} — streams a stored public file (maintenance notice PDFs). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: false,
    params: FileIdParamsSchema,
    handler: async ({ params }) => {
      const found = FileIdSchema.safeParse(params.id).success ? await openStoredFile(params.id) : null;
      if (!found) throw new AppError('not_found', { message: 'ファイルが見つかりませんでした。' });
      const headers: Record<string, string> = {
        'Content-Type': found.file.contentType,
        'Content-Disposition': contentDisposition(found.file.fileName, 'inline'),
        'Cache-Control': 'public, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      };
      if (found.object.size !== null) headers['Content-Length'] = String(found.object.size);
      return new Response(found.object.body, { headers });
    },
  }),
});
